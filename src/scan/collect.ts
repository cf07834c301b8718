// The edge of a scan: gathers evidence over the guarded connector and the scan's own resolver. Nothing here
// judges; every failure becomes a probe error that the checks report as status `error`.
import { randomBytes, randomInt } from 'node:crypto';
import type { X509Certificate } from 'node:crypto';
import dgram from 'node:dgram';
import { isIPv6 } from 'node:net';
import { getDomain } from 'tldts';
import { ConnectError } from '../net/connector.ts';
import type { Connector, RequestOptions, ScanBudget } from '../net/connector.ts';
import { decodeMessage, encodeQuery, FLAG, RR } from '../net/dns-wire.ts';
import type { CertInfo, DnsEvidence, Evidence, ExposureProbe, Page, Probe, TlsInfo, TlsVersion } from './evidence.ts';
import { TLS_VERSIONS } from './evidence.ts';
import { EXPOSURE_PROBES } from './checks/exposure.ts';
import { probeCipherClasses } from './probes/cipher-probe.ts';

export const MAX_REDIRECTS = 5;

export interface CollectOptions {
  budget: ScanBudget;
  timeoutMs: number;
  maxBodyBytes: number;
  at: number;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const REFUSALS: ReadonlySet<string> = new Set(['refused-address', 'refused-host', 'refused-port']);

async function probe<T>(work: () => Promise<T>): Promise<Probe<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    return err instanceof ConnectError && REFUSALS.has(err.code) ? { ok: false, error: errorText(err), refused: true } : { ok: false, error: errorText(err) };
  }
}

/** GET with redirects followed by hand: each hop goes back through the connector, so each is vetted again. */
export async function fetchFollow(connector: Connector, start: string, opts: CollectOptions, extra: Partial<RequestOptions> = {}): Promise<Page> {
  const chain: Page['chain'] = [];
  let url = new URL(start);
  for (let hop = 0; ; hop++) {
    const res = await connector.request(url, { timeoutMs: opts.timeoutMs, maxBodyBytes: opts.maxBodyBytes, budget: opts.budget, verifyTls: false, ...extra });
    const location = res.headers['location']?.[0];
    const step: Page['chain'][number] = location !== undefined ? { url: res.url, status: res.status, location } : { url: res.url, status: res.status };
    const setCookie = res.headers['set-cookie'];
    if (setCookie !== undefined && setCookie.length > 0) step.setCookie = setCookie;
    chain.push(step);
    if (res.status < 300 || res.status >= 400 || location === undefined) {
      return { url: res.url, status: res.status, headers: res.headers, body: res.body.toString('utf8'), head: res.body.subarray(0, 16).toString('hex'), chain };
    }
    if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
    url = new URL(location, url);
  }
}

function certInfo(cert: X509Certificate, domain: string): CertInfo {
  const key = cert.publicKey;
  const info: CertInfo = {
    subject: cert.subject.replace(/\n/g, ', '),
    issuer: cert.issuer.replace(/\n/g, ', '),
    subjectAltName: cert.subjectAltName ?? '',
    validFrom: Date.parse(cert.validFrom),
    validTo: Date.parse(cert.validTo),
    keyType: key.asymmetricKeyType ?? 'unknown',
    signatureAlgorithm: cert.signatureAlgorithm ?? cert.signatureAlgorithmOid,
    hostnameMatches: cert.checkHost(domain) !== undefined,
  };
  const bits = key.asymmetricKeyDetails?.modulusLength;
  if ((key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'rsa-pss') && bits !== undefined) info.rsaBits = bits;
  if (key.asymmetricKeyType === 'dsa' && bits !== undefined) info.dsaBits = bits;
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (key.asymmetricKeyType === 'ec' && curve !== undefined) info.curve = curve;
  return info;
}

/** Node names only some verification errors; the others (a key or signature digest below the security level)
 * read `UNSPECIFIED`. When the lowest level verified the same chain, the security level is the only difference. */
