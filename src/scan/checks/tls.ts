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
  messages: {
    default: 'The certificate is not trusted: {{error}}.',
    chain: 'The certificate chain is incomplete or its issuer unknown ({{error}}): serve the intermediate certificates with it.',
    self: 'The certificate is self-signed ({{error}}).',
  },
});

/** OpenSSL's verification errors that mean "the chain does not reach a root": an intermediate not sent, or an
 * issuer no client knows (testssl's chain of trust, SSL Labs' "incomplete chain"). */
const CHAIN_ERRORS = new Set(['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_GET_ISSUER_CERT']);
const SELF_SIGNED = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN']);

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
    const error = trustError ?? 'unverified';
    const messageId = CHAIN_ERRORS.has(error) ? 'chain' : SELF_SIGNED.has(error) ? 'self' : undefined;
    const kind = messageId === 'chain' ? ' (incomplete chain or unknown issuer)' : messageId === 'self' ? ' (self-signed)' : '';
    return outcome('fail', `${error}${kind}; ${issuer}`, { data: { error }, ...(messageId ? { messageId } : {}) });
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
  description: 'A key below 112 bits of security (RSA or DSA under 2048 bits, elliptic curves under 224 bits) can be broken with affordable resources; under 80 bits (RSA-1024 and below, curves under 160 bits) it is broken in practice.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-326'],
  references: [MOZ, 'https://cabforum.org/baseline-requirements/'],
  remediation: 'Issue the certificate for an RSA-2048+ or ECDSA P-256 key.',
  equivalents: [],
  messages: { default: 'The certificate has a {{bits}}-bit RSA key.', key: 'The certificate\'s key ({{key}}) gives {{security}} bits of security, under the 112 required.' },
});

/** Curve → security bits (half the group order's size), for the curves certificates use. */
const CURVE_SECURITY: Record<string, number> = {
  prime192v1: 96, secp192r1: 96, secp224r1: 112, prime256v1: 128, secp256r1: 128, secp256k1: 128, secp384r1: 192, secp521r1: 260,
  brainpoolP256r1: 128, brainpoolP384r1: 192, brainpoolP512r1: 256,
};

/** Security bits of an RSA/DSA modulus (NIST SP 800-57 Part 1, Table 2). */
function factoringSecurity(bits: number): number {
  return bits >= 15360 ? 256 : bits >= 7680 ? 192 : bits >= 3072 ? 128 : bits >= 2048 ? 112 : bits >= 1024 ? 80 : bits >= 512 ? 56 : 40;
}

/** The key's strength in bits of security, as NIST SP 800-57 counts it; undefined for a type not rated here. */
export function keySecurity(cert: Pick<CertInfo, 'keyType' | 'rsaBits' | 'dsaBits' | 'curve'>): { label: string; security: number | undefined } {
  if (cert.rsaBits !== undefined) return { label: `RSA ${cert.rsaBits} bits`, security: factoringSecurity(cert.rsaBits) };
  if (cert.dsaBits !== undefined) return { label: `DSA ${cert.dsaBits} bits`, security: factoringSecurity(cert.dsaBits) };
  if (cert.curve !== undefined) return { label: `EC ${cert.curve}`, security: CURVE_SECURITY[cert.curve] };
  if (cert.keyType === 'ed25519') return { label: 'Ed25519', security: 128 };
  if (cert.keyType === 'ed448') return { label: 'Ed448', security: 224 };
  return { label: cert.keyType, security: undefined };
}

export const keyCheck: Check = {
  id: keyRule.name,
  area: 'tls',
  title: 'Certificate key strength',
  rule: keyRule,
  run: (e) =>
    withCert(e, (cert) => {
      const { label, security } = keySecurity(cert);
      const evidence = `${label} (${security === undefined ? 'strength not rated' : `${security}-bit security`})`;
      if (security === undefined || security >= 112) return outcome('pass', evidence);
      // Under 80 bits the key is broken in practice (SSL Labs: F), not merely weak.
      const severity = security < 80 ? 'high' : 'medium';
      if (cert.rsaBits !== undefined) return outcome('fail', evidence, { data: { bits: cert.rsaBits }, severity });
      return outcome('fail', evidence, { messageId: 'key', data: { key: label, security }, severity });
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
