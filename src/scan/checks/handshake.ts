// Checks over what the handshakes showed besides versions and suites: the key-exchange group, post-quantum
// hybrids, OCSP stapling and Certificate Transparency; and whether the site answers over IPv6.
import type { Evidence } from '../evidence.ts';
import type { Check } from './check.ts';
import { outcome, scanRule } from './check.ts';

const SSLLABS = 'https://github.com/ssllabs/research/wiki/SSL-Server-Rating-Guide';

/** TLS named groups (IANA) the ClientHello probes may see chosen, with their security in bits of EC key size. */
const GROUP_NAMES: Record<number, { name: string; bits: number; ffdhe?: boolean }> = {
  0x0017: { name: 'P-256', bits: 256 }, 0x0018: { name: 'P-384', bits: 384 }, 0x0019: { name: 'P-521', bits: 521 },
  0x001d: { name: 'X25519', bits: 253 }, 0x001e: { name: 'X448', bits: 448 },
  0x0100: { name: 'ffdhe2048', bits: 2048, ffdhe: true }, 0x0101: { name: 'ffdhe3072', bits: 3072, ffdhe: true },
};

/** Curves under 224 bits and finite-field groups under 2048 bits (NIST SP 800-57: under 112-bit security). */
const MIN_EC_BITS = 224;
const MIN_DH_BITS = 2048;

interface Exchange {
  where: string;
  kind: 'ECDH' | 'DH' | 'hybrid';
  name: string;
  bits?: number;
}

function exchanges(e: Evidence): Exchange[] {
  const out: Exchange[] = [];
  if (e.tls.ok && e.tls.value.keyExchange) {
    const k = e.tls.value.keyExchange;
    const where = e.tls.value.protocol ?? 'handshake';
    if (k.type === 'DH') out.push({ where, kind: 'DH', name: `DH-${k.size ?? '?'}`, ...(k.size !== undefined ? { bits: k.size } : {}) });
    else if (k.type === 'ECDH') out.push({ where, kind: 'ECDH', name: k.name ?? 'ECDH', ...(k.size !== undefined ? { bits: k.size } : {}) });
    else out.push({ where, kind: 'hybrid', name: k.name ?? k.type });
  }
  if (e.ciphers?.ok) {
    const d = e.ciphers.value.dhe;
    if (d?.dhBits !== undefined) out.push({ where: 'TLS 1.2 DHE', kind: 'DH', name: `DH-${d.dhBits}`, bits: d.dhBits });
    for (const [cls, a] of Object.entries(e.ciphers.value.accepted)) {
      if (a.dhBits !== undefined) out.push({ where: `TLS 1.2 ${cls}`, kind: 'DH', name: `DH-${a.dhBits}`, bits: a.dhBits });
      else if (a.group !== undefined) {
        const g = GROUP_NAMES[a.group];
        out.push({ where: `TLS 1.2 ${cls}`, kind: g?.ffdhe ? 'DH' : 'ECDH', name: g?.name ?? `group 0x${a.group.toString(16)}`, ...(g ? { bits: g.bits } : {}) });
      }
    }
  }
  return out;
}

function isWeak(x: Exchange): boolean {
  if (x.bits === undefined) return false;
  return x.kind === 'DH' ? x.bits < MIN_DH_BITS : x.kind === 'ECDH' ? x.bits < MIN_EC_BITS : false;
}

const keyExchangeRule = scanRule({
  id: 'CGS037',
  name: 'tls-key-exchange-group',
  title: 'Weak key-exchange group',
  description: 'Ephemeral Diffie-Hellman under 2048 bits (Logjam: 1024-bit groups are within reach of a state) or an elliptic curve under 224 bits gives less than 112-bit security, whatever the certificate key.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-326'],
  references: ['https://weakdh.org/', SSLLABS, 'https://www.rfc-editor.org/rfc/rfc7919'],
  remediation: 'Prefer ECDHE (X25519, P-256) and drop DHE, or use 2048-bit or larger groups (RFC 7919 ffdhe2048+).',
  equivalents: ['testssl:LOGJAM', 'testssl:DH_groups'],
  messages: { default: 'The server negotiates {{groups}} for the key exchange.' },
});

export const keyExchangeCheck: Check = {
  id: keyExchangeRule.name,
  area: 'tls',
  title: 'Key-exchange group',
  rule: keyExchangeRule,
  run: (e) => {
    const seen = exchanges(e);
    if (seen.length === 0) {
      if (!e.tls.ok) return outcome('error', `no TLS handshake: ${e.tls.error}`);
      if (e.tls.value.keyExchange === undefined && e.ciphers === undefined) return outcome('error', 'the key exchange was not recorded');
      return outcome('not-applicable', 'no ephemeral key exchange seen (static RSA only)');
    }
    const names = [...new Set(seen.map((x) => `${x.name}${x.bits !== undefined && x.kind !== 'DH' ? ` (${x.bits} bits)` : ''}`))];
    const weak = [...new Set(seen.filter(isWeak).map((x) => x.name))];
    const evidence = `${names.join(', ')}`;
    if (weak.length > 0) return outcome('fail', `${evidence}; under ${MIN_DH_BITS}-bit DH or ${MIN_EC_BITS}-bit curves: ${weak.join(', ')}`, { data: { groups: weak.join(', ') } });
    return outcome('pass', evidence);
  },
};