const BELOW_DEFAULT_LEVEL = 'below the default security level (key or signature digest too weak)';

async function collectTls(connector: Connector, domain: string, opts: CollectOptions): Promise<TlsInfo> {
  const probeOptions = { timeoutMs: opts.timeoutMs, budget: opts.budget };
  const [r, asDefault] = await Promise.all([
    connector.tlsProbe(domain, probeOptions),
    probe(() => connector.tlsProbe(domain, { ...probeOptions, asDefaultClient: true })),
  ]);
  const verdict = asDefault.ok ? asDefault.value : r;
  const info: TlsInfo = { protocol: r.protocol, trusted: verdict.authorized, asDefaultClient: asDefault.ok };
  const error = verdict.authorizationError;
  if (error !== undefined) info.trustError = error === 'UNSPECIFIED' && r.authorized ? BELOW_DEFAULT_LEVEL : error;
  if (r.certificate) info.certificate = certInfo(r.certificate, domain);
  return info;
}

/** A handshake refused by the server is an answer (not offered); a timeout or a refused address is not. */
async function versionAccepted(connector: Connector, domain: string, version: TlsVersion, opts: CollectOptions): Promise<boolean> {
  try {
    await connector.tlsProbe(domain, { minVersion: version, maxVersion: version, timeoutMs: opts.timeoutMs, budget: opts.budget });
    return true;
  } catch (err) {
    // A protocol alert or a reset mid-handshake is the server saying no; a timeout or refusal is not an answer.
    if ((err as { code?: string }).code === 'tls' || /ECONNRESET/.test(errorText(err))) return false;
    throw err;
  }
}

/** Asks the scan's resolver for DS directly (node:dns has no DS query and hides the AD flag). */
async function queryDnssec(connector: Connector, zone: string, timeoutMs: number): Promise<{ ds: boolean; authenticated: boolean }> {
  const server = connector.resolver.getServers()[0];
  if (server === undefined) throw new Error('no DNS server configured');
  const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(isIPv6(server) ? `[${server}]` : server);
  const host = m?.[1] ?? server;
  const port = Number(m?.[2] ?? 53);
  const socket = dgram.createSocket(isIPv6(host) ? 'udp6' : 'udp4');
  const id = randomInt(0, 0x10000);
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no DS answer within ${timeoutMs} ms`)), timeoutMs);
      socket.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      socket.on('message', (msg) => {
        const reply = decodeMessage(msg);
        if (!reply || reply.id !== id) return;
        clearTimeout(timer);
        resolve({ ds: reply.answers.some((a) => a.type === RR.DS), authenticated: (reply.flags & FLAG.AD) !== 0 });
      });
      socket.send(encodeQuery(id, zone, RR.DS, true), port, host);
    });
  } finally {
    socket.close();
  }
}

function noData<T>(p: Promise<T[]>): Promise<T[]> {
  return p.catch((e: NodeJS.ErrnoException) => (e.code === 'ENODATA' || e.code === 'ENOTFOUND' ? [] : Promise.reject(e)));
}

async function collectDns(connector: Connector, domain: string, opts: CollectOptions): Promise<DnsEvidence> {
  const r = connector.resolver;
  const txt = (name: string) => probe(() => noData(r.resolveTxt(name)).then((rs) => rs.map((parts) => parts.join(''))));
  // DMARC policy discovery falls back to the organisational domain (RFC 7489 §6.6.3).
  const org = getDomain(domain) ?? domain;
  const dmarcAt = async (): Promise<string[]> => {
    const own = await noData(r.resolveTxt(`_dmarc.${domain}`));
    const found = own.length > 0 || org === domain ? own : await noData(r.resolveTxt(`_dmarc.${org}`));
    return found.map((parts) => parts.join(''));
  };
  const [a, aaaa, caa, mx, txtRecords, dmarc, mtaStsTxt, tlsRpt, dnssec] = await Promise.all([
    probe(() => noData(r.resolve4(domain))),
    probe(() => noData(r.resolve6(domain))),
    probe(() => noData(r.resolveCaa(domain)).then((rs) => rs.map((c) => {
      // node:dns puts the tag in a property of its own name, next to `critical` (and `type` in newer versions).
      const tag = Object.keys(c).find((k) => k !== 'critical' && k !== 'type') ?? '';
      return { critical: c.critical, tag, value: String((c as unknown as Record<string, unknown>)[tag] ?? '') };
    }))),
    probe(() => noData(r.resolveMx(domain))),
    txt(domain),
    probe(dmarcAt),
    txt(`_mta-sts.${domain}`),
    txt(`_smtp._tls.${domain}`),
    probe(() => queryDnssec(connector, org, opts.timeoutMs)),
  ]);
  const dns: DnsEvidence = { a, aaaa, caa, mx, txt: txtRecords, dmarc, mtaStsTxt, tlsRpt, dnssec };
  if (mtaStsTxt.ok && mtaStsTxt.value.some((t) => /^v=STSv1/i.test(t))) {
    dns.mtaStsPolicy = await probe(() => fetchFollow(connector, `https://mta-sts.${domain}/.well-known/mta-sts.txt`, opts, { verifyTls: true, maxBodyBytes: 64 * 1024 }));
  }
  return dns;
}

