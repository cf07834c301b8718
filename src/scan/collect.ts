// The edge of a scan: gathers evidence over the guarded connector and the scan's own resolver. Nothing here
// judges; every failure becomes a probe error that the checks report as status `error`.
import { randomBytes } from 'node:crypto';
import type { X509Certificate } from 'node:crypto';
import { getDomain } from 'tldts';
import { ConnectError } from '../net/connector.ts';
import type { Connector, RequestOptions, ScanBudget, TlsProbeResult } from '../net/connector.ts';
import { createDnsClient } from '../net/dns-client.ts';
import type { CertInfo, CipherEvidence, DnsEvidence, DnssecEvidence, Evidence, ExposureProbe, Page, Probe, TlsInfo, TlsVersion } from './evidence.ts';
import { EXPOSURE_PROBES } from './checks/exposure.ts';
import { ROOT_TRUST_ANCHORS } from './checks/dnssec.ts';
import { probeCipherClasses } from './probes/cipher-probe.ts';
import { collectDnssec } from './probes/dnssec-probe.ts';

export const MAX_REDIRECTS = 5;

export interface CollectOptions {
  budget: ScanBudget;
  timeoutMs: number;
  maxBodyBytes: number;
  at: number;
  /** Root trust anchors for DNSSEC validation (default: IANA's). */
  dnssecTrustAnchors?: readonly string[];
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
  info.embeddedScts = embeddedSctCount(cert.raw);
  return info;
}

/** DER length at `at` (the byte after the tag): [length, where the contents start]. */
function derLength(der: Buffer, at: number): [number, number] {
  const first = der[at] ?? 0;
  if (first < 0x80) return [first, at + 1];
  const n = first & 0x7f;
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + (der[at + 1 + i] ?? 0);
  return [len, at + 1 + n];
}

/** The RFC 6962 SCT-list extension's OID (1.3.6.1.4.1.11129.2.4.2), DER-encoded with its tag. */
const SCT_LIST_OID = Buffer.from('060a2b06010401d679020402', 'hex');

/** How many SCTs a certificate embeds: the extension is the OID, an optional critical flag, then an OCTET STRING
 * holding an OCTET STRING holding the TLS-encoded list (2-byte total, then 2-byte length before each SCT). */
export function embeddedSctCount(der: Buffer): number {
  const at = der.indexOf(SCT_LIST_OID);
  if (at < 0) return 0;
  let p = at + SCT_LIST_OID.length;
  if (der[p] === 0x01) p += 3; // BOOLEAN critical
  if (der[p] !== 0x04) return 0;
  let [, inner] = derLength(der, p + 1);
  if (der[inner] !== 0x04) return 0;
  const [listLen, list] = derLength(der, inner + 1);
  if (listLen < 2) return 0;
  const total = der.readUInt16BE(list);
  let count = 0;
  for (let q = list + 2; q + 2 <= list + 2 + total && q + 2 <= der.length; count++) q += 2 + der.readUInt16BE(q);
  return count;
}

/** Node names only some verification errors; the others (a key or signature digest below the security level)
 * read `UNSPECIFIED`. When the lowest level verified the same chain, the security level is the only difference. */
const BELOW_DEFAULT_LEVEL = 'below the default security level (key or signature digest too weak)';

/** At most `n` of a scan's connections to the site at once (browsers keep to 6 per host): every probe is queued
 * at the start and runs as a slot frees, instead of group after group. A freed slot passes straight to the next. */
export function hostLimit(n: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active < n) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

type Limit = ReturnType<typeof hostLimit>;

/** A handshake pinned to one version at security level 0: its result, or false when the server refused the version.
 * A protocol alert or a reset mid-handshake is the server saying no; a timeout or a refused address is not an answer. */
async function versionHandshake(connector: Connector, domain: string, version: TlsVersion, opts: CollectOptions): Promise<TlsProbeResult | false> {
  try {
    return await connector.tlsProbe(domain, { minVersion: version, maxVersion: version, timeoutMs: opts.timeoutMs, budget: opts.budget });
  } catch (err) {
    if ((err as { code?: string }).code === 'tls' || /ECONNRESET/.test(errorText(err))) return false;
    throw err;
  }
}

interface TlsFacts {
  tls: Probe<TlsInfo>;
  tlsVersions: Record<TlsVersion, Probe<boolean>>;
  ciphers: Probe<CipherEvidence>;
}

