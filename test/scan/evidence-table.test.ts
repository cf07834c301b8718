// Evidence tables for the header, cookie and redirect checks: each row is hand-made evidence (what the collector
// would have gathered), the check that judges it, and the exact status, message id and evidence expected.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cookieCheck } from '../../src/scan/checks/content.ts';
import { hstsCheck, http3Check, httpRedirectCheck, isolationCheck, parseAltSvc, parsePermissionsPolicy, permissionsCheck, referrerCheck } from '../../src/scan/checks/http.ts';
import type { Check } from '../../src/scan/checks/check.ts';
import { keyCheck, trustCheck } from '../../src/scan/checks/tls.ts';
import { mtaStsCheck, parseTlsRpt, tlsRptCheck } from '../../src/scan/checks/dns.ts';
import { ctCheck, ipv6Check, keyExchangeCheck, ocspStaplingCheck, postQuantumCheck } from '../../src/scan/checks/handshake.ts';
import type { CipherEvidence, TlsInfo } from '../../src/scan/evidence.ts';
import type { CertInfo } from '../../src/scan/evidence.ts';
import type { Evidence, Hop, Page, Probe } from '../../src/scan/evidence.ts';

const D = 'site.example-shop.com';

export function page(url: string, headers: Record<string, string | string[]> = {}, chain?: Hop[], body = '<!doctype html><html></html>'): Page {
  const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v : [v]]));
  const cookies = h['set-cookie'];
  return { url, status: 200, headers: h, body, head: '', chain: chain ?? [{ url, status: 200, ...(cookies ? { setCookie: cookies } : {}) }] };
}

const down: Probe<Page> = { ok: false, error: 'ECONNREFUSED' };

/** Evidence with the given home pages; everything else failed to collect (no check here reads it). */
export function evidence(https: Probe<Page> | Page, http: Probe<Page> | Page = down): Evidence {
  const p = (x: Probe<Page> | Page): Probe<Page> => ('ok' in x ? x : { ok: true, value: x });
  const no = { ok: false as const, error: 'not collected' };
  return {
    domain: D, at: 0, https: p(https), http: p(http), cors: no, corsOrigin: 'https://o.example', securityTxt: no, tls: no,
    tlsVersions: { TLSv1: no, 'TLSv1.1': no, 'TLSv1.2': no, 'TLSv1.3': no },
    dns: { a: no, aaaa: no, caa: no, mx: no, txt: no, dmarc: no, mtaStsTxt: no, dnssec: no },
    notFound: no, exposure: [], exposedFileFindings: [],
  };
}

type Row = [string, Check, Evidence, string, string | undefined, string | RegExp];

function table(rows: Row[]): void {
  for (const [name, check, e, status, messageId, text] of rows) {
    it(`${check.id}: ${name}`, () => {
      const out = check.run(e);
      assert.equal(out.status, status, out.evidence);
      assert.equal(out.messageId, messageId);
      if (typeof text === 'string') assert.equal(out.evidence, text);
      else assert.match(out.evidence, text);
    });
  }
}

const home = `https://${D}/`;
const hop = (url: string, status = 301, location?: string, setCookie?: string[]): Hop => ({ url, status, ...(location ? { location } : {}), ...(setCookie ? { setCookie } : {}) });
const viaHttp = (...hops: Hop[]) => page(hops.at(-1)!.url, {}, hops);

describe('redirect checks', () => {
  table([
    ['http → https same host', httpRedirectCheck, evidence(page(home), viaHttp(hop(`http://${D}/`, 301, home), hop(home, 200))), 'pass', undefined, `301 http://${D}/ → 200 ${home}`],
    ['first redirect to another host (Observatory redirection-off-host-from-http)', httpRedirectCheck,
      evidence(page(home), viaHttp(hop(`http://${D}/`, 301, `https://www.${D}/`), hop(`https://www.${D}/`, 200))), 'warn', 'off-host', /first redirect leaves the host$/],
    ['http → http → https (redirection-not-to-https-on-initial-redirection)', httpRedirectCheck,
      evidence(page(home), viaHttp(hop(`http://${D}/`, 301, `http://www.${D}/`), hop(`http://www.${D}/`, 301, `https://www.${D}/`), hop(`https://www.${D}/`, 200))), 'warn', 'initial', /stays on plain HTTP$/],
    ['http serves the page (redirection-missing)', httpRedirectCheck, evidence(page(home), viaHttp(hop(`http://${D}/`, 200))), 'fail', undefined, `200 http://${D}/`],
    ['no plain-HTTP service', httpRedirectCheck, evidence(page(home)), 'not-applicable', undefined, 'no plain-HTTP service: ECONNREFUSED'],
  ]);
});