async function collectExposure(connector: Connector, domain: string, opts: CollectOptions): Promise<{ notFound: Probe<Page>; exposure: ExposureProbe[] }> {
  const base = `https://${domain}`;
  const get = (path: string) => probe(() => fetchFollow(connector, `${base}${path}`, opts, { maxBodyBytes: 64 * 1024 }));
  const notFound = await get(`/confgate-${randomBytes(8).toString('hex')}.txt`);
  // Politeness: a few at a time, not the whole list at once.
  const exposure: ExposureProbe[] = [];
  for (let i = 0; i < EXPOSURE_PROBES.length; i += 4) {
    const batch = EXPOSURE_PROBES.slice(i, i + 4);
    exposure.push(...(await Promise.all(batch.map(async (p) => ({ path: p.path, kind: p.kind, result: await get(p.path) })))));
  }
  return { notFound, exposure };
}

export const CORS_PROBE_ORIGIN = 'https://cors-probe.confgate-scanner.com';

/** Collects everything one scan judges. Independent groups run concurrently; each group stays small. */
export async function collectEvidence(connector: Connector, domain: string, opts: CollectOptions): Promise<Omit<Evidence, 'exposedFileFindings'>> {
  const page = (url: string, extra: Partial<RequestOptions> = {}) => probe(() => fetchFollow(connector, url, opts, extra));
  const [https, http, cors, securityTxt, tls, dns] = await Promise.all([
    page(`https://${domain}/`),
    page(`http://${domain}/`),
    page(`https://${domain}/`, { headers: { origin: CORS_PROBE_ORIGIN } }),
    page(`https://${domain}/.well-known/security.txt`, { maxBodyBytes: 64 * 1024 }),
    probe(() => collectTls(connector, domain, opts)),
    collectDns(connector, domain, opts),
  ]);
  const [versions, ciphers] = await Promise.all([
    Promise.all(TLS_VERSIONS.map((v) => probe(() => versionAccepted(connector, domain, v, opts)))),
    probe(() => probeCipherClasses(connector, domain, opts)),
  ]);
  const tlsVersions = Object.fromEntries(TLS_VERSIONS.map((v, i) => [v, versions[i]])) as Record<TlsVersion, Probe<boolean>>;
  const { notFound, exposure } = await collectExposure(connector, domain, opts);
  return { domain, at: opts.at, https, http, cors, corsOrigin: CORS_PROBE_ORIGIN, securityTxt, tls, tlsVersions, ciphers, dns, notFound, exposure };
}
