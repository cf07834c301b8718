// Checks over the TLS handshake and the certificate the site presents.
import type { CertInfo, Evidence } from '../evidence.ts';
import { TLS_VERSIONS } from '../evidence.ts';
import type { Check, Outcome } from './check.ts';
import { outcome, scanRule } from './check.ts';

const DAY = 86_400_000;
const MOZ = 'https://wiki.mozilla.org/Security/Server_Side_TLS';
/** Errors about validity dates, judged by the expiry check rather than the trust check. */
const DATE_ERRORS = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);

function withCert(e: Evidence, judge: (cert: CertInfo) => Outcome): Outcome {
  if (!e.tls.ok) return outcome('error', `no TLS handshake: ${e.tls.error}`);
  const cert = e.tls.value.certificate;
  return cert ? judge(cert) : outcome('error', 'the server presented no certificate');
}

const legacyRule = scanRule({
  id: 'CGS016',
  name: 'tls-legacy-protocols',
  title: 'Obsolete TLS versions accepted',
  description: 'TLS 1.0 and 1.1 are deprecated (RFC 8996): they rely on weak constructions and no current browser needs them.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-327'],
  references: ['https://www.rfc-editor.org/rfc/rfc8996', MOZ],
  remediation: 'Accept TLS 1.2 and 1.3 only.',
  equivalents: [],
  messages: { default: 'The server accepts {{versions}}.', modern: 'The server accepts neither TLS 1.2 nor TLS 1.3.' },
});

export const legacyTlsCheck: Check = {
  id: legacyRule.name,
  area: 'tls',
  title: 'TLS protocol versions',
  rule: legacyRule,
  run: (e) => {
    const probes = TLS_VERSIONS.map((v) => [v, e.tlsVersions[v]] as const);
    const failed = probes.filter(([, p]) => !p.ok);
    if (failed.length === probes.length) return outcome('error', `no version probe completed: ${failed.map(([v, p]) => `${v} ${p.ok ? '' : p.error}`).join('; ')}`);
    const accepted = probes.filter(([, p]) => p.ok && p.value).map(([v]) => v);
    const unknown = failed.length > 0 ? ` (undetermined: ${failed.map(([v]) => v).join(', ')})` : '';
    const evidence = `accepted: ${accepted.join(', ') || 'none'}${unknown}`;
    const legacy = accepted.filter((v) => v === 'TLSv1' || v === 'TLSv1.1');
    if (legacy.length > 0) return outcome('fail', evidence, { data: { versions: legacy.join(' and ') } });
    if (!accepted.includes('TLSv1.2') && !accepted.includes('TLSv1.3') && failed.length === 0) return outcome('fail', evidence, { messageId: 'modern' });
    return outcome('pass', evidence);
  },
};

const trustRule = scanRule({
  id: 'CGS017',
  name: 'tls-certificate-trust',
  title: 'Certificate not trusted',
  description: 'A certificate that does not chain to a trusted CA (self-signed, unknown issuer, incomplete chain), or that a default client refuses (a key or signature digest below OpenSSL\'s default security level, such as RSA-1024 or SHA-1), gets a browser warning, and users learn to click through it.',
  severity: 'high',
  category: 'security',
  cwe: ['CWE-295'],
  references: [MOZ],
  remediation: 'Use a certificate from a publicly trusted CA, for an RSA-2048+ or ECDSA key with a SHA-256 (or stronger) signature, and serve the full intermediate chain.',
  equivalents: [],
  messages: { default: 'The certificate is not trusted: {{error}}.' },
});

export const trustCheck: Check = {
  id: trustRule.name,
  area: 'tls',
  title: 'Certificate chain trusted',
  rule: trustRule,
  run: (e) => {
    if (!e.tls.ok) return outcome('error', `no TLS handshake: ${e.tls.error}`);
    const { trusted, trustError, certificate, asDefaultClient } = e.tls.value;
    const judged = asDefaultClient ? '' : ' (judged at the lowest security level: a default client completes no handshake)';
    const issuer = `${certificate ? `issuer ${certificate.issuer}` : 'no certificate'}${judged}`;
    // Node checks the host name only after the chain verified; a name error therefore means a trusted chain.
    if (trusted || trustError === 'ERR_TLS_CERT_ALTNAME_INVALID' || DATE_ERRORS.has(trustError ?? '')) return outcome('pass', issuer);
    return outcome('fail', `${trustError ?? 'unverified'}; ${issuer}`, { data: { error: trustError ?? 'unverified' } });
  },
};

