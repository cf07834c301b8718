// What the edge collects for one scan: plain data, so every check is a pure function over it and tests can
// build evidence by hand. A probe that could not run carries its error instead of a value.
import type { Finding } from '../core/types.ts';
import type { HstsPreloadEvidence } from './hsts-preload.ts';

/** `refused`: the connector refused the target (an address, name, port or scheme it does not connect to), so no
 * connection was made — for a page, a redirect led there. */
export type Probe<T> = { ok: true; value: T } | { ok: false; error: string; refused?: boolean };

export interface Hop {
  url: string;
  status: number;
  location?: string;
  /** Set-Cookie lines of this response: a redirect sets cookies too, and a browser keeps them. */
  setCookie?: string[];
}

export interface Page {
  /** The final URL after redirects. */
  url: string;
  status: number;
  headers: Record<string, string[]>;
  /** Decoded as UTF-8 (binary probes use `head`); at most the connector's body cap. */
  body: string;
  /** The first bytes as hex, for binary signatures (ZIP, gzip, .DS_Store). */
  head: string;
  /** Every response on the way, the final one included. */
  chain: Hop[];
}

export interface CertInfo {
  subject: string;
  issuer: string;
  subjectAltName: string;
  validFrom: number;
  validTo: number;
  /** `rsa`, `ec`, `ed25519`... */
  keyType: string;
  /** RSA modulus length in bits; absent for other key types. */
  rsaBits?: number;
  /** The named curve of an EC key (`prime256v1`, `secp384r1`...); absent for other key types. */
  curve?: string;
  /** DSA prime length in bits. */
  dsaBits?: number;
  signatureAlgorithm: string;
  hostnameMatches: boolean;
  /** Signed certificate timestamps embedded in the certificate (RFC 6962 extension 1.3.6.1.4.1.11129.2.4.2);
   * absent in evidence recorded before scan-2026-11.3. */
  embeddedScts?: number;
}

export interface TlsInfo {
  protocol: string | null;
  /** The chain verified as a default client verifies it (OpenSSL's default security level); when no default client
   * could complete a handshake (the server offers only what that level refuses), as verified at the lowest level. */
  trusted: boolean;
  trustError?: string;
  /** False when the verdict is the lowest level's because a default client could not complete a handshake. */
  asDefaultClient: boolean;
  certificate?: CertInfo;
  /** The default-client handshake asked for a stapled OCSP response: whether one came (absent before scan-2026-11.3). */
  ocspStapled?: boolean;
  /** Its key exchange: `ECDH`/`DH` with the curve or group name and size in bits, or `TLSGroup` for groups Node
   * does not describe further (e.g. the post-quantum hybrid `X25519MLKEM768`). */
  keyExchange?: { type: string; name?: string; size?: number };
}

export const TLS_VERSIONS = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const;
export type TlsVersion = (typeof TLS_VERSIONS)[number];

/** What hand-built ClientHellos (TLS 1.2 and below) found: each suite class the server accepted, with the suite,
 * version and (ECDHE) group it chose. A class absent from `accepted` was refused. */
export interface CipherEvidence {
  accepted: Partial<Record<'null' | 'anon' | 'export' | 'rc4' | '3des' | 'fsCbc' | 'rsaCbc' | 'rsaAead' | 'fsAead', { suite: number; version: number; group?: number; dhBits?: number }>>;
  /** A ClientHello offering only authenticated DHE suites: accepted with this suite and DH prime size (absent:
   * refused, or evidence from before scan-2026-11.3). */
  dhe?: { suite: number; version: number; dhBits?: number };
  handshakes: number;
}

export interface DnsEvidence {
  a: Probe<string[]>;
  aaaa: Probe<string[]>;
  caa: Probe<{ critical: number; tag: string; value: string }[]>;
  mx: Probe<{ priority: number; exchange: string }[]>;
  /** TXT records at the domain, each joined from its strings. */
  txt: Probe<string[]>;
  dmarc: Probe<string[]>;
  mtaStsTxt: Probe<string[]>;
  /** TXT at `_smtp._tls.<domain>` (TLS-RPT); absent in evidence recorded before scan-2026-11.2. */
  tlsRpt?: Probe<string[]>;
  /** The MTA-STS policy file, fetched only when the `_mta-sts` record exists. */
  mtaStsPolicy?: Probe<Page>;
  /** The DNSSEC records the scanner validates itself (src/scan/checks/dnssec.ts); before scan-2026-11.4 this was
   * the DS lookup and the resolver's AD flag. */
  dnssec: Probe<DnssecEvidence>;
}

/** One resource record as the resolver sent it (names within NS, CNAME, MX and SOA data written out in full). */
export interface DnsRecord {
  name: string;
  type: number;
  ttl: number;
  /** The record's data, base64. */
  data: string;
}

export interface DnsAnswer {
  rcode: number;
  answers: DnsRecord[];
  /** The authority section: the SOA (and its RRSIG, NSEC/NSEC3) of a negative answer. */
  authorities: DnsRecord[];
}

export interface DnssecEvidence {
  /** Root trust anchors the validation starts from, as DS records in presentation form (`20326 8 2 E06D…`). */
  anchors: string[];
  /** Every question asked with DO and CD set, keyed `example.com. DNSKEY` (`.` the root), and its answer. */
  answers: Record<string, Probe<DnsAnswer>>;
  /** The names whose chains were collected: the domain, then its MX hosts. */
  names: string[];
  /** The domain has MX records: its MX set is validated with its A records. */
  mx: boolean;
  /** The domain is an alias (CNAME): the target whose chain was collected too (absent: not an alias). */
  alias?: string;
  /** Questions sent to the resolver. */
  queries: number;
}

export type ExposureKind = 'env' | 'git-config' | 'git-head' | 'compose' | 'dockerfile' | 'dockerignore' | 'server-status' | 'ds-store' | 'zip' | 'gzip' | 'sql';

export interface ExposureProbe {
  path: string;
  kind: ExposureKind;
  result: Probe<Page>;
}

export interface Evidence {
  domain: string;
  /** Milliseconds since the epoch when collection started: expiry checks compare against it, not the clock. */
  at: number;
  https: Probe<Page>;
  http: Probe<Page>;
  /** The home page fetched again with a foreign `Origin`. */
  cors: Probe<Page>;
  /** The origin the CORS probe sent. */
  corsOrigin: string;
  securityTxt: Probe<Page>;
  tls: Probe<TlsInfo>;
  /** Whether a handshake pinned to each version succeeded. */
  tlsVersions: Record<TlsVersion, Probe<boolean>>;
  /** Suite classes accepted at TLS 1.2 and below (absent from evidence recorded before scan-2026-11.2). */
  ciphers?: Probe<CipherEvidence>;
  dns: DnsEvidence;
  /** A random path's response: what this site answers for things that do not exist (soft-404 guard). */
  notFound: Probe<Page>;
  exposure: ExposureProbe[];
  /** The home page over IPv6: the name's AAAA address, HTTPS first, plain HTTP when that fails (absent before
   * scan-2026-11.3). A name without AAAA gives an error here; the check reads `dns.aaaa` for that. */
  ipv6?: Probe<{ url: string; status: number; address: string }>;
  /** The HSTS preload list's entry for the domain, when the operator configured a list (SCAN_HSTS_PRELOAD_LIST);
   * absent: no list, the preload status is not judged. */
  hstsPreload?: HstsPreloadEvidence;
  /** Findings from analysing an exposed Dockerfile or compose file. */
  exposedFileFindings: Finding[];
}