/**
 * Every TLS fact in as few handshakes as the checks need: one as a default client (trust, and the best version it
 * negotiates: TLS 1.3 accepted or not), the cipher-class ClientHellos (whose ServerHellos also show TLS 1.2), and
 * TLS 1.0/1.1 pinned at security level 0. TLS 1.2 and 1.3 get handshakes of their own only when those do not
 * settle them — a server no default client can talk to, or one whose TLS 1.2 suites none of the classes hold.
 * 9 handshakes for a typical server (8 before the DHE-alone ClientHello of scan-2026-11.3), where one per version
 * plus two for trust plus the cipher classes made 12.
 */
async function collectTls(connector: Connector, domain: string, opts: CollectOptions, limit: Limit): Promise<TlsFacts> {
  const probeOptions = { timeoutMs: opts.timeoutMs, budget: opts.budget };
  const pinned = (v: TlsVersion) => probe(() => limit(() => versionHandshake(connector, domain, v, opts)));
  const [asDefault, ciphers, v10, v11] = await Promise.all([
    probe(() => limit(() => connector.tlsProbe(domain, { ...probeOptions, asDefaultClient: true }))),
    probe(() => probeCipherClasses(connector, domain, { ...probeOptions, limit })),
    pinned('TLSv1'),
    pinned('TLSv1.1'),
  ]);
  const settled = <T>(value: T): Probe<T> => ({ ok: true, value });
  let v12: Probe<TlsProbeResult | false>;
  let v13: Probe<TlsProbeResult | false>;
  if (asDefault.ok) {
    const best = asDefault.value.protocol;
    v13 = settled(best === 'TLSv1.3' ? asDefault.value : false);
    const helloAt12 = ciphers.ok && Object.values(ciphers.value.accepted).some((a) => a.version === 0x0303);
    v12 = best === 'TLSv1.2' || helloAt12 ? settled(asDefault.value) : await pinned('TLSv1.2');
  } else {
    [v12, v13] = await Promise.all([pinned('TLSv1.2'), pinned('TLSv1.3')]);
  }
  const byVersion: [TlsVersion, Probe<TlsProbeResult | false>][] = [['TLSv1', v10], ['TLSv1.1', v11], ['TLSv1.2', v12], ['TLSv1.3', v13]];
  const tlsVersions = Object.fromEntries(byVersion.map(([v, p]) => [v, p.ok ? settled(p.value !== false) : p])) as Record<TlsVersion, Probe<boolean>>;
  // The level-0 view: the highest version a pinned handshake completed (what a weak server still says).
  const lowest = [...byVersion].reverse().map(([, p]) => (p.ok ? p.value : false))
    .find((r): r is TlsProbeResult => r !== false && (!asDefault.ok || r !== asDefault.value));
  const seen = asDefault.ok ? asDefault.value : lowest;
  if (seen === undefined) {
    const failure = [asDefault, v13, v12].find((p) => !p.ok);
    return { tls: { ok: false, error: failure && !failure.ok ? failure.error : 'no TLS version accepted' }, tlsVersions, ciphers };
  }
  const info: TlsInfo = { protocol: seen.protocol, trusted: seen.authorized, asDefaultClient: asDefault.ok, ocspStapled: seen.ocspStapled };
  if (seen.keyExchange) info.keyExchange = seen.keyExchange;
  const error = seen.authorizationError;
  if (error !== undefined) {
    let belowDefault = false;
    if (error === 'UNSPECIFIED') {
      // Node does not name it: ask the lowest security level whether the same chain verifies there.
      const atZero = lowest ?? (await probe(() => limit(() => connector.tlsProbe(domain, probeOptions))).then((p) => (p.ok ? p.value : undefined)));
      belowDefault = atZero?.authorized === true;
    }
    info.trustError = belowDefault ? BELOW_DEFAULT_LEVEL : error;
  }
  if (seen.certificate) info.certificate = certInfo(seen.certificate, domain);
  return { tls: settled(info), tlsVersions, ciphers };
}

/** The DNSSEC records of the domain and its MX hosts, asked of the scan's resolver (node:dns has no DNSKEY, DS or
 * RRSIG queries and hides the AD and CD flags). */
