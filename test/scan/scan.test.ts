// End-to-end scans of real loopback sites: DNS, HTTP(S) and TLS all real, only the addresses are local.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import type { Finding } from '../../src/core/types.ts';
import type { ScanOptions, ScanResult } from '../../src/scan/index.ts';
import { scanDomain, ScanInputError, ScanTargetRefusedError } from '../../src/scan/index.ts';
import type { DnsServer, Site, SiteOptions, TestCa } from '../support/local-sites/index.ts';
import { createTestCa, startCanary, startDnsServer, startSite, weakDhParams } from '../support/local-sites/index.ts';
import { createDnssecLab } from '../support/local-sites/dnssec-signer.ts';
import type { DnssecLab } from '../support/local-sites/dnssec-signer.ts';

const DAY = 86_400_000;
let ca: TestCa;
let dns: DnsServer;
let lab: DnssecLab;
const sites: Site[] = [];

const SECURE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'content-security-policy': "script-src 'nonce-abc123' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), geolocation=()',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'set-cookie': ['__Host-sid=s3cr3t-session-value; Path=/; Secure; HttpOnly; SameSite=Lax'],
};

/** Mozilla's "intermediate" TLS 1.2 list: ECDHE with AEAD only (Node's default list also has CBC suites). */
const INTERMEDIATE = 'ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305';

const SECURITY_TXT = { headers: { 'content-type': 'text/plain' }, body: `Contact: mailto:security@example-shop.com\nExpires: ${new Date(Date.now() + 180 * DAY).toISOString()}\n` };

const mail = (name: string) => ({
  MX: [{ priority: 10, exchange: `mx.${name}` }],
  TXT: ['v=spf1 mx -all'],
  CAA: [{ tag: 'issue', value: 'letsencrypt.org' }],
});

before(async () => {
  ca = await createTestCa();
  const local = { A: ['127.0.0.1'] };
  // A signed lab: its own root (the trust anchor the scans are given), com. signed with RSA/SHA-256,
  // example-shop.com. with ECDSA P-256; stale-shop.com.'s signatures expired.
  lab = createDnssecLab({ com: { algorithm: 8 }, 'example-shop.com': { algorithm: 13 }, 'stale-shop.com': { fault: 'expired' } });
  dns = await startDnsServer({
    'good.example-shop.com': { ...local, AAAA: ['::1'], ...mail('good.example-shop.com') },
    'stale-shop.com': local,
    '_dmarc.good.example-shop.com': { TXT: ['v=DMARC1; p=reject; rua=mailto:d@example-shop.com'] },
    '_mta-sts.good.example-shop.com': { TXT: ['v=STSv1; id=20260101'] },
    '_smtp._tls.good.example-shop.com': { TXT: ['v=TLSRPTv1; rua=mailto:tls-reports@example-shop.com'] },
    'mta-sts.good.example-shop.com': local,
    'bad.example-shop.com': { ...local, TXT: ['v=spf1 +all'], MX: [{ priority: 5, exchange: 'mail.bad.example-shop.com' }] },
    '_dmarc.bad.example-shop.com': { TXT: ['v=DMARC1; p=none'] },
    'expired.example-shop.com': local,
    'mismatch.example-shop.com': local,
    'selfsigned.example-shop.com': local,
    'weak.example-shop.com': local,
    'soft404.example-shop.com': local,
    'nohttps.example-shop.com': local,
    'ports.example-shop.com': local,
    'offhost.example-shop.com': local,
    'www.offhost.example-shop.com': local,
    'hops.example-shop.com': local,
    'ciphers.example-shop.com': local,
    'chain.example-shop.com': local,
    'v6gone.example-shop.com': { ...local, AAAA: ['::1'] },
    'dhe.example-shop.com': local,
    'v6canary.example-shop.com': { ...local, AAAA: ['::1'] },
  }, { dnssec: lab });
});

after(async () => {
  await Promise.all([...sites.map((s) => s.close()), dns.close()]);
});

async function site(o: SiteOptions): Promise<Site> {
  const s = await startSite(o);
  sites.push(s);
  return s;
}

function options(s: Pick<Site, 'httpPort' | 'httpsPort'>, extra: Partial<ScanOptions> = {}): ScanOptions {
  return { publicBaseUrl: 'https://confgate.test', dnsServers: [dns.server], allowedCidrs: ['127.0.0.1/32', '::1/128'], httpPort: s.httpPort, httpsPort: s.httpsPort, ca: ca.cert, timeoutMs: 3000, dnssecTrustAnchors: lab.trustAnchor, ...extra };
}