describe('cookie checks (every hop, HTTPS and HTTP)', () => {
  const secure = '__Host-sid=v; Path=/; Secure; HttpOnly; SameSite=Lax';
  table([
    ['hardened session cookie', cookieCheck, evidence(page(home, { 'set-cookie': secure })), 'pass', undefined, '1 cookie(s), all Secure with SameSite'],
    ['plain cookie without SameSite: Lax by default, not charged', cookieCheck, evidence(page(home, { 'set-cookie': 'theme=dark; Secure' })), 'pass', undefined, '1 cookie(s), all Secure (some without SameSite: Lax by default)'],
    ['session cookie without SameSite', cookieCheck, evidence(page(home, { 'set-cookie': 'sessionid=v; Secure; HttpOnly' })), 'warn', 'hardening', 'sessionid: no SameSite'],
    ['session cookie without HttpOnly', cookieCheck, evidence(page(home, { 'set-cookie': 'sessionid=v; Secure; SameSite=Lax' })), 'fail', undefined, 'sessionid: no HttpOnly'],
    ['anti-CSRF cookie without SameSite (cookies-anticsrf-without-samesite-flag)', cookieCheck, evidence(page(home, { 'set-cookie': 'csrftoken=v; Secure' })), 'fail', undefined, 'csrftoken: anti-CSRF cookie without SameSite'],
    ['invalid SameSite (cookies-samesite-flag-invalid)', cookieCheck, evidence(page(home, { 'set-cookie': 'a=v; Secure; SameSite=Loose' })), 'fail', undefined, 'a: invalid SameSite=loose'],
    ['SameSite=None without Secure', cookieCheck, evidence(page(home, { 'set-cookie': 'a=v; SameSite=None' })), 'fail', undefined, 'a: no Secure, SameSite=None without Secure'],
    ['__Host- prefix with a Domain', cookieCheck, evidence(page(home, { 'set-cookie': '__Host-a=v; Secure; Path=/; Domain=example-shop.com; SameSite=Lax' })), 'fail', undefined, '__Host-a: __Host- prefix needs Secure, Path=/ and no Domain'],
    ['__Secure- prefix without Secure', cookieCheck, evidence(page(home, { 'set-cookie': '__Secure-a=v; SameSite=Lax' })), 'fail', undefined, '__Secure-a: no Secure, __Secure- prefix needs Secure'],
    ['cookie set by the HTTP-only site', cookieCheck, evidence(down, page(`http://${D}/`, { 'set-cookie': 'sessionid=v; HttpOnly; SameSite=Lax' })), 'fail', undefined, 'sessionid: no Secure'],
    ['cookie set on the HTTP redirect', cookieCheck, evidence(page(home), viaHttp(hop(`http://${D}/`, 301, home, ['tracker=v; Path=/']), hop(home, 200))), 'fail', undefined, 'tracker: no Secure'],
    ['the last Set-Cookie of a name wins', cookieCheck, evidence(page(home, {}, [hop(home, 302, '/a', ['a=1']), hop(`${home}a`, 200, undefined, ['a=2; Secure'])])), 'pass', undefined, '1 cookie(s), all Secure (some without SameSite: Lax by default)'],
    ['no cookies', cookieCheck, evidence(page(home)), 'not-applicable', undefined, 'no cookies set on the home pages or their redirects'],
  ]);
});