/** The hybrid groups that pair a classical exchange with ML-KEM (or its draft, Kyber). */
const PQ_HYBRID = /MLKEM|KYBER/i;

export const postQuantumCheck: Check = {
  id: 'tls-post-quantum',
  area: 'tls',
  title: 'Post-quantum hybrid key exchange',
  run: (e) => {
    if (!e.tls.ok) return outcome('error', `no TLS handshake: ${e.tls.error}`);
    const k = e.tls.value.keyExchange;
    if (k === undefined) return outcome('error', 'the key exchange was not recorded');
    if (k.name !== undefined && PQ_HYBRID.test(k.name)) return outcome('pass', `${k.name} negotiated with a client offering it first`);
    return outcome('info', `${k.name ?? k.type} negotiated: no post-quantum hybrid (X25519MLKEM768) with a client offering one`);
  },
};

export const ocspStaplingCheck: Check = {
  id: 'tls-ocsp-stapling',
  area: 'tls',
  title: 'OCSP stapling',
  run: (e) => {
    if (!e.tls.ok) return outcome('error', `no TLS handshake: ${e.tls.error}`);
    if (e.tls.value.ocspStapled === undefined) return outcome('error', 'the stapled OCSP response was not asked for');
    return e.tls.value.ocspStapled
      ? outcome('pass', 'an OCSP response is stapled to the handshake')
      : outcome('info', 'no OCSP response stapled: clients that check revocation ask the CA themselves');
  },
};

/** Chrome's CT policy asks for 2 SCTs from distinct logs on a certificate of up to 180 days, 3 beyond. */
export const ctCheck: Check = {
  id: 'tls-certificate-transparency',
  area: 'tls',
  title: 'Certificate Transparency',
  run: (e) => {
    if (!e.tls.ok) return outcome('error', `no TLS handshake: ${e.tls.error}`);
    const cert = e.tls.value.certificate;
    if (cert === undefined) return outcome('error', 'the server presented no certificate');
    if (cert.embeddedScts === undefined) return outcome('error', 'SCTs were not read');
    const days = (cert.validTo - cert.validFrom) / 86_400_000;
    const needed = days <= 180 ? 2 : 3;
    if (cert.embeddedScts >= needed) return outcome('pass', `${cert.embeddedScts} SCTs embedded in the certificate`);
    return outcome('info', `${cert.embeddedScts} SCT${cert.embeddedScts === 1 ? '' : 's'} embedded (Chrome's policy asks ${needed}); SCTs sent in the TLS extension or the OCSP response are not seen`);
  },
};

const ipv6Rule = scanRule({
  id: 'CGS038',
  name: 'ipv6-reachability',
  title: 'Not reachable over IPv6',
  description: 'The name has AAAA records, but the site does not answer on them: IPv6-only and IPv6-preferring clients fail or wait for a fallback.',
  severity: 'low',
  category: 'reliability',
  cwe: [],
  references: ['https://internet.nl/faqs/ipv6/'],
  remediation: 'Serve the site on every address the AAAA records name, or remove the records that point nowhere.',
  equivalents: ['internet.nl:web-ipv6-ws-reach'],
  messages: { default: 'The site does not answer on its IPv6 address {{address}}.' },
});

export const ipv6Check: Check = {
  id: ipv6Rule.name,
  area: 'dns',
  title: 'IPv6 reachability',
  rule: ipv6Rule,
  run: (e) => {
    const aaaa = e.dns.aaaa;
    if (!aaaa.ok) return outcome('error', `AAAA lookup failed: ${aaaa.error}`);
    if (aaaa.value.length === 0) return outcome('info', 'no AAAA record: the site is IPv4 only');
    if (e.ipv6 === undefined) return outcome('error', 'IPv6 was not probed');
    if (e.ipv6.ok) return outcome('pass', `${e.ipv6.value.url} answered ${e.ipv6.value.status} over IPv6 (${e.ipv6.value.address})`);
    if (e.ipv6.refused) return outcome('error', `IPv6 probe refused: ${e.ipv6.error}`);
    const address = aaaa.value[0] ?? '';
    return outcome('fail', `AAAA ${aaaa.value.join(', ')}: no answer over IPv6 (${e.ipv6.error})`, { data: { address } });
  },
};