function check(r: ScanResult, id: string) {
  const c = r.checks.find((x) => x.id === id);
  assert.ok(c, `check ${id} present`);
  return c;
}

function statuses(r: ScanResult): Record<string, string> {
  return Object.fromEntries(r.checks.map((c) => [c.id, c.status]));
}

function assertRecomputable(r: ScanResult): void {
  assert.equal(r.score, 100 + r.checks.reduce((s, c) => s + c.points, 0), 'score = 100 + sum of check points');
  assert.equal(r.score, 100 + r.findings.reduce((s, f) => s + f.score_impact, 0), 'score = 100 + sum of finding impacts');
}

describe('scanDomain on local sites', () => {
  it('gives a well-configured site A+ with every check passing', async () => {
    const names = ['good.example-shop.com', 'mta-sts.good.example-shop.com'];
    const s = await site({
      // Issued by the intermediate, which the site sends; logged (3 SCTs for a 200-day certificate); OCSP stapled.
      certificate: await ca.issue({ names, intermediate: 'sent', scts: 3 }),
      ocspResponse: Buffer.from('a stapled OCSP response'),
      ipv6: true,
      ciphers: INTERMEDIATE,
      https: {
        '/': { headers: SECURE_HEADERS, body: '<!doctype html><html><script src="https://cdn.example-cdn.com/a.js" integrity="sha384-abc" crossorigin="anonymous"></script><img src="/logo.png"></html>' },
        '/.well-known/security.txt': SECURITY_TXT,
        'mta-sts.good.example-shop.com/.well-known/mta-sts.txt': { headers: { 'content-type': 'text/plain' }, body: 'version: STSv1\nmode: enforce\nmx: mx.good.example-shop.com\nmax_age: 604800\n' },
      },
    });
    const r = await scanDomain('https://GOOD.example-shop.com./some/path', options(s));
    const bad = r.checks.filter((c) => c.status !== 'pass' && c.status !== 'not-applicable' && c.status !== 'info').map((c) => `${c.id}: ${c.status} ${c.evidence}`);
    assert.deepEqual(bad, []);
    assert.equal(r.domain, 'good.example-shop.com');
    assert.equal(r.score, 100);
    assert.equal(r.grade, 'A+');
    assert.equal(r.severity, 'none');
    assert.deepEqual(r.findings, []);
    assert.equal(check(r, 'dnssec').evidence, "secure (. → com. → example-shop.com., ECDSAP256SHA256, RSASHA256); mail servers: mx.good.example-shop.com secure");
    assert.equal(check(r, 'email-mta-sts').evidence, 'mode enforce, mx mx.good.example-shop.com, max_age 604800');
    assert.equal(check(r, 'email-tls-rpt').evidence, 'reports to mailto:tls-reports@example-shop.com');
    assert.match(check(r, 'tls-legacy-protocols').evidence, /^accepted: TLSv1\.2, TLSv1\.3$/);
    assert.equal(check(r, 'tls-ocsp-stapling').evidence, 'an OCSP response is stapled to the handshake');
    assert.equal(check(r, 'tls-certificate-transparency').evidence, '3 SCTs embedded in the certificate');
    assert.equal(check(r, 'ipv6-reachability').evidence, 'https://good.example-shop.com/ answered 200 over IPv6 (::1)');
    assert.equal(check(r, 'tls-certificate-trust').evidence, 'issuer CN=Confgate Test Intermediate');
    // Node 24's OpenSSL 3.5 offers and serves the ML-KEM hybrid first.
    assert.deepEqual([check(r, 'tls-post-quantum').status, check(r, 'tls-key-exchange-group').status], ['pass', 'pass']);
    assert.match(check(r, 'tls-key-exchange-group').evidence, /^X25519MLKEM768, /);
    assert.ok(!JSON.stringify(r).includes('s3cr3t-session-value'), 'cookie values never appear');
    // 9 TLS handshakes (default client, 6 ClientHellos, TLS 1.0, 1.1) and at most 2 kept-alive connections per origin
    // for the 21 HTTP requests (HTTPS and HTTP home pages, the IPv6 one, the MTA-STS policy host): 14 at most.
    assert.ok(s.requests.length >= 20, `${s.requests.length} requests served`);
    assert.ok(r.requests >= 9 && r.requests <= 14, `${r.requests} connections`);
    assert.ok(s.requests.every((line) => line.includes('example-shop.com')));
    assertRecomputable(r);
  });

  it('finds everything wrong with a badly configured site, capped by the exposed .env', async () => {
    const analysed: string[] = [];
    const s = await site({
      certificate: await ca.issue({ names: ['bad.example-shop.com'] }),
      minVersion: 'TLSv1',
      ciphers: 'DEFAULT@SECLEVEL=0',
      https: {
        '/': (req, res) => {
          res.writeHead(200, {
            'content-type': 'text/html',
            server: 'Apache/2.4.1 (Unix)',
            'x-powered-by': 'PHP/5.6.40',
            'content-security-policy': "default-src 'self' 'unsafe-inline' 'unsafe-eval'",
            'access-control-allow-origin': req.headers.origin ?? '',
            'access-control-allow-credentials': 'true',
            'set-cookie': ['sessionid=hunter2-cookie; Path=/', 'theme=dark; Secure'],
          });
          res.end('<html><script src="http://cdn.example-cdn.com/lib.js"></script><script src="https://cdn.example-cdn.com/x.js"></script></html>');
        },
        '/.env': { headers: { 'content-type': 'text/plain' }, body: 'DB_PASSWORD=hunter2-env\nAPI_KEY=zzz\n' },
        '/docker-compose.yml': { headers: { 'content-type': 'text/yaml' }, body: 'services:\n  web:\n    image: nginx:latest\n' },
      },
      http: { '/': { headers: { 'content-type': 'text/html' }, body: '<html>plain</html>' } },
    });
    const r = await scanDomain('bad.example-shop.com', options(s, {
      analyzeExposedFile: (kind, text): Finding[] => {
        analysed.push(`${kind}:${text.split('\n')[0]}`);
        return [{ rule_id: 'CGC999', rule_name: 'test', severity: 'medium', category: 'security', title: 't', message: 'm', location: { start_line: 3, start_column: 5, end_line: 3, end_column: 23 }, remediation: '', help_url: '', score_impact: 0, equivalents: [] }];
      },
    }));
    const st = statuses(r);
    for (const id of ['http-redirects-to-https', 'content-security-policy', 'x-content-type-options', 'clickjacking-protection', 'cors-policy', 'cookie-attributes', 'mixed-content', 'tls-legacy-protocols', 'email-spf', 'exposed-env-file', 'exposed-container-config']) {
      assert.equal(st[id], 'fail', id);
    }
    for (const id of ['strict-transport-security']) assert.equal(st[id], 'fail', id);
    for (const id of ['version-disclosure', 'subresource-integrity', 'email-dmarc', 'security-txt', 'dns-caa', 'email-mta-sts', 'email-tls-rpt']) assert.equal(st[id], 'warn', id);
    assert.equal(st['exposed-git-repository'], 'pass');
    assert.match(check(r, 'tls-legacy-protocols').evidence, /accepted: TLSv1, TLSv1\.1, TLSv1\.2, TLSv1\.3/);
    assert.match(check(r, 'cookie-attributes').evidence, /sessionid: no Secure, no HttpOnly, no SameSite/);
    // The failures alone cost more than the cap would leave: the cap is listed but not binding.
    assert.equal(r.score, 0);
    assert.equal(r.grade, 'F');
    assert.equal(r.severity, 'critical');
    assert.deepEqual(r.caps.map((c) => [c.check, c.max, c.binding]), [['exposed-env-file', 20, false], ['cors-policy', 64, false], ['exposed-container-config', 64, false], ['tls-legacy-protocols', 89, false]]);
    assert.deepEqual([st['tls-cipher-suites'], st['tls-forward-secrecy']], ['warn', 'pass'], 'CBC accepted (Node\'s DEFAULT list), forward secrecy with AEAD');
    const env = r.findings.find((f) => f.rule_id === 'CGS028');
    assert.equal(env?.location.url, 'https://bad.example-shop.com/.env');
    assert.deepEqual(analysed, ['compose:services:']);
    const fromFile = r.findings.find((f) => f.rule_id === 'CGC999');
    assert.equal(fromFile?.location.url, 'https://bad.example-shop.com/docker-compose.yml');
    assert.equal(fromFile?.location.start_line, 3);
    const json = JSON.stringify(r);
    assert.ok(!json.includes('hunter2'), 'neither .env contents nor cookie values appear');
    assertRecomputable(r);
  });

  it('fails a domain whose DNSSEC signatures expired (bogus): -30 and capped at 64, a high finding', async () => {
    const s = await site({ certificate: await ca.issue({ names: ['stale-shop.com'] }), ciphers: INTERMEDIATE, https: { '/': { headers: SECURE_HEADERS, body: 'x' } } });
    const r = await scanDomain('stale-shop.com', options(s));
    const c = check(r, 'dnssec');
    assert.equal(c.status, 'fail');
    assert.match(c.evidence, /^bogus: the RRSIG over the A records of stale-shop\.com\. expired at \d{4}-\d\d-\d\dT/);
    assert.ok(c.points <= -30, `${c.points} points`);
    assert.ok(r.score <= 64);
    assert.deepEqual(r.caps.filter((x) => x.check === 'dnssec').map((x) => x.max), [64]);
    const f = r.findings.find((x) => x.rule_id === 'CGS027');
    assert.equal(f?.severity, 'high');
    assert.match(f?.message ?? '', /^DNSSEC validation fails for stale-shop\.com\.: the RRSIG over the A records of stale-shop\.com\. expired at .*\. Validating resolvers refuse to resolve it\.$/);
    assert.equal(f?.location.url, 'dns:stale-shop.com?type=DNSKEY');
    assertRecomputable(r);
  });

  it('fails expiry (not trust) for an expired certificate and caps the score', async () => {
    const s = await site({ certificate: await ca.issue({ names: ['expired.example-shop.com'], notBefore: new Date(Date.now() - 400 * DAY), notAfter: new Date(Date.now() - DAY) }), https: { '/': { headers: SECURE_HEADERS, body: 'x' } } });
    const r = await scanDomain('expired.example-shop.com', options(s));
    assert.equal(check(r, 'tls-certificate-expiry').status, 'fail');
    assert.equal(check(r, 'tls-certificate-trust').status, 'pass');
    // Browsers ignore HSTS sent over a certificate they refuse (RFC 6797 §8.1).
    assert.match(check(r, 'strict-transport-security').evidence, /— ignored: the certificate has expired$/);
    assert.equal(check(r, 'strict-transport-security').status, 'fail');
    assert.ok(r.score <= 40);
    assert.ok(r.caps.some((c) => c.check === 'tls-certificate-expiry'));
    assertRecomputable(r);
  });

  it('warns for a certificate expiring within 30 days', async () => {
    const s = await site({ certificate: await ca.issue({ names: ['expired.example-shop.com'], notAfter: new Date(Date.now() + 10 * DAY) }), https: { '/': { body: 'x' } } });
    const r = await scanDomain('expired.example-shop.com', options(s));
    assert.equal(check(r, 'tls-certificate-expiry').status, 'warn');
    assert.equal(r.findings.find((f) => f.rule_id === 'CGS019')?.severity, 'medium');
  });

  it('fails the host name check for a certificate issued to other names', async () => {
    const s = await site({ certificate: await ca.issue({ names: ['other.example-shop.com'] }), https: { '/': { body: 'x' } } });
    const r = await scanDomain('mismatch.example-shop.com', options(s));
    assert.equal(check(r, 'tls-hostname-mismatch').status, 'fail');
    assert.equal(check(r, 'tls-certificate-trust').status, 'pass');
    assert.match(r.findings.find((f) => f.rule_id === 'CGS018')?.message ?? '', /not mismatch\.example-shop\.com/);
  });

  it('fails trust for a self-signed certificate', async () => {
    const s = await site({ certificate: await ca.issue({ names: ['selfsigned.example-shop.com'], selfSigned: true }), https: { '/': { body: 'x' } } });
    const r = await scanDomain('selfsigned.example-shop.com', options(s));
    assert.equal(check(r, 'tls-certificate-trust').status, 'fail');
    assert.match(check(r, 'tls-certificate-trust').evidence, /SELF_SIGNED/);
    assert.ok(r.score <= 40);
  });

  it('fails trust for an incomplete chain (the intermediate not sent) and says why', async () => {
    const s = await site({ certificate: await ca.issue({ names: ['chain.example-shop.com'], intermediate: 'missing' }), https: { '/': { body: 'x' } } });
    const r = await scanDomain('chain.example-shop.com', options(s));
    const trust = check(r, 'tls-certificate-trust');
    assert.deepEqual([trust.status, trust.evidence], ['fail', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE (incomplete chain or unknown issuer); issuer CN=Confgate Test Intermediate']);
    assert.match(r.findings.find((f) => f.rule_id === 'CGS017')?.message ?? '', /intermediate|chain/i);
    // No OCSP staple, no SCT, no AAAA: information only, 0 points each.
    assert.deepEqual(['tls-ocsp-stapling', 'tls-certificate-transparency', 'ipv6-reachability'].map((id) => [check(r, id).status, check(r, id).points]), [['info', 0], ['info', 0], ['info', 0]]);
  });

  it('fails IPv6 reachability when the AAAA record points where nothing answers (::1, nothing listening)', async () => {
    const s = await site({ certificate: await ca.issue({ names: ['v6gone.example-shop.com'] }), https: { '/': { body: 'x' } } });
    const r = await scanDomain('v6gone.example-shop.com', options(s));
    const v6 = check(r, 'ipv6-reachability');
    assert.equal(v6.status, 'fail');
    assert.match(v6.evidence, /^AAAA ::1: no answer over IPv6 \(ECONNREFUSED\)$/);
    assert.equal(v6.points, -5);
    assert.equal(r.findings.find((f) => f.rule_id === 'CGS038')?.message, 'The site does not answer on its IPv6 address ::1.');
  });

  it('fails the key exchange for 1024-bit DHE (Logjam) and caps at B', async () => {
    const dhparam = weakDhParams();
    const s = await site({
      certificate: await ca.issue({ names: ['dhe.example-shop.com'], key: 'rsa2048' }), maxVersion: 'TLSv1.2', dhparam,
      // ECDHE preferred: only the DHE-alone ClientHello shows the 1024-bit group (as testssl's LOGJAM check).
      ciphers: 'ECDHE-RSA-AES128-GCM-SHA256:DHE-RSA-AES128-GCM-SHA256:@SECLEVEL=0', https: { '/': { body: 'x' } },
    });
    const r = await scanDomain('dhe.example-shop.com', options(s));
    const kx = check(r, 'tls-key-exchange-group');
    assert.equal(kx.status, 'fail', kx.evidence);
    assert.match(kx.evidence, /DH-1024/);
    assert.equal(check(r, 'https-available').status, 'pass', 'pages fetched as a browser would: over ECDHE');
    assert.ok(r.caps.some((c) => c.check === 'tls-key-exchange-group' && c.max === 89));
  });

  it('fails an RSA-1024 key and a SHA-1 signature', async () => {
    const rsa = await site({ certificate: await ca.issue({ names: ['weak.example-shop.com'], key: 'rsa1024' }), ciphers: 'DEFAULT@SECLEVEL=0', https: { '/': { body: 'x' } } });
    const sha1 = await site({ certificate: await ca.issue({ names: ['weak.example-shop.com'], hash: 'SHA-1' }), ciphers: 'DEFAULT@SECLEVEL=0', https: { '/': { body: 'x' } } });
    const r1 = await scanDomain('weak.example-shop.com', options(rsa));
    assert.equal(check(r1, 'tls-weak-key').status, 'fail');
    assert.equal(check(r1, 'tls-weak-key').evidence, 'RSA 1024 bits (80-bit security)');
    const r2 = await scanDomain('weak.example-shop.com', options(sha1));
    assert.equal(check(r2, 'tls-weak-signature').status, 'fail');
    assert.equal(check(r2, 'tls-weak-signature').evidence, 'ecdsa-with-SHA1');
    // A default client refuses either certificate, so trust fails too.
    for (const r of [r1, r2]) assert.equal(check(r, 'tls-certificate-trust').status, 'fail');
  });

  it('judges trust as a default client: an RSA-1024, SHA-1-signed certificate from a trusted CA fails trust and caps the score', async () => {
    const weak = await ca.issue({ names: ['weak.example-shop.com'], key: 'rsa1024', hash: 'SHA-1' });
    const s = await site({ certificate: weak, ciphers: 'DEFAULT@SECLEVEL=0', https: { '/': { headers: SECURE_HEADERS, body: 'x' } } });
    // What a default Node client does with it (the test CA trusted, as the scan trusts it).
    const refusal = await new Promise<string>((resolve) => {
      const socket = tls.connect({ host: '127.0.0.1', port: s.httpsPort, servername: 'weak.example-shop.com', ca: ca.cert });
      socket.once('secureConnect', () => resolve(`accepted (${socket.getProtocol()})`));
      socket.once('error', (err) => resolve(err.message));
    });
    assert.match(refusal, /too weak/, 'a default client refuses the certificate');
    const r = await scanDomain('weak.example-shop.com', options(s));
    const trust = check(r, 'tls-certificate-trust');
    assert.equal(trust.status, 'fail');
    assert.match(trust.evidence, /^below the default security level \(key or signature digest too weak\); issuer CN=Confgate Test CA$/);
    assert.match(check(r, 'tls-certificate-expiry').status, /^pass$/, 'the certificate itself is within its dates');
    assert.ok(r.score <= 40, `score ${r.score}`);
    assert.ok(r.caps.some((c) => c.check === 'tls-certificate-trust' && c.max === 40), JSON.stringify(r.caps));
    assert.match(r.findings.find((f) => f.rule_id === 'CGS017')?.message ?? '', /not trusted: below the default security level/);
    assertRecomputable(r);
  });

  it('still collects evidence from a server a default client cannot talk to (TLS 1.0 only), judging trust at the lowest level', async () => {
    const s = await site({ certificate: await ca.issue({ names: ['weak.example-shop.com'] }), minVersion: 'TLSv1', maxVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0', https: { '/': { body: 'x' } } });
    const r = await scanDomain('weak.example-shop.com', options(s));
    assert.equal(check(r, 'tls-legacy-protocols').status, 'fail');
    assert.equal(check(r, 'tls-certificate-trust').status, 'pass');
    assert.match(check(r, 'tls-certificate-trust').evidence, /judged at the lowest security level: a default client completes no handshake/);
    assert.equal(check(r, 'tls-weak-key').status, 'pass');
  });

  it('does not report files on a soft-404 site that answers 200 for every path', async () => {
    const s = await site({
      certificate: await ca.issue({ names: ['soft404.example-shop.com'] }),
      https: {},
      // Plain text that would even match the .env and Dockerfile signatures, served for every path.
      fallback: { status: 200, headers: { 'content-type': 'text/plain' }, body: 'FROM the team: WELCOME=1\n' },
    });
    const r = await scanDomain('soft404.example-shop.com', options(s));
    for (const c of r.checks.filter((x) => x.category === 'exposure')) assert.equal(c.status, 'pass', c.id);
    assert.equal(check(r, 'security-txt').status, 'warn');
  });

  it('fails HTTPS when only HTTP answers, TLS checks become errors worth 0 points, and the HTTP page and its cookies are judged', async () => {
    const page = { headers: { 'content-type': 'text/html', 'set-cookie': ['sessionid=plain-secret; Path=/; HttpOnly'] }, body: '<html>hi</html>' };
    const s = await site({ certificate: await ca.issue({ names: ['nohttps.example-shop.com'] }), https: {}, http: { '/': page } });
    await s.close();
    const plain = await site({ certificate: await ca.issue({ names: ['nohttps.example-shop.com'] }), https: {}, http: { '/': page } });
    const r = await scanDomain('nohttps.example-shop.com', options({ httpPort: plain.httpPort, httpsPort: s.httpsPort }));
    assert.equal(check(r, 'https-available').status, 'fail');
    // A refused port is remembered for the scan: the HTTPS probes queued behind the first refusals make no attempt.
    assert.ok(r.requests <= 13, `${r.requests} connections (28 before)`);
    for (const id of ['tls-certificate-trust', 'tls-certificate-expiry', 'tls-legacy-protocols']) {
      assert.equal(check(r, id).status, 'error', id);
      assert.equal(check(r, id).points, 0, id);
    }
    // Changed deliberately (issue #24): a site without HTTPS has its HTTP page's headers judged (they protect over
    // HTTP too, and the Observatory judges them), where they used to be not-applicable; its cookies were not judged.
    assert.equal(check(r, 'content-security-policy').status, 'fail');
    assert.equal(check(r, 'strict-transport-security').status, 'fail');
    assert.equal(check(r, 'mixed-content').status, 'not-applicable');
    assert.deepEqual([check(r, 'cookie-attributes').status, check(r, 'cookie-attributes').evidence], ['fail', 'sessionid: no Secure, no SameSite']);
    assert.ok(!JSON.stringify(r).includes('plain-secret'));
    assert.ok(r.score <= 40);
    assertRecomputable(r);
  });

  it('flags an off-host first redirect and a first redirect that stays on HTTP, and judges cookies set on redirects', async () => {
    const hstsPage = { headers: { ...SECURE_HEADERS, 'set-cookie': [] as string[] }, body: '<!doctype html><html>ok</html>' };
    const s = await site({
      certificate: await ca.issue({ names: ['offhost.example-shop.com', 'www.offhost.example-shop.com', 'hops.example-shop.com'] }),
      https: { '/': hstsPage },
      http: {
        // offhost: http://offhost/ → https://www.offhost/ (another host: offhost's own HSTS is never set).
        'offhost.example-shop.com/': { status: 301, headers: { location: 'https://www.offhost.example-shop.com/' } },
        // hops: http://hops/ → http://hops/next (still HTTP, setting a cookie) → https://hops/.
        'hops.example-shop.com/': { status: 302, headers: { location: '/next', 'set-cookie': 'csrftoken=redirect-secret; Path=/' } },
        'hops.example-shop.com/next': { status: 301, headers: { location: 'https://hops.example-shop.com/' } },
      },
    });
    const off = await scanDomain('offhost.example-shop.com', options(s));
    assert.equal(check(off, 'http-redirects-to-https').status, 'warn');
    assert.match(check(off, 'http-redirects-to-https').evidence, /first redirect leaves the host$/);
    const finding = off.findings.find((f) => f.rule_id === 'CGS002');
    assert.equal(finding?.message, 'http://offhost.example-shop.com/ first redirects to another host (https://www.offhost.example-shop.com/): HSTS for offhost.example-shop.com is never set.');
    assert.equal(finding?.score_impact, -5);
    assert.equal(check(off, 'cookie-attributes').status, 'not-applicable');
    const hops = await scanDomain('hops.example-shop.com', options(s));
    assert.equal(check(hops, 'http-redirects-to-https').status, 'warn');
    assert.match(check(hops, 'http-redirects-to-https').evidence, /first redirect stays on plain HTTP$/);
    assert.deepEqual([check(hops, 'cookie-attributes').status, check(hops, 'cookie-attributes').evidence], ['fail', 'csrftoken: no Secure, anti-CSRF cookie without SameSite']);
    assert.ok(!JSON.stringify(hops).includes('redirect-secret'));
    assertRecomputable(off);
    assertRecomputable(hops);
  });

  it('reports the HSTS preload status from the list SCAN_HSTS_PRELOAD_LIST names, at 0 points either way', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'confgate-hsts-scan-'));
    try {
      const file = join(dir, 'transport_security_state_static.json');
      await writeFile(file, '// lab list\n{ "entries": [\n  // the lab host, with its subdomains\n  { "name": "hops.example-shop.com", "policy": "custom", "mode": "force-https", "include_subdomains": true }\n] }\n');
      const { hstsPreload } = loadConfig({ PORT: '0', SCAN_HSTS_PRELOAD_LIST: file, SCAN_HSTS_PRELOAD_DATE: '2026-11-20' }).scan;
      assert.ok(hstsPreload);
      // A year's max-age but no includeSubDomains: the entry has include_subdomains, so the site risks removal.
      const s = await site({
        certificate: await ca.issue({ names: ['hops.example-shop.com'] }),
        https: { '/': { headers: { ...SECURE_HEADERS, 'strict-transport-security': 'max-age=31536000', 'set-cookie': [] as string[] }, body: '<!doctype html><html>ok</html>' } },
      });
      const listed = await scanDomain('hops.example-shop.com', options(s, { hstsPreload }));
      const plain = await scanDomain('hops.example-shop.com', options(s));
      assert.deepEqual(check(listed, 'hsts-preload'), {
        id: 'hsts-preload', category: 'http', title: 'HSTS preload status', status: 'warn', points: 0,
        evidence: 'hops.example-shop.com preloaded with include_subdomains — list of 2026-11-20, 1 entries; removal risk: no includeSubDomains while the entry has include_subdomains',
      });
      assert.deepEqual([check(plain, 'hsts-preload').status, check(plain, 'hsts-preload').points], ['info', 0]);
      assert.match(check(plain, 'hsts-preload').evidence, /^not judged: no HSTS preload list configured \(set SCAN_HSTS_PRELOAD_LIST/);
      assert.equal(listed.score, plain.score);
      assert.ok(!listed.findings.some((f) => f.message.includes('preload')), 'no finding: the check has no rule');
      assertRecomputable(listed);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('finds CBC and no forward secrecy with hand-built ClientHellos (Node serves no 3DES, RC4 or NULL: those are decoded from recorded answers)', async () => {
    const s = await site({
      certificate: await ca.issue({ names: ['ciphers.example-shop.com'], key: 'rsa2048' }),
      maxVersion: 'TLSv1.2',
      ciphers: 'AES128-GCM-SHA256:AES128-SHA',
      https: { '/': { headers: SECURE_HEADERS, body: '<!doctype html><html>ok</html>' } },
    });
    const r = await scanDomain('ciphers.example-shop.com', options(s));
    assert.deepEqual([check(r, 'tls-cipher-suites').status, check(r, 'tls-cipher-suites').evidence],
      ['warn', 'TLS ≤1.2 accepts: static RSA with CBC (0x002f), static RSA with AEAD (0x009c); TLS 1.3: no']);
    assert.equal(r.findings.find((f) => f.rule_id === 'CGS034')?.message, 'The server accepts obsolete CBC cipher suites.');
    assert.equal(check(r, 'tls-forward-secrecy').status, 'fail');
    assert.equal(r.findings.find((f) => f.rule_id === 'CGS035')?.message, 'No cipher suite with forward secrecy is accepted.');
    assert.deepEqual(r.caps.map((c) => [c.check, c.max, c.binding]), [['tls-forward-secrecy', 89, false]]);
    assertRecomputable(r);
  });

  it('rejects a site at a refused address with ScanTargetRefusedError, without a connection', async () => {
    const s = await site({ certificate: await ca.issue({ names: ['good.example-shop.com'] }), https: { '/': { body: 'x' } } });
    const before = s.requests.length;
    await assert.rejects(scanDomain('good.example-shop.com', options(s, { allowedCidrs: [] })), (e: unknown) => e instanceof ScanTargetRefusedError && /refused address/.test(e.message));
    assert.equal(s.requests.length, before, 'no connection to the refused address');
  });

  it('keeps every probe on ports 80 and 443: redirects elsewhere are not followed, and the checks they feed are errors worth 0 points', async () => {
    const canary = await startCanary('127.0.0.1');
    try {
      const elsewhere = { status: 302, headers: { location: `https://ports.example-shop.com:${canary.port}/` } };
      const s = await site({
        certificate: await ca.issue({ names: ['ports.example-shop.com'] }),
        https: { '/': { headers: SECURE_HEADERS, body: '<html>home</html>' } },
        http: { '/': { status: 301, headers: { location: `http://ports.example-shop.com:${canary.port}/` } } },
        // security.txt, the 404 probe and every exposure probe: sent to the other port.
        fallback: elsewhere,
      });
      const r = await scanDomain('ports.example-shop.com', options(s));
      assert.equal(canary.connections, 0, 'no probe reached the other port');
      assert.equal(check(r, 'https-available').status, 'pass');
      for (const id of ['http-redirects-to-https', 'security-txt']) {
        assert.equal(check(r, id).status, 'error', id);
        assert.match(check(r, id).evidence, new RegExp(`port ${canary.port} is not allowed`), id);
        assert.equal(check(r, id).points, 0, id);
      }
      assertRecomputable(r);
    } finally {
      await canary.close();
    }
  });

  it('rejects a site whose home page redirects only to another port with ScanTargetRefusedError, without a connection there', async () => {
    const canary = await startCanary('127.0.0.1');
    try {
      const s = await site({
        certificate: await ca.issue({ names: ['ports.example-shop.com'] }),
        https: {},
        // HTTP redirects to the HTTPS home page (the lab's default), and every HTTPS page to the other port.
        fallback: { status: 302, headers: { location: `https://ports.example-shop.com:${canary.port}/` } },
      });
      await assert.rejects(scanDomain('ports.example-shop.com', options(s)), (e: unknown) => e instanceof ScanTargetRefusedError && /port \d+ is not allowed/.test(e.message));
      assert.equal(canary.connections, 0);
      assert.ok(s.requests.includes('GET https://ports.example-shop.com/') && s.requests.includes('GET http://ports.example-shop.com/'), 'both home pages were asked');
    } finally {
      await canary.close();
    }
  });

  it('refuses a name whose AAAA is a forbidden address: no probe (IPv6 included) reaches the canaries on ::1', async () => {
    const s = await site({ certificate: await ca.issue({ names: ['v6canary.example-shop.com'] }), https: { '/': { body: 'x' } } });
    const canaries = await Promise.all([startCanary('::1', s.httpsPort), startCanary('::1', s.httpPort)]);
    try {
      const before = s.requests.length;
      // ::1 is not in the allowed ranges here: one refused address refuses the name for every probe.
      await assert.rejects(scanDomain('v6canary.example-shop.com', options(s, { allowedCidrs: ['127.0.0.1/32'] })), (e: unknown) => e instanceof ScanTargetRefusedError && /refused address/.test(e.message));
      assert.deepEqual(canaries.map((c) => c.connections), [0, 0]);
      assert.equal(s.requests.length, before, 'nor the IPv4 site');
    } finally {
      await Promise.all(canaries.map((c) => c.close()));
    }
  });

  it('rejects refused input with a ScanInputError', async () => {
    await assert.rejects(scanDomain('127.0.0.1', { publicBaseUrl: 'https://confgate.test' }), (e: unknown) => e instanceof ScanInputError && e.code === 'ip-literal');
  });
});