const hostnameRule = scanRule({
  id: 'CGS018',
  name: 'tls-hostname-mismatch',
  title: 'Certificate does not match the domain',
  description: 'A certificate issued for other names than the one visited is rejected by browsers.',
  severity: 'high',
  category: 'security',
  cwe: ['CWE-297'],
  references: ['https://www.rfc-editor.org/rfc/rfc6125'],
  remediation: 'Include the domain in the certificate\'s subjectAltName.',
  equivalents: [],
  messages: { default: 'The certificate is for {{names}}, not {{domain}}.' },
});

export const hostnameCheck: Check = {
  id: hostnameRule.name,
  area: 'tls',
  title: 'Certificate matches the domain',
  rule: hostnameRule,
  run: (e) =>
    withCert(e, (cert) =>
      cert.hostnameMatches
        ? outcome('pass', cert.subjectAltName || cert.subject)
        : outcome('fail', cert.subjectAltName || cert.subject, { data: { names: cert.subjectAltName || cert.subject, domain: e.domain } })),
};

const expiryRule = scanRule({
  id: 'CGS019',
  name: 'tls-certificate-expiry',
  title: 'Certificate expired or expiring soon',
  description: 'An expired certificate breaks the site for every visitor; one expiring within 30 days is one missed renewal away from it.',
  severity: 'high',
  category: 'reliability',
  references: [MOZ],
  remediation: 'Renew the certificate, and automate renewal (ACME).',
  equivalents: [],
  messages: { default: 'The certificate expired on {{date}}.', soon: 'The certificate expires on {{date}}, in {{days}} days.', early: 'The certificate is not valid before {{date}}.' },
});

export const expiryCheck: Check = {
  id: expiryRule.name,
  area: 'tls',
  title: 'Certificate validity period',
  rule: expiryRule,
  run: (e) =>
    withCert(e, (cert) => {
      const date = new Date(cert.validTo).toISOString();
      const days = Math.floor((cert.validTo - e.at) / DAY);
      if (cert.validFrom > e.at) return outcome('fail', `not valid before ${new Date(cert.validFrom).toISOString()}`, { messageId: 'early', data: { date: new Date(cert.validFrom).toISOString() } });
      if (cert.validTo < e.at) return outcome('fail', `expired ${date}`, { data: { date } });
      if (days < 30) return outcome('warn', `expires ${date} (${days} days)`, { messageId: 'soon', data: { date, days }, severity: 'medium' });
      return outcome('pass', `valid until ${date} (${days} days)`);
    }),
};

const keyRule = scanRule({
  id: 'CGS020',
  name: 'tls-weak-key',
  title: 'Weak certificate key',
  description: 'RSA keys shorter than 2048 bits can be factored with affordable resources.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-326'],
  references: [MOZ, 'https://cabforum.org/baseline-requirements/'],
  remediation: 'Issue the certificate for an RSA-2048+ or ECDSA P-256 key.',
  equivalents: [],
  messages: { default: 'The certificate has a {{bits}}-bit RSA key.' },
});

export const keyCheck: Check = {
  id: keyRule.name,
  area: 'tls',
  title: 'Certificate key strength',
  rule: keyRule,
  run: (e) =>
    withCert(e, (cert) => {
      if (cert.rsaBits !== undefined && cert.rsaBits < 2048) return outcome('fail', `RSA ${cert.rsaBits} bits`, { data: { bits: cert.rsaBits } });
      return outcome('pass', cert.rsaBits !== undefined ? `RSA ${cert.rsaBits} bits` : cert.keyType);
    }),
};

const signatureRule = scanRule({
  id: 'CGS021',
  name: 'tls-weak-signature',
  title: 'Certificate signed with a broken hash',
  description: 'SHA-1 and MD5 signatures can be forged (chosen-prefix collisions); browsers reject them.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-328'],
  references: ['https://shattered.io/', MOZ],
  remediation: 'Reissue the certificate with a SHA-256 (or stronger) signature.',
  equivalents: [],
  messages: { default: 'The certificate is signed with {{algorithm}}.' },
});

export const signatureCheck: Check = {
  id: signatureRule.name,
  area: 'tls',
  title: 'Certificate signature algorithm',
  rule: signatureRule,
  run: (e) =>
    withCert(e, (cert) =>
      /sha1|md5|md2/i.test(cert.signatureAlgorithm.replace(/-/g, ''))
        ? outcome('fail', cert.signatureAlgorithm, { data: { algorithm: cert.signatureAlgorithm } })
        : outcome('pass', cert.signatureAlgorithm)),
};
