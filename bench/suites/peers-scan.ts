// `npm run bench -- peers-scan [--observatory DIR]`: accuracy, not speed. A loopback lab of sites is scanned by us,
// by the MDN HTTP Observatory (the npm package, 1.4.8) and by testssl.sh (Debian's package); the suite prints,
// per check, how often we agree and, for every disagreement, what each tool said. Loopback only: the lab's names
// resolve to 127.0.0.1 through the lab's DNS server (ours), a lookup hook (the Observatory's axios) and `--ip`
// (testssl.sh).
//
// The Observatory is installed on first use into a scratch directory with `npm install --ignore-scripts` (its
// postinstall downloads the HSTS preload and TLD lists from the internet, which this machine must not reach); an
// empty preload list is written in its place, which is right for the lab's made-up names. testssl.sh comes from
// `scripts/ensure-deb.sh testssl testssl.sh`; without it (not root, no package) its half is reported as skipped.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import type { SuiteResult } from '../run.ts';
import { optionValue } from '../options.ts';
import { scanDomain } from '../../src/scan/index.ts';
import type { ScanResult } from '../../src/scan/index.ts';
import { createTestCa, startDnsServer, startOpensslSite, startSite, weakDhParams } from '../../test/support/local-sites/index.ts';
import { createDnssecLab } from '../../test/support/local-sites/dnssec-signer.ts';
import type { ZoneOptions } from '../../test/support/local-sites/dnssec-signer.ts';
import { createDnsClient } from '../../src/net/dns-client.ts';
import { validateName } from '../../src/scan/checks/dnssec.ts';
import { collectDnssec } from '../../src/scan/probes/dnssec-probe.ts';
import type { Handler, OpensslSite, RecordSet, Site, SiteOptions } from '../../test/support/local-sites/index.ts';

const run = promisify(execFile);
const OBSERVATORY = '@mdn/mdn-http-observatory@1.4.8';
const INTERMEDIATE = 'ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305';
const DAY = 86_400_000;
const HARDENED = {
  'content-type': 'text/html; charset=utf-8',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), geolocation=()',
};
const HTML = '<!doctype html><html><head><title>lab</title></head><body>lab</body></html>';

/** The ports of the site being started: a redirect names them when the client did (the Observatory connects to
 * `host:port`; our scanner to ports 80/443, which the lab stands in for, so its Host has no port). */
const ports = { http: 0, https: 0 };
const portsOf = new Map<string, { http: number; https: number }>();
function redirect(scheme: 'http' | 'https', host: string, pathName: string): Handler {
  return (req, res) => {
    const own = portsOf.get((req.headers.host ?? '').replace(/:\d+$/, '').replace(/^www\./, '')) ?? ports;
    const port = (req.headers.host ?? '').includes(':') ? `:${scheme === 'https' ? own.https : own.http}` : '';
    res.writeHead(301, { location: `${scheme}://${host}${port}${pathName}` });
    res.end();
  };
}

interface LabSite {
  name: string;
  what: string;
  options: (ca: Awaited<ReturnType<typeof createTestCa>>) => Promise<SiteOptions>;
  /** Started separately (plain HTTP only: the HTTPS port is closed). */
  httpOnly?: boolean;
  /** HTTPS served by Debian's `openssl s_server -www` (TLS 1.2) offering this OpenSSL cipher string: suites Node's
   * OpenSSL can no longer serve (NULL, anonymous). Its plain-HTTP side is the Node site's. */
  openssl?: string;
  /** DNS records besides the site's A (mail domains). */
  dns?: Record<string, RecordSet>;
  /** What the lab built, per mail check: the truth our verdicts are compared with (internet.nl cannot scan a
   * loopback lab). `true` = a problem (fail or warn). */
  mail?: Record<string, boolean>;
}

const MTA_STS_POLICY = { headers: { 'content-type': 'text/plain' }, body: 'version: STSv1\nmode: enforce\nmx: mx.mailok.lab-mail.com\nmax_age: 604800\n' };