describe('header checks', () => {
  const h = (headers: Record<string, string>) => evidence(page(home, headers));
  const HSTS = 'max-age=63072000; includeSubDomains';
  const NOW = Date.UTC(2026, 10, 26);
  const hsts = h({ 'strict-transport-security': HSTS });
  /** The evidence with the domain's certificate: valid for a year around NOW unless `cert` says otherwise; a trust
   * error makes the chain untrusted. */
  const withCert = (e: Evidence, cert: Partial<CertInfo>, trustError?: string): Evidence => {
    const certificate: CertInfo = { subject: `CN=${D}`, issuer: 'CN=ca', subjectAltName: `DNS:${D}`, validFrom: NOW - 180 * 86_400_000, validTo: NOW + 180 * 86_400_000, keyType: 'ec', signatureAlgorithm: 'ecdsa-with-SHA256', hostnameMatches: true, ...cert };
    return { ...e, at: NOW, tls: { ok: true, value: { protocol: 'TLSv1.3', trusted: trustError === undefined, asDefaultClient: true, certificate, ...(trustError ? { trustError } : {}) } } };
  };
  table([
    ['HSTS two years', hstsCheck, h({ 'strict-transport-security': 'max-age=63072000; includeSubDomains; preload' }), 'pass', undefined, 'max-age=63072000; includeSubDomains; preload (includeSubDomains, preload)'],
    ['HSTS one year without includeSubDomains: noted, not charged', hstsCheck, h({ 'strict-transport-security': 'max-age=31536000' }), 'pass', undefined, 'max-age=31536000 (no includeSubDomains, no preload)'],
    ['HSTS under 180 days', hstsCheck, h({ 'strict-transport-security': 'max-age=86400' }), 'warn', 'weak', 'max-age=86400 — max-age 86400 is under 180 days'],
    ['HSTS max-age=0', hstsCheck, h({ 'strict-transport-security': 'max-age=0' }), 'fail', 'weak', 'max-age=0 — no usable max-age'],
    ['no HSTS on an HTTP-only site', hstsCheck, evidence(down, page(`http://${D}/`)), 'fail', undefined, 'no Strict-Transport-Security header on the HTTPS page'],
    ['HSTS over an expired certificate is ignored (hsts-invalid-cert)', hstsCheck, withCert(hsts, { validTo: NOW - 1 }), 'fail', 'ignored', `${HSTS} — ignored: the certificate has expired`],
    ['HSTS over a certificate not yet valid is ignored', hstsCheck, withCert(hsts, { validFrom: NOW + 1 }), 'fail', 'ignored', `${HSTS} — ignored: the certificate is not valid yet`],
    ['HSTS over a certificate for another name is ignored', hstsCheck, withCert(hsts, { hostnameMatches: false }), 'fail', 'ignored', `${HSTS} — ignored: the certificate is for another name`],
    ['HSTS over an incomplete chain is ignored', hstsCheck, withCert(hsts, {}, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'), 'fail', 'ignored', `${HSTS} — ignored: the certificate is not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE)`],
    ['HSTS over a valid certificate', hstsCheck, withCert(hsts, {}), 'pass', undefined, `${HSTS} (includeSubDomains, no preload)`],
    ['HSTS on www. is judged without the apex certificate', hstsCheck, { ...withCert(hsts, { hostnameMatches: false }), https: { ok: true, value: page(`https://www.${D}/`, { 'strict-transport-security': HSTS }) } }, 'pass', undefined, `${HSTS} (includeSubDomains, no preload)`],
    ['Referrer-Policy missing is information', referrerCheck, h({}), 'info', 'missing', 'header missing (browser default strict-origin-when-cross-origin)'],
    ['Referrer-Policy unsafe-url', referrerCheck, h({ 'referrer-policy': 'unsafe-url' }), 'fail', undefined, 'unsafe-url'],
    ['Permissions-Policy missing is information', permissionsCheck, h({}), 'info', undefined, 'header missing'],
    ['Permissions-Policy restricting features', permissionsCheck, h({ 'permissions-policy': 'camera=(), geolocation=(self "https://maps.example")' }), 'pass', undefined, '2 feature(s) restricted: camera=(), geolocation=(self "https://maps.example")'],
    ['Permissions-Policy camera for every origin', permissionsCheck, h({ 'permissions-policy': 'camera=*, fullscreen=*' }), 'warn', 'open', 'camera=*, fullscreen=* — camera allowed to every origin'],
    ['Permissions-Policy in Feature-Policy syntax', permissionsCheck, h({ 'permissions-policy': "camera 'none'" }), 'warn', 'invalid', `camera 'none' — "camera 'none'" is not feature=(allowlist)`],
    ['no COOP/CORP/COEP is information', isolationCheck, h({}), 'info', undefined, 'COOP=-, CORP=-, COEP=-'],
    ['COOP same-origin', isolationCheck, h({ 'cross-origin-opener-policy': 'same-origin' }), 'pass', undefined, 'COOP=same-origin, CORP=-, COEP=-'],
    ['cross-origin isolated', isolationCheck, h({ 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }), 'pass', undefined, 'COOP=same-origin, CORP=-, COEP=require-corp (cross-origin isolated)'],
    ['HTTP/3 advertised', http3Check, h({ 'alt-svc': 'h3=":443"; ma=86400, h2=":443"' }), 'pass', undefined, 'HTTP/3 advertised: h3=":443" ma=86400'],
    ['no Alt-Svc is information', http3Check, h({}), 'info', undefined, 'no Alt-Svc header: HTTP/3 not advertised'],
    ['Alt-Svc: clear', http3Check, h({ 'alt-svc': 'clear' }), 'info', undefined, 'Alt-Svc without h3: clear'],
    ['no HTTP/3 judgement without HTTPS', http3Check, evidence(down, page(`http://${D}/`)), 'not-applicable', undefined, 'no HTTPS page to judge'],
    ['invalid CORP (corp-header-invalid)', isolationCheck, h({ 'cross-origin-resource-policy': 'same' }), 'warn', 'invalid', 'COOP=-, CORP=same, COEP=- — cross-origin-resource-policy value not recognised'],
  ]);
  it('parses Alt-Svc', () => {
    assert.deepEqual(parseAltSvc('h3-29=":8443"; ma=60; persist=1, h3="alt.example:443"'), [
      { protocol: 'h3-29', authority: ':8443', maxAge: 60 }, { protocol: 'h3', authority: 'alt.example:443' },
    ]);
  });
  it('parses Permissions-Policy allowlists', () => {
    const p = parsePermissionsPolicy('geolocation=(self "https://a.example"), camera=(), fullscreen=*');
    assert.ok(p.ok);
    assert.deepEqual([...p.features], [['geolocation', ['self', '"https://a.example"']], ['camera', []], ['fullscreen', ['*']]]);
  });
});

describe('certificate key strength (NIST SP 800-57 security bits)', () => {
  const withKey = (key: Partial<CertInfo>): Evidence => {
    const e = evidence(page(home));
    const certificate: CertInfo = { subject: 'CN=x', issuer: 'CN=ca', subjectAltName: '', validFrom: 0, validTo: 1, keyType: 'ec', signatureAlgorithm: 'ecdsa-with-SHA256', hostnameMatches: true, ...key };
    return { ...e, tls: { ok: true, value: { protocol: 'TLSv1.3', trusted: true, asDefaultClient: true, certificate } } };
  };
  const rows: [string, Partial<CertInfo>, string, string | undefined, string, string | undefined][] = [
    ['RSA-2048', { keyType: 'rsa', rsaBits: 2048 }, 'pass', undefined, 'RSA 2048 bits (112-bit security)', undefined],
    ['RSA-1024: weak', { keyType: 'rsa', rsaBits: 1024 }, 'fail', undefined, 'RSA 1024 bits (80-bit security)', 'medium'],
    ['RSA-512: broken', { keyType: 'rsa', rsaBits: 512 }, 'fail', undefined, 'RSA 512 bits (56-bit security)', 'high'],
    ['P-256', { curve: 'prime256v1' }, 'pass', undefined, 'EC prime256v1 (128-bit security)', undefined],
    ['P-224: the 112-bit floor', { curve: 'secp224r1' }, 'pass', undefined, 'EC secp224r1 (112-bit security)', undefined],
    ['P-192: weak', { curve: 'prime192v1' }, 'fail', 'key', 'EC prime192v1 (96-bit security)', 'medium'],
    ['DSA-1024', { keyType: 'dsa', dsaBits: 1024 }, 'fail', 'key', 'DSA 1024 bits (80-bit security)', 'medium'],
    ['Ed25519', { keyType: 'ed25519' }, 'pass', undefined, 'Ed25519 (128-bit security)', undefined],
  ];
  for (const [name, key, status, messageId, text, severity] of rows) {
    it(name, () => {
      const out = keyCheck.run(withKey(key));
      assert.deepEqual([out.status, out.messageId, out.evidence, out.severity], [status, messageId, text, severity]);
    });
  }
});

describe('mail checks: MTA-STS (RFC 8461) and TLS-RPT (RFC 8460)', () => {
  const ok = <T>(value: T) => ({ ok: true as const, value });
  const policyPage = (body: string, chain?: Hop[]) => page(`https://mta-sts.${D}/.well-known/mta-sts.txt`, { 'content-type': 'text/plain' }, chain, body);
  const GOOD_POLICY = `version: STSv1\nmode: enforce\nmx: mx.${D}\nmax_age: 604800\n`;
  const mail = (txt: string[], policy?: Page, tlsRpt: string[] = []): Evidence => {
    const e = evidence(page(home));
    return { ...e, dns: { ...e.dns, mx: ok([{ priority: 10, exchange: `mx.${D}` }]), mtaStsTxt: ok(txt), tlsRpt: ok(tlsRpt), ...(policy ? { mtaStsPolicy: ok(policy) } : {}) } };
  };
  table([
    ['enforced policy covering the MX', mtaStsCheck, mail(['v=STSv1; id=20260101'], policyPage(GOOD_POLICY)), 'pass', undefined, `mode enforce, mx mx.${D}, max_age 604800`],
    ['two STS records', mtaStsCheck, mail(['v=STSv1; id=1', 'v=STSv1; id=2'], policyPage(GOOD_POLICY)), 'fail', 'broken', 'v=STSv1; id=1; 2 v=STSv1 records (senders then use none)'],
    ['an id with punctuation', mtaStsCheck, mail(['v=STSv1; id=2026-01-01'], policyPage(GOOD_POLICY)), 'fail', 'broken', 'v=STSv1; id=2026-01-01; the TXT record has no valid id (1–32 letters or digits)'],
    ['the policy URL redirects', mtaStsCheck, mail(['v=STSv1; id=1'], policyPage(GOOD_POLICY, [hop(`https://mta-sts.${D}/.well-known/mta-sts.txt`, 301, 'https://policies.example/x'), hop('https://policies.example/x', 200)])), 'fail', 'broken', /the policy URL redirects \(301 to https:\/\/policies\.example\/x\); senders do not follow redirects$/],
    ['max_age over a year', mtaStsCheck, mail(['v=STSv1; id=1'], policyPage(GOOD_POLICY.replace('604800', '40000000'))), 'fail', 'broken', /max_age 40000000 is over the RFC's limit of 31557600 seconds$/],
    ['MX not covered', mtaStsCheck, mail(['v=STSv1; id=1'], policyPage(GOOD_POLICY.replace(`mx.${D}`, '*.other.example'))), 'fail', 'broken', new RegExp(`MX mx\\.${D.replace(/\./g, '\\.')} not covered by the policy$`)],
    ['testing mode', mtaStsCheck, mail(['v=STSv1; id=1'], policyPage(GOOD_POLICY.replace('enforce', 'testing'))), 'warn', 'testing', `mode testing, mx mx.${D}, max_age 604800`],
    ['TLS-RPT with mailto and https', tlsRptCheck, mail([], undefined, ['v=TLSRPTv1; rua=mailto:tls@example-shop.com,https://r.example-shop.com/tls']), 'pass', undefined, 'reports to mailto:tls@example-shop.com, https://r.example-shop.com/tls'],
    ['no TLS-RPT', tlsRptCheck, mail([], undefined, ['v=spf1 -all']), 'warn', undefined, 'no v=TLSRPTv1 record'],
    ['TLS-RPT without rua', tlsRptCheck, mail([], undefined, ['v=TLSRPTv1;']), 'fail', 'invalid', 'v=TLSRPTv1;'],
    ['TLS-RPT with an http: rua', tlsRptCheck, mail([], undefined, ['v=TLSRPTv1; rua=http://r.example-shop.com/']), 'fail', 'invalid', 'v=TLSRPTv1; rua=http://r.example-shop.com/'],
  ]);
  it('reads TLS-RPT problems', () => {
    assert.deepEqual(parseTlsRpt('v=TLSRPTv1; rua=ftp://x'), { ok: false, problem: 'rua ftp://x is neither mailto: nor https:' });
    assert.deepEqual(parseTlsRpt('v=TLSRPTv1;rua=mailto:a@b.c'), { ok: true, rua: ['mailto:a@b.c'] });
  });
});

describe('certificate trust: why the chain fails', () => {
  const withTrust = (trusted: boolean, trustError?: string): Evidence => {
    const certificate: CertInfo = { subject: 'CN=x', issuer: 'CN=Intermediate', subjectAltName: '', validFrom: 0, validTo: 1, keyType: 'ec', signatureAlgorithm: 'ecdsa-with-SHA256', hostnameMatches: true };
    return { ...evidence(page(home)), tls: { ok: true, value: { protocol: 'TLSv1.3', trusted, asDefaultClient: true, certificate, ...(trustError ? { trustError } : {}) } } };
  };
  const rows: [string, Evidence, string, string | undefined, string][] = [
    ['trusted', withTrust(true), 'pass', undefined, 'issuer CN=Intermediate'],
    ['intermediate not sent', withTrust(false, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'), 'fail', 'chain', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE (incomplete chain or unknown issuer); issuer CN=Intermediate'],
    ['unknown issuer', withTrust(false, 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'), 'fail', 'chain', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY (incomplete chain or unknown issuer); issuer CN=Intermediate'],
    ['self-signed', withTrust(false, 'DEPTH_ZERO_SELF_SIGNED_CERT'), 'fail', 'self', 'DEPTH_ZERO_SELF_SIGNED_CERT (self-signed); issuer CN=Intermediate'],
    ['expired is the expiry check\'s', withTrust(false, 'CERT_HAS_EXPIRED'), 'pass', undefined, 'issuer CN=Intermediate'],
  ];
  for (const [name, e, status, messageId, text] of rows) {
    it(name, () => {
      const out = trustCheck.run(e);
      assert.deepEqual([out.status, out.messageId, out.evidence], [status, messageId, text]);
    });
  }
});

describe('handshake facts: key exchange, post-quantum, OCSP stapling, CT (scan-2026-11.3)', () => {
  const DAYS = 86_400_000;
  const cert = (embeddedScts?: number, days = 90): CertInfo => ({
    subject: 'CN=x', issuer: 'CN=I', subjectAltName: '', validFrom: 0, validTo: days * DAYS, keyType: 'ec', signatureAlgorithm: 'ecdsa-with-SHA256', hostnameMatches: true,
    ...(embeddedScts !== undefined ? { embeddedScts } : {}),
  });
  const withTls = (extra: Partial<TlsInfo>, accepted?: CipherEvidence['accepted']): Evidence => ({
    ...evidence(page(home)),
    tls: { ok: true, value: { protocol: 'TLSv1.3', trusted: true, asDefaultClient: true, ...extra } },
    ...(accepted ? { ciphers: { ok: true, value: { accepted, handshakes: 5 } } } : {}),
  });
  table([
    ['X25519 at TLS 1.3, P-256 at TLS 1.2', keyExchangeCheck, withTls({ keyExchange: { type: 'ECDH', name: 'X25519', size: 253 } }, { fsAead: { suite: 0xc02f, version: 0x0303, group: 0x0017 } }), 'pass', undefined, 'X25519 (253 bits), P-256 (256 bits)'],
    ['post-quantum hybrid at TLS 1.3', keyExchangeCheck, withTls({ keyExchange: { type: 'TLSGroup', name: 'X25519MLKEM768' } }), 'pass', undefined, 'X25519MLKEM768'],
    ['DHE with a 1024-bit prime (Logjam)', keyExchangeCheck, withTls({ keyExchange: { type: 'ECDH', name: 'X25519', size: 253 } }, { fsCbc: { suite: 0x0033, version: 0x0303, dhBits: 1024 } }), 'fail', undefined, 'X25519 (253 bits), DH-1024; under 2048-bit DH or 224-bit curves: DH-1024'],
    ['ECDHE preferred, 1024-bit DHE seen by the DHE-alone ClientHello', keyExchangeCheck, { ...withTls({ keyExchange: { type: 'ECDH', name: 'X25519', size: 253 } }), ciphers: { ok: true, value: { accepted: { fsAead: { suite: 0xc02f, version: 0x0303, group: 0x001d } }, dhe: { suite: 0x009e, version: 0x0303, dhBits: 1024 }, handshakes: 6 } } }, 'fail', undefined, 'X25519 (253 bits), DH-1024; under 2048-bit DH or 224-bit curves: DH-1024'],
    ['DHE at 2048 bits', keyExchangeCheck, withTls({ keyExchange: { type: 'DH', size: 2048 }, protocol: 'TLSv1.2' }), 'pass', undefined, 'DH-2048'],
    ['a 192-bit curve', keyExchangeCheck, withTls({ keyExchange: { type: 'ECDH', name: 'prime192v1', size: 192 }, protocol: 'TLSv1.2' }), 'fail', undefined, 'prime192v1 (192 bits); under 2048-bit DH or 224-bit curves: prime192v1'],
    ['static RSA only', keyExchangeCheck, withTls({}, { rsaAead: { suite: 0x009c, version: 0x0303 } }), 'not-applicable', undefined, 'no ephemeral key exchange seen (static RSA only)'],
    ['no handshake', keyExchangeCheck, evidence(page(home)), 'error', undefined, 'no TLS handshake: not collected'],
    ['hybrid negotiated', postQuantumCheck, withTls({ keyExchange: { type: 'TLSGroup', name: 'X25519MLKEM768' } }), 'pass', undefined, 'X25519MLKEM768 negotiated with a client offering it first'],
    ['classical group only: information', postQuantumCheck, withTls({ keyExchange: { type: 'ECDH', name: 'X25519', size: 253 } }), 'info', undefined, 'X25519 negotiated: no post-quantum hybrid (X25519MLKEM768) with a client offering one'],
    ['stapled', ocspStaplingCheck, withTls({ ocspStapled: true }), 'pass', undefined, 'an OCSP response is stapled to the handshake'],
    ['not stapled: information', ocspStaplingCheck, withTls({ ocspStapled: false }), 'info', undefined, 'no OCSP response stapled: clients that check revocation ask the CA themselves'],
    ['evidence from before 11.3', ocspStaplingCheck, withTls({}), 'error', undefined, 'the stapled OCSP response was not asked for'],
    ['two SCTs on a 90-day certificate', ctCheck, withTls({ certificate: cert(2) }), 'pass', undefined, '2 SCTs embedded in the certificate'],
    ['two SCTs on a 398-day certificate', ctCheck, withTls({ certificate: cert(2, 398) }), 'info', undefined, "2 SCTs embedded (Chrome's policy asks 3); SCTs sent in the TLS extension or the OCSP response are not seen"],
    ['none (a private CA)', ctCheck, withTls({ certificate: cert(0) }), 'info', undefined, "0 SCTs embedded (Chrome's policy asks 2); SCTs sent in the TLS extension or the OCSP response are not seen"],
  ]);
});

describe('IPv6 reachability (peer: internet.nl)', () => {
  const ok = <T>(value: T): Probe<T> => ({ ok: true, value });
  const v6 = (aaaa: Probe<string[]>, ipv6?: Evidence['ipv6']): Evidence => {
    const e = evidence(page(home));
    return { ...e, dns: { ...e.dns, aaaa }, ...(ipv6 ? { ipv6 } : {}) };
  };
  table([
    ['answers on its AAAA', ipv6Check, v6(ok(['2001:db8::1']), ok({ url: home, status: 200, address: '2001:db8::1' })), 'pass', undefined, `${home} answered 200 over IPv6 (2001:db8::1)`],
    ['AAAA pointing nowhere', ipv6Check, v6(ok(['2001:db8::1']), { ok: false, error: 'ECONNREFUSED' }), 'fail', undefined, 'AAAA 2001:db8::1: no answer over IPv6 (ECONNREFUSED)'],
    ['no AAAA: information', ipv6Check, v6(ok([]), { ok: false, error: 'x has no AAAA record' }), 'info', undefined, 'no AAAA record: the site is IPv4 only'],
    ['AAAA to a refused address', ipv6Check, v6(ok(['::1']), { ok: false, error: 'refused', refused: true }), 'error', undefined, 'IPv6 probe refused: refused'],
    ['lookup failed', ipv6Check, v6({ ok: false, error: 'SERVFAIL' }), 'error', undefined, 'AAAA lookup failed: SERVFAIL'],
  ]);
});