async function queryDnssec(connector: Connector, domain: string, opts: CollectOptions): Promise<DnssecEvidence> {
  const servers = connector.resolver.getServers();
  // As patient as the resolver's own lookups (node:dns: its timeout, tried twice), never more than a request.
  const client = createDnsClient(servers, { timeoutMs: Math.min(opts.timeoutMs, 2 * (connector.settings.dnsTimeoutMs ?? 3000)) });
  try {
    return await collectDnssec(client, domain, opts.dnssecTrustAnchors ?? ROOT_TRUST_ANCHORS);
  } finally {
    client.close();
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
    probe(() => queryDnssec(connector, domain, opts)),
  ]);
  const dns: DnsEvidence = { a, aaaa, caa, mx, txt: txtRecords, dmarc, mtaStsTxt, tlsRpt, dnssec };
  if (mtaStsTxt.ok && mtaStsTxt.value.some((t) => /^v=STSv1/i.test(t))) {
    dns.mtaStsPolicy = await probe(() => fetchFollow(connector, `https://mta-sts.${domain}/.well-known/mta-sts.txt`, opts, { verifyTls: true, maxBodyBytes: 64 * 1024 }));
  }
  return dns;
}

async function collectExposure(connector: Connector, domain: string, opts: CollectOptions, limit: Limit): Promise<{ notFound: Probe<Page>; exposure: ExposureProbe[] }> {
  const base = `https://${domain}`;
  // Politeness is the per-host limit: the probes queue behind it with everything else.
  const get = (path: string) => probe(() => limit(() => fetchFollow(connector, `${base}${path}`, opts, { maxBodyBytes: 64 * 1024 })));
  const [notFound, exposure] = await Promise.all([
    get(`/confgate-${randomBytes(8).toString('hex')}.txt`),
    Promise.all(EXPOSURE_PROBES.map(async (p): Promise<ExposureProbe> => ({ path: p.path, kind: p.kind, result: await get(p.path) }))),
  ]);
  return { notFound, exposure };
}

/** The home page over the name's IPv6 address: HTTPS, else plain HTTP (a site may serve only one). */
async function collectIpv6(connector: Connector, domain: string, opts: CollectOptions, limit: Limit): Promise<Probe<{ url: string; status: number; address: string }>> {
  const get = (url: string) => limit(() => connector.request(url, { family: 6, timeoutMs: opts.timeoutMs, maxBodyBytes: 1024, budget: opts.budget, verifyTls: false }));
  return probe(async () => {
    let res;
    try {
      res = await get(`https://${domain}/`);
    } catch (err) {
      if (err instanceof ConnectError && (err.code === 'dns' || REFUSALS.has(err.code))) throw err;
      res = await get(`http://${domain}/`);
    }
    return { url: res.url, status: res.status, address: res.address };
  });
}

export const CORS_PROBE_ORIGIN = 'https://cors-probe.confgate-scanner.com';

/** Collects everything one scan judges. Independent groups run concurrently; each group stays small. */
/** How many of a scan's connections may be open to the site at once. */
export const PER_HOST_CONNECTIONS = 6;

/** Collects everything one scan judges: every probe is queued at once behind the per-host limit. */
export async function collectEvidence(connector: Connector, domain: string, opts: CollectOptions): Promise<Omit<Evidence, 'exposedFileFindings'>> {
  const limit = hostLimit(PER_HOST_CONNECTIONS);
  const page = (url: string, extra: Partial<RequestOptions> = {}) => probe(() => limit(() => fetchFollow(connector, url, opts, extra)));
  const [https, http, cors, securityTxt, tlsFacts, dns, exposed, ipv6] = await Promise.all([
    page(`https://${domain}/`),
    page(`http://${domain}/`),
    page(`https://${domain}/`, { headers: { origin: CORS_PROBE_ORIGIN } }),
    page(`https://${domain}/.well-known/security.txt`, { maxBodyBytes: 64 * 1024 }),
    collectTls(connector, domain, opts, limit),
    collectDns(connector, domain, opts),
    collectExposure(connector, domain, opts, limit),
    collectIpv6(connector, domain, opts, limit),
  ]);
  const { tls, tlsVersions, ciphers } = tlsFacts;
  return { domain, at: opts.at, https, http, cors, corsOrigin: CORS_PROBE_ORIGIN, securityTxt, tls, tlsVersions, ciphers, dns, notFound: exposed.notFound, exposure: exposed.exposure, ipv6 };
}