const SITES: LabSite[] = [
  { name: 'hardened.lab-shop.com', what: 'every header, intermediate ciphers, 3 SCTs embedded in the certificate', options: async (ca) => ({ certificate: await ca.issue({ names: ['hardened.lab-shop.com'], scts: 3 }), ciphers: INTERMEDIATE, https: { '/': { headers: { ...HARDENED, 'set-cookie': '__Host-sid=v; Path=/; Secure; HttpOnly; SameSite=Lax' }, body: HTML } } }) },
  { name: 'bare.lab-shop.com', what: 'no security headers, Node default ciphers', options: async (ca) => ({ certificate: await ca.issue({ names: ['bare.lab-shop.com'] }), https: { '/': { headers: { 'content-type': 'text/html' }, body: HTML } } }) },
  { name: 'badcsp.lab-shop.com', what: "CSP with 'unsafe-inline', external script without SRI", options: async (ca) => ({ certificate: await ca.issue({ names: ['badcsp.lab-shop.com'] }), ciphers: INTERMEDIATE, https: { '/': { headers: { ...HARDENED, 'content-security-policy': "default-src 'self' 'unsafe-inline'" }, body: '<!doctype html><html><script src="https://cdn.lab-cdn.com/x.js"></script></html>' } } }) },
  { name: 'badcookies.lab-shop.com', what: 'session cookie without Secure/HttpOnly, CSRF cookie without SameSite', options: async (ca) => ({ certificate: await ca.issue({ names: ['badcookies.lab-shop.com'] }), ciphers: INTERMEDIATE, https: { '/': { headers: { ...HARDENED, 'set-cookie': ['sessionid=v; Path=/', 'csrftoken=v; Secure; Path=/'] }, body: HTML } } }) },
  { name: 'httponly.lab-shop.com', what: 'plain HTTP only, sets a cookie', httpOnly: true, options: async (ca) => ({ certificate: await ca.issue({ names: ['httponly.lab-shop.com'] }), https: {}, http: { '/': { headers: { 'content-type': 'text/html', 'set-cookie': 'sessionid=v; Path=/; HttpOnly' }, body: HTML } } }) },
  { name: 'chain.lab-shop.com', what: 'http → http → https redirect chain', options: async (ca) => ({ certificate: await ca.issue({ names: ['chain.lab-shop.com'] }), ciphers: INTERMEDIATE, https: { '/': { headers: HARDENED, body: HTML } }, http: { '/': redirect('http', 'chain.lab-shop.com', '/step'), '/step': redirect('https', 'chain.lab-shop.com', '/') } }) },
  { name: 'offhost.lab-shop.com', what: 'first redirect to another host', options: async (ca) => ({ certificate: await ca.issue({ names: ['offhost.lab-shop.com', 'www.offhost.lab-shop.com'] }), ciphers: INTERMEDIATE, https: { '/': { headers: HARDENED, body: HTML } }, http: { '/': redirect('https', 'www.offhost.lab-shop.com', '/') } }) },
  { name: 'oldtls.lab-shop.com', what: 'TLS 1.0 and 1.1 accepted', options: async (ca) => ({ certificate: await ca.issue({ names: ['oldtls.lab-shop.com'] }), minVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0', https: { '/': { headers: HARDENED, body: HTML } } }) },
  { name: 'expired.lab-shop.com', what: 'expired certificate', options: async (ca) => ({ certificate: await ca.issue({ names: ['expired.lab-shop.com'], notBefore: new Date(Date.now() - 400 * DAY), notAfter: new Date(Date.now() - 10 * DAY) }), ciphers: INTERMEDIATE, https: { '/': { headers: HARDENED, body: HTML } } }) },
  { name: 'mismatch.lab-shop.com', what: 'certificate for another name', options: async (ca) => ({ certificate: await ca.issue({ names: ['other.lab-shop.com'] }), ciphers: INTERMEDIATE, https: { '/': { headers: HARDENED, body: HTML } } }) },
  { name: 'exposed.lab-shop.com', what: 'hardened headers but a public .env and .git', options: async (ca) => ({ certificate: await ca.issue({ names: ['exposed.lab-shop.com'] }), ciphers: INTERMEDIATE, https: { '/': { headers: HARDENED, body: HTML }, '/.env': { headers: { 'content-type': 'text/plain' }, body: 'DB_PASSWORD=lab\n' }, '/.git/config': { headers: { 'content-type': 'text/plain' }, body: '[core]\n\trepositoryformatversion = 0\n' } } }) },
  { name: 'nofs.lab-shop.com', what: 'RSA key exchange only (no forward secrecy), CBC, TLS 1.2', options: async (ca) => ({ certificate: await ca.issue({ names: ['nofs.lab-shop.com'], key: 'rsa2048' }), maxVersion: 'TLSv1.2', ciphers: 'AES128-GCM-SHA256:AES256-SHA', https: { '/': { headers: HARDENED, body: HTML } } }) },
  { name: 'mailok.lab-mail.com', what: 'mail domain: SPF, DMARC reject, MTA-STS enforce, TLS-RPT, signed delegation', options: async (ca) => ({ certificate: await ca.issue({ names: ['mailok.lab-mail.com', 'mta-sts.mailok.lab-mail.com'] }), ciphers: INTERMEDIATE, https: { '/': { headers: HARDENED, body: HTML }, 'mta-sts.mailok.lab-mail.com/.well-known/mta-sts.txt': MTA_STS_POLICY } }),
    dns: {
      'mailok.lab-mail.com': { A: ['127.0.0.1'], MX: [{ priority: 10, exchange: 'mx.mailok.lab-mail.com' }], TXT: ['v=spf1 mx -all'] },
      '_dmarc.mailok.lab-mail.com': { TXT: ['v=DMARC1; p=reject; rua=mailto:d@lab-mail.com'] },
      '_mta-sts.mailok.lab-mail.com': { TXT: ['v=STSv1; id=20261126'] },
      '_smtp._tls.mailok.lab-mail.com': { TXT: ['v=TLSRPTv1; rua=mailto:tls@lab-mail.com'] },
      'mta-sts.mailok.lab-mail.com': { A: ['127.0.0.1'] },
    },
    mail: { 'email-spf': false, 'email-dmarc': false, 'email-mta-sts': false, 'email-tls-rpt': false, dnssec: false } },
  { name: 'mailbare.lab-shop.com', what: 'mail domain: MX and a soft SPF only (no DMARC, MTA-STS, TLS-RPT; unsigned)', options: async (ca) => ({ certificate: await ca.issue({ names: ['mailbare.lab-shop.com'] }), ciphers: INTERMEDIATE, https: { '/': { headers: HARDENED, body: HTML } } }),
    dns: { 'mailbare.lab-shop.com': { A: ['127.0.0.1'], MX: [{ priority: 10, exchange: 'mx.mailbare.lab-shop.com' }], TXT: ['v=spf1 mx ~all'] } },
    mail: { 'email-dmarc': true, 'email-mta-sts': true, 'email-tls-rpt': true, dnssec: true } },
  { name: 'weakdh.lab-shop.com', what: 'DHE with a 1024-bit group (Logjam), TLS 1.2', options: async (ca) => ({ certificate: await ca.issue({ names: ['weakdh.lab-shop.com'], key: 'rsa2048' }), maxVersion: 'TLSv1.2', dhparam: weakDhParams(), ciphers: 'DHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:@SECLEVEL=0', https: { '/': { headers: HARDENED, body: HTML } } }) },
  { name: 'incomplete.lab-shop.com', what: 'leaf certificate without its intermediate (incomplete chain)', options: async (ca) => ({ certificate: await ca.issue({ names: ['incomplete.lab-shop.com'], intermediate: 'missing' }), ciphers: INTERMEDIATE, https: { '/': { headers: HARDENED, body: HTML } }, http: { '/': redirect('https', 'incomplete.lab-shop.com', '/') } }) },
  { name: 'weakcert.lab-shop.com', what: 'RSA-1024 key signed with SHA-1', options: async (ca) => ({ certificate: await ca.issue({ names: ['weakcert.lab-shop.com'], key: 'rsa1024', hash: 'SHA-1' }), ciphers: 'DEFAULT@SECLEVEL=0', https: { '/': { headers: HARDENED, body: HTML } }, http: { '/': redirect('https', 'weakcert.lab-shop.com', '/') } }) },
  { name: 'nullcipher.lab-shop.com', what: 'NULL and anonymous suites (openssl s_server, TLS 1.2)', openssl: 'NULL-SHA256:ADH-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:@SECLEVEL=0', options: async (ca) => ({ certificate: await ca.issue({ names: ['nullcipher.lab-shop.com'], key: 'rsa2048' }), https: {}, http: { '/': redirect('https', 'nullcipher.lab-shop.com', '/') } }) },
  { name: 'cors.lab-shop.com', what: 'reflects any Origin with credentials, CORP invalid', options: async (ca) => ({ certificate: await ca.issue({ names: ['cors.lab-shop.com'] }), ciphers: INTERMEDIATE, https: { '/': (req, res) => { res.writeHead(200, { ...HARDENED, 'cross-origin-resource-policy': 'same', 'access-control-allow-origin': req.headers.origin ?? '*', 'access-control-allow-credentials': 'true' }); res.end(HTML); } } }) },
];

/** The lab's DNSSEC tree (signed by the lab DNS server with keys made at start, its own root as trust anchor):
 * com. RSA/SHA-256 with NSEC3 opt-out (as .com), lab-mail.com. ECDSA P-256, lab-shop.com. an unsigned delegation; and DNS-only zones, one per
 * fault, validated by us and by BIND's delv (the validating resolver library's own tool; internet.nl runs unbound). */
const DNSSEC_ZONES: Record<string, ZoneOptions> = { com: { algorithm: 8, denial: 'nsec3' }, org: { denial: 'nsec3', nsec3: { iterations: 10, salt: 'a1b2c3d4', optOut: false } }, 'lab-mail.com': { algorithm: 13 }, 'lab-shop.com': { fault: 'unsigned' } };
const DNSSEC_ONLY: { name: string; what: string; zone: ZoneOptions }[] = [
  { name: 'lab-ed.com', what: 'signed with Ed25519', zone: { algorithm: 15 } },
  { name: 'lab-rsa.com', what: 'signed with RSA/SHA-256', zone: { algorithm: 8 } },
  { name: 'lab-stale.com', what: 'signatures expired', zone: { fault: 'expired' } },
  { name: 'lab-early.com', what: 'signatures not yet valid', zone: { fault: 'not-yet-valid' } },
  { name: 'lab-broken.com', what: 'signatures that do not verify', zone: { fault: 'bad-signature' } },
  { name: 'lab-wrongds.com', what: 'DS digest matching no key', zone: { fault: 'wrong-ds' } },
  { name: 'lab-nokeysig.com', what: 'DNSKEY set not signed', zone: { fault: 'dnskey-unsigned' } },
  { name: 'lab-p384.com', what: 'signed with ECDSA P-384', zone: { algorithm: 14 } },
  { name: 'lab-ed448.com', what: 'signed with Ed448', zone: { algorithm: 16 } },
  { name: 'lab-sha1.com', what: 'signed with RSA/SHA-1 (we do not validate it)', zone: { algorithm: 5 } },
  { name: 'lab-plain.org', what: 'unsigned, under org. with salted NSEC3 (10 iterations, no opt-out)', zone: { fault: 'unsigned' } },
  { name: 'lab-liar.com', what: 'unsigned, the parent\'s NSEC3 at the cut claiming a DS', zone: { fault: 'unsigned', proof: 'lists-ds' } },
  { name: 'lab-forged.com', what: 'unsigned, the parent\'s NSEC3 proof with a broken signature', zone: { fault: 'unsigned', proof: 'bad-signature' } },
];

/** delv's verdict for `name` A against the lab resolver: secure, insecure or bogus (anything that failed). */
async function delv(name: string, port: number, anchorFile: string): Promise<{ state: string; text: string }> {
  const out = await new Promise<string>((resolve) => {
    execFile('delv', ['@127.0.0.1', '-p', String(port), '-a', anchorFile, '+root=.', name, 'A'], { timeout: 30_000 }, (_e, stdout, stderr) => resolve(`${stdout}${stderr}`));
  });
  const first = out.split('\n').find((l) => l.startsWith(';')) ?? out.trim();
  const state = /; fully validated/.test(out) ? 'secure' : /; unsigned answer/.test(out) ? 'insecure' : /resolution failed/.test(out) ? 'bogus' : 'unknown';
  return { state, text: first.replace(/\s+/g, ' ').slice(0, 120) };
}

/** Our check → the Observatory test it answers. */
const OBS_MAP: Record<string, string> = {
  'http-redirects-to-https': 'redirection', 'strict-transport-security': 'strict-transport-security', 'content-security-policy': 'content-security-policy',
  'x-content-type-options': 'x-content-type-options', 'clickjacking-protection': 'x-frame-options', 'referrer-policy': 'referrer-policy',
  'cookie-attributes': 'cookies', 'cors-policy': 'cross-origin-resource-sharing', 'subresource-integrity': 'subresource-integrity',
  'cross-origin-isolation': 'cross-origin-resource-policy',
};

interface Verdict { site: string; check: string; ours: boolean | undefined; theirs: boolean | undefined; ourText: string; theirText: string }

const flagged = (r: ScanResult, id: string) => {
  const c = r.checks.find((x) => x.id === id);
  return c === undefined || c.status === 'error' ? undefined : c.status === 'fail' || c.status === 'warn';
};

async function ensureObservatory(dir: string): Promise<string> {
  const pkg = path.join(dir, 'node_modules', '@mdn', 'mdn-http-observatory');
  if (!existsSync(path.join(pkg, 'package.json'))) {
    await mkdir(dir, { recursive: true });
    if (!existsSync(path.join(dir, 'package.json'))) await writeFile(path.join(dir, 'package.json'), '{"private":true}\n');
    console.log(`installing ${OBSERVATORY} into ${dir} (--ignore-scripts)`);
    await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', OBSERVATORY], { cwd: dir });
  }
  const preload = path.join(pkg, 'conf', 'hsts-preload.json');
  if (!existsSync(preload)) await writeFile(preload, '{}\n');
  return pkg;
}

function hasCommand(cmd: string): boolean {
  return (process.env['PATH'] ?? '').split(':').some((d) => existsSync(path.join(d, cmd)));
}

/** testssl.sh's findings by id for one host: protocols, cipher categories, forward secrecy, certificate. */
async function testssl(host: string, port: number, caFile: string, out: string): Promise<Map<string, string>> {
  // `--reuse-testssl`: read the JSON a previous run left (the findings do not depend on the lab's random ports).
  const reuse = process.argv.includes('--reuse-testssl') && existsSync(out);
  // testssl.sh appends to an existing JSON file (which then no longer parses): start from none.
  if (!reuse) await rm(out, { force: true });
  if (!reuse) await new Promise<void>((resolve) => {
    const p = spawn('testssl', ['--quiet', '--color', '0', '--warnings', 'off', '--ip', '127.0.0.1', '--add-ca', caFile, '-p', '-s', '-f', '-S', '--logjam', '--jsonfile', out, `${host}:${port}`], { stdio: 'ignore' });
    const timer = setTimeout(() => p.kill('SIGKILL'), 240_000);
    p.on('exit', () => { clearTimeout(timer); resolve(); });
  });
  const findings = existsSync(out) ? (JSON.parse(await readFile(out, 'utf8')) as { id: string; finding: string; severity?: string }[]) : [];
  // Each finding's severity too, as `<id>#severity` (LOGJAM-common_primes is HIGH for a 1024-bit common prime).
  return new Map(findings.flatMap((f) => [[f.id, f.finding], [`${f.id}#severity`, f.severity ?? '']] as [string, string][]));
}

export default async function peersScan(): Promise<SuiteResult> {
  const scratch = optionValue('observatory') ?? path.join(os.tmpdir(), 'confgate-peers-scan');
  const obsDir = await ensureObservatory(scratch);
  const ca = await createTestCa();
  const caFile = path.join(scratch, 'lab-ca.pem');
  // With its final newline: testssl.sh concatenates this file with its CA bundles (`cat`), and a PEM without one
  // runs into the next certificate's BEGIN line; OpenSSL then fails to load the bundle, which testssl 3.0.8 reports
  // as a chain of trust that "passed" (seen on the lab: an incomplete chain passed).
  await writeFile(caFile, ca.cert.endsWith('\n') ? ca.cert : `${ca.cert}\n`);
  const zone: Record<string, RecordSet> = Object.fromEntries(SITES.flatMap((s) => [[s.name, { A: ['127.0.0.1'] }], [`www.${s.name}`, { A: ['127.0.0.1'] }]]));
  for (const s of SITES) Object.assign(zone, s.dns ?? {});
  for (const d of DNSSEC_ONLY) zone[d.name] = { A: ['127.0.0.1'] };
  const dnssecLab = createDnssecLab({ ...DNSSEC_ZONES, ...Object.fromEntries(DNSSEC_ONLY.map((d) => [d.name, d.zone])) });
  const labDns = await startDnsServer(zone, { dnssec: dnssecLab });
  const started: { site: LabSite; server: Site; httpsPort: number; openssl?: OpensslSite }[] = [];
  // The Observatory (axios, in this process) resolves through dns.lookup: lab names go to loopback, nothing else resolves.
  const originalLookup = dns.lookup;
  (dns as { lookup: unknown }).lookup = (hostname: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (...a: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    if (hostname === '127.0.0.1' || hostname === 'localhost') return all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4);
    if (!hostname.endsWith('.lab-shop.com') && !hostname.endsWith('.lab-mail.com')) return cb(Object.assign(new Error(`not a lab name: ${hostname}`), { code: 'ENOTFOUND' }));
    return all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4);
  };
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), ca.cert]);
  try {
    for (const s of SITES) {
      const options = await s.options(ca);
      const server = await startSite(options);
      let httpsPort = server.httpsPort;
      if (s.openssl) {
        const openssl = await startOpensslSite(options.certificate, s.openssl);
        started.push({ site: s, server, httpsPort: openssl.port, openssl });
        portsOf.set(s.name, { http: server.httpPort, https: openssl.port });
        continue;
      }
      if (s.httpOnly) {
        // Close the HTTPS side: an unused port nobody listens on.
        const probe = net.createServer();
        await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
        httpsPort = (probe.address() as net.AddressInfo).port;
        await new Promise<void>((r) => probe.close(() => r()));
      }
      started.push({ site: s, server, httpsPort });
      portsOf.set(s.name, { http: server.httpPort, https: httpsPort });
    }
    const { retrieve } = (await import(path.join(obsDir, 'src/retriever/retriever.js'))) as { retrieve: (h: string, o: object) => Promise<unknown> };
    const { ALL_TESTS } = (await import(path.join(obsDir, 'src/constants.js'))) as { ALL_TESTS: ((r: unknown) => { result: string })[] };
    const { getScoreModifier } = (await import(path.join(obsDir, 'src/grader/grader.js'))) as { getScoreModifier: (r: string) => number };
    const withTestssl = hasCommand('testssl') && !process.argv.includes('--no-testssl');
    const verdicts: Verdict[] = [];
    const tlsVerdicts: Verdict[] = [];
    const mailVerdicts: Verdict[] = [];
    for (const { site, server, httpsPort } of started) {
      const ours = await scanDomain(site.name, { publicBaseUrl: 'https://confgate.bench', dnsServers: [labDns.server], allowedCidrs: ['127.0.0.1/32'], httpPort: server.httpPort, httpsPort, ca: ca.cert, timeoutMs: 3000, dnssecTrustAnchors: dnssecLab.trustAnchor });
      // The Observatory's scan() does not pass ports to retrieve(): call its steps as scan() does.
      let obs: Map<string, { result: string; modifier: number }> | undefined;
      try {
        const r = await retrieve(site.name, { httpPort: server.httpPort, httpsPort });
        obs = new Map(ALL_TESTS.map((t) => {
          const o = t(r) as { result: string; constructor: { name: string } };
          return [o.constructor.name, { result: o.result, modifier: getScoreModifier(o.result) }];
        }));
      } catch (err) {
        console.log(`  observatory: ${site.name}: ${(err as Error).message}`);
      }
      for (const [check, test] of Object.entries(OBS_MAP)) {
        const t = obs?.get(test);
        const c = ours.checks.find((x) => x.id === check);
        verdicts.push({ site: site.name, check, ours: flagged(ours, check), theirs: t === undefined ? undefined : t.modifier < 0, ourText: `${c?.status}: ${c?.evidence ?? ''}`, theirText: t ? `${t.result} (${t.modifier})` : 'no result' });
      }
      for (const [check, problem] of Object.entries(site.mail ?? {})) {
        const c = ours.checks.find((x) => x.id === check);
        mailVerdicts.push({ site: site.name, check, ours: flagged(ours, check), theirs: problem, ourText: `${c?.status}: ${c?.evidence ?? ''}`, theirText: problem ? 'built with a problem' : 'built right' });
      }
      if (withTestssl) {
        const ts = await testssl(site.name, httpsPort, caFile, path.join(scratch, `${site.name}.json`));
        const ev = ours.checks.find((c) => c.id === 'tls-legacy-protocols')?.evidence ?? '';
        const offered = (id: string) => (ts.has(id) ? /^offered/.test(ts.get(id) ?? '') : undefined);
        for (const [ver, id] of [['TLSv1', 'TLS1'], ['TLSv1.1', 'TLS1_1'], ['TLSv1.2', 'TLS1_2'], ['TLSv1.3', 'TLS1_3']] as const) {
          const accepted = new RegExp(`accepted: .*\\b${ver.replace('.', '\\.')}(,|$| )`).test(ev);
          tlsVerdicts.push({ site: site.name, check: `protocol ${ver}`, ours: ev.startsWith('accepted') ? accepted : undefined, theirs: offered(id), ourText: ev, theirText: ts.get(id) ?? 'no result' });
        }
        const cs = ours.checks.find((c) => c.id === 'tls-cipher-suites');
        // testssl.sh 3.0 names obsolete CBC suites `cipherlist_AVERAGE` and forward secrecy `PFS`; 3.2 renamed them.
        const cbcId = ts.has('cipherlist_OBSOLETED') ? 'cipherlist_OBSOLETED' : 'cipherlist_AVERAGE';
        const fsId = ts.has('FS') ? 'FS' : 'PFS';
        const broken = ['cipherlist_NULL', 'cipherlist_aNULL', 'cipherlist_EXPORT', 'cipherlist_LOW', 'cipherlist_3DES_IDEA'].map(offered);
        tlsVerdicts.push({ site: site.name, check: 'broken/weak suites', ours: cs?.status === 'error' ? undefined : cs?.status === 'fail', theirs: broken.every((b) => b === undefined) ? undefined : broken.some((b) => b === true), ourText: `${cs?.status}: ${cs?.evidence}`, theirText: broken.map((b) => String(b)).join('/') });
        // CBC offered, as the evidence lists it: a server that also accepts a broken class fails the check, which then
        // says nothing of CBC on its own.
        tlsVerdicts.push({ site: site.name, check: 'CBC suites', ours: cs?.status === 'error' ? undefined : /with CBC/.test(cs?.evidence ?? ''), theirs: offered(cbcId), ourText: `${cs?.status}: ${cs?.evidence}`, theirText: ts.get(cbcId) ?? 'no result' });
        const fs = ours.checks.find((c) => c.id === 'tls-forward-secrecy');
        // Flagged = no forward secrecy at all (testssl 3.0: "No ciphers supporting (P)FS offered"; "offered" otherwise).
        tlsVerdicts.push({ site: site.name, check: 'no forward secrecy', ours: fs?.status === 'error' ? undefined : fs?.status === 'fail', theirs: ts.has(fsId) ? !/^offered/i.test(ts.get(fsId) ?? '') : undefined, ourText: `${fs?.status}: ${fs?.evidence}`, theirText: ts.get(fsId) ?? 'no result' });
        // testssl.sh: LOGJAM says VULNERABLE only with DH EXPORT suites; a 1024-bit common prime (RFC 2409 group 2...)
        // is LOGJAM-common_primes at severity HIGH (checked on the lab: "RFC2409/Oakley Group 2", HIGH).
        const kx = ours.checks.find((c) => c.id === 'tls-key-exchange-group');
        const logjam = /VULNERABLE/i.test(ts.get('LOGJAM') ?? '') && !/not vulnerable/i.test(ts.get('LOGJAM') ?? '');
        const commonPrime = ['HIGH', 'CRITICAL'].includes(ts.get('LOGJAM-common_primes#severity') ?? '');
        tlsVerdicts.push({ site: site.name, check: 'weak DH group', ours: kx?.status === 'error' || kx?.status === 'not-applicable' ? undefined : kx?.status === 'fail', theirs: ts.has('LOGJAM') ? logjam || commonPrime : undefined, ourText: `${kx?.status}: ${kx?.evidence}`, theirText: `${ts.get('LOGJAM') ?? 'no result'}; ${ts.get('LOGJAM-common_primes') ?? ''}` });
        const exp = ours.checks.find((c) => c.id === 'tls-certificate-expiry');
        tlsVerdicts.push({ site: site.name, check: 'certificate expired', ours: exp?.status === 'error' ? undefined : exp?.status === 'fail', theirs: ts.has('cert_expirationStatus') ? /expired/i.test(ts.get('cert_expirationStatus') ?? '') : undefined, ourText: `${exp?.status}: ${exp?.evidence}`, theirText: ts.get('cert_expirationStatus') ?? 'no result' });
        const host = ours.checks.find((c) => c.id === 'tls-hostname-mismatch');
        tlsVerdicts.push({ site: site.name, check: 'certificate name', ours: host?.status === 'error' ? undefined : host?.status === 'fail', theirs: ts.has('cert_trust') ? !/^Ok/i.test(ts.get('cert_trust') ?? '') : undefined, ourText: `${host?.status}: ${host?.evidence}`, theirText: ts.get('cert_trust') ?? 'no result' });
        // The chain: testssl verifies it with its own OpenSSL against the lab CA (`--add-ca`); ours is the default
        // client's verdict (tls-certificate-trust). Key and signature: testssl's severity above LOW is a problem.
        const trust = ours.checks.find((c) => c.id === 'tls-certificate-trust');
        tlsVerdicts.push({ site: site.name, check: 'certificate chain', ours: trust?.status === 'error' ? undefined : trust?.status === 'fail', theirs: ts.has('cert_chain_of_trust') ? !/^passed/i.test(ts.get('cert_chain_of_trust') ?? '') : undefined, ourText: `${trust?.status}: ${trust?.evidence}`, theirText: ts.get('cert_chain_of_trust') ?? 'no result' });
        const badSeverity = (id: string) => (ts.has(id) ? ['MEDIUM', 'HIGH', 'CRITICAL'].includes(ts.get(`${id}#severity`) ?? '') : undefined);
        const key = ours.checks.find((c) => c.id === 'tls-weak-key');
        tlsVerdicts.push({ site: site.name, check: 'weak key', ours: key?.status === 'error' ? undefined : key?.status === 'fail', theirs: badSeverity('cert_keySize'), ourText: `${key?.status}: ${key?.evidence}`, theirText: `${ts.get('cert_keySize') ?? 'no result'} (${ts.get('cert_keySize#severity') ?? ''})` });
        // Certificate Transparency, as a fact rather than a problem: SCTs embedded in the certificate (testssl:
        // "yes (certificate extension)"; ours: the count the check read).
        const ct = ours.checks.find((c) => c.id === 'tls-certificate-transparency');
        const scts = /^(\d+) SCTs? embedded/.exec(ct?.evidence ?? '');
        tlsVerdicts.push({ site: site.name, check: 'SCTs in the certificate', ours: scts ? Number(scts[1]) > 0 : undefined, theirs: ts.has('certificate_transparency') ? /certificate extension/i.test(ts.get('certificate_transparency') ?? '') : undefined, ourText: `${ct?.status}: ${ct?.evidence}`, theirText: ts.get('certificate_transparency') ?? 'no result' });
        const sig = ours.checks.find((c) => c.id === 'tls-weak-signature');
        tlsVerdicts.push({ site: site.name, check: 'weak signature', ours: sig?.status === 'error' ? undefined : sig?.status === 'fail', theirs: badSeverity('cert_signatureAlgorithm'), ourText: `${sig?.status}: ${sig?.evidence}`, theirText: `${ts.get('cert_signatureAlgorithm') ?? 'no result'} (${ts.get('cert_signatureAlgorithm#severity') ?? ''})` });
      }
      console.log(`  ${site.name}: ours ${ours.grade} (${ours.score}), ${ours.requests} connections`);
    }
    const summarise = (label: string, list: Verdict[]) => {
      const judged = list.filter((v) => v.ours !== undefined && v.theirs !== undefined);
      const agree = judged.filter((v) => v.ours === v.theirs);
      const perCheck = [...new Set(list.map((v) => v.check))].map((check) => {
        const j = judged.filter((v) => v.check === check);
        return { check, agree: j.filter((v) => v.ours === v.theirs).length, judged: j.length };
      });
      console.log(`\n${label}: ${agree.length}/${judged.length} agree (${judged.length ? ((100 * agree.length) / judged.length).toFixed(1) : '-'} %)`);
      for (const p of perCheck) console.log(`  ${p.check.padEnd(28)} ${p.agree}/${p.judged}`);
      const diffs = judged.filter((v) => v.ours !== v.theirs);
      for (const d of diffs) console.log(`  DIFF ${d.site} ${d.check}: ours ${d.ours ? 'flags' : 'passes'} (${d.ourText.slice(0, 110)}) — theirs ${d.theirs ? 'flags' : 'passes'} (${d.theirText.slice(0, 80)})`);
      return { agree: agree.length, judged: judged.length, percent: judged.length ? Number(((100 * agree.length) / judged.length).toFixed(1)) : null, per_check: perCheck, differences: diffs.map(({ site, check, ours: o, theirs: t, ourText, theirText }) => ({ site, check, ours: o, theirs: t, ourText, theirText })) };
    };
    // DNSSEC: our validator and BIND's delv, on the mail domains and the DNS-only fault zones.
    const withDelv = hasCommand('delv');
    const dnssecVerdicts: Verdict[] = [];
    if (withDelv) {
      const anchorFile = path.join(scratch, 'lab-anchor.conf');
      const [tag, alg, type, digest] = (dnssecLab.trustAnchor[0] ?? '').split(' ');
      await writeFile(anchorFile, `trust-anchors { . static-ds ${tag} ${alg} ${type} "${digest}"; };\n`);
      const names = ['mailok.lab-mail.com', 'mailbare.lab-shop.com', ...DNSSEC_ONLY.map((d) => d.name)];
      for (const name of names) {
        const client = createDnsClient(labDns.server, { timeoutMs: 3000 });
        const ev = await collectDnssec(client, name, dnssecLab.trustAnchor).finally(() => client.close());
        const v = validateName(ev, name, Date.now());
        const theirs = await delv(name, labDns.port, anchorFile);
        const ourText = `${v.state}${'reason' in v ? `: ${v.reason}` : ''}`;
        const judged = (state: string, is: string) => (state === 'indeterminate' || state === 'unknown' ? undefined : state === is);
        for (const state of ['secure', 'insecure', 'bogus']) {
          dnssecVerdicts.push({ site: name, check: `dnssec ${state}`, ours: judged(v.state, state), theirs: judged(theirs.state, state), ourText, theirText: `${theirs.state}: ${theirs.text}` });
        }
        console.log(`  dnssec ${name}: ours ${v.state}, delv ${theirs.state}`);
      }
    }
    const observatory = summarise('Observatory 1.4.8 (header, cookie, redirect checks)', verdicts);
    const mail = summarise('Mail checks against the lab\'s design (internet.nl cannot scan loopback)', mailVerdicts);
    const testsslResult = withTestssl ? summarise('testssl.sh (protocols, ciphers, forward secrecy, certificate)', tlsVerdicts) : { skipped: 'testssl not installed: scripts/ensure-deb.sh testssl testssl.sh' };
    const dnssecResult = withDelv ? summarise('DNSSEC against BIND delv (secure / insecure / bogus per name)', dnssecVerdicts) : { skipped: 'delv not installed (Debian: bind9-dnsutils)' };
    return { suite: 'peers-scan', results: { sites: SITES.map((s) => ({ name: s.name, what: s.what })), dnssec_zones: DNSSEC_ONLY.map((d) => ({ name: d.name, what: d.what })), observatory, testssl: testsslResult, mail, dnssec: dnssecResult } };
  } finally {
    (dns as { lookup: unknown }).lookup = originalLookup;
    await Promise.all([...started.flatMap((s) => [s.server.close(), ...(s.openssl ? [s.openssl.close()] : [])]), labDns.close()]);
  }
}
