// The one guarded way out to the network. Every connection the scanner makes (pages, redirects, probes, TLS
// handshakes, the MTA-STS policy) and every webhook delivery goes through here: resolve the name with our own
// resolver, refuse unless every address is public (or explicitly allowed), then connect to the vetted address
// itself with the name only as SNI/Host — there is no second resolution for DNS rebinding to exploit.
import type { X509Certificate } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net, { isIP } from 'node:net';
import tls from 'node:tls';
import type { Cidr } from './address.ts';
import { parseCidrs, vetAddress } from './address.ts';
import { checkHostname } from './hostname.ts';

export interface ConnectorSettings {
  /** TEST-ONLY: DNS servers (`host:port`) instead of the system's. */
  dnsServers?: readonly string[];
  /** TEST-ONLY: ranges allowed besides public unicast, e.g. `127.0.0.0/8`. */
  allowedCidrs?: readonly string[];
  /** TEST-ONLY: the stand-ins for ports 80 and 443 (URLs without a port, or naming 80 or 443, connect there). */
  httpPort?: number;
  httpsPort?: number;
  /** Lets a URL name any port. Webhook deliveries only: a partner's own URL, validated when the scan was created.
   * Scans keep to ports 80 and 443 on every hop, as their input does. */
  anyPort?: boolean;
  /** Trusted CAs replacing the default roots (tests); production relies on the defaults + NODE_EXTRA_CA_CERTS. */
  ca?: string | Buffer | ReadonlyArray<string | Buffer>;
  userAgent?: string;
  dnsTimeoutMs?: number;
  /** Keep HTTP(S) connections open and reuse them for the next request to the same vetted address, port, SNI and
   * verification setting (a scan's same-origin probes). The pool is keyed by the address itself, so a reused
   * connection never reaches anything a fresh one would not. Call `close()` when done. */
  keepAlive?: boolean;
}

export type ConnectErrorCode = 'refused-address' | 'refused-host' | 'refused-port' | 'dns' | 'timeout' | 'budget' | 'network' | 'tls';

export class ConnectError extends Error {
  readonly code: ConnectErrorCode;
  constructor(code: ConnectErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = 'ConnectError';
  }
}

/** Per-scan limits: a request count and a wall-clock deadline shared by everything one scan does. */
export class ScanBudget {
  readonly maxRequests: number;
  readonly deadline: number;
  used = 0;
  constructor(maxRequests: number, maxTotalMs: number) {
    this.maxRequests = maxRequests;
    this.deadline = Date.now() + maxTotalMs;
  }
  /** Connections actually opened (a request over a kept-alive connection opens none). */
  connections = 0;
  /** Claims one request and returns the time it may take at most. */
  take(wantedMs: number): number {
    const left = this.deadline - Date.now();
    if (this.used >= this.maxRequests) throw new ConnectError('budget', `scan request budget of ${this.maxRequests} exhausted`);
    if (left <= 0) throw new ConnectError('budget', 'scan time budget exhausted');
    this.used++;
    return Math.min(wantedMs, left);
  }
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** Scans read pages of sites with broken certificates too (trust is judged separately); webhooks verify. */
  verifyTls?: boolean;
  budget?: ScanBudget;
  /** Connect to one of the name's vetted IPv6 (6) or IPv4 (4) addresses; refused with `dns` when it has none. */
  family?: 4 | 6;
}

export interface SafeResponse {
  url: string;
  status: number;
  /** Lower-cased names, every value kept (e.g. several Set-Cookie). */
  headers: Record<string, string[]>;
  body: Buffer;
  truncated: boolean;
  /** The vetted address the connection went to. */
  address: string;
}

export interface TlsProbeOptions {
  /** Connect as a default Node client would (its ciphers, protocol versions and OpenSSL's default security level)
   * instead of offering everything down to security level 0: how the certificate's trust is judged. */
  asDefaultClient?: boolean;
  minVersion?: tls.SecureVersion;
  maxVersion?: tls.SecureVersion;
  timeoutMs?: number;
  budget?: ScanBudget;
  /** Connect to one of the name's vetted IPv6 (6) or IPv4 (4) addresses; refused with `dns` when it has none. */
  family?: 4 | 6;
}

export interface TlsProbeResult {
  protocol: string | null;
  authorized: boolean;
  authorizationError?: string;
  certificate?: X509Certificate;
  /** The vetted address the handshake went to. */
  address: string;
  /** Every handshake asks for a stapled OCSP response (status_request): whether the server sent one. */
  ocspStapled: boolean;
  /** The key exchange the handshake used (Node's getEphemeralKeyInfo: `ECDH`/`DH`/`TLSGroup`, its name and size). */
  keyExchange?: { type: string; name?: string; size?: number };
}

export interface TcpOptions {
  timeoutMs?: number;
  budget?: ScanBudget;
  /** Connect to one of the name's vetted IPv6 (6) or IPv4 (4) addresses; refused with `dns` when it has none. */
  family?: 4 | 6;
}

export interface TcpConnection {
  /** Connected to `address` on the HTTPS port; the caller writes, reads and destroys it. */
  socket: net.Socket;
  /** The vetted address the connection went to. */
  address: string;
  /** When the time granted to this connection (its timeout, or what the scan budget had left) runs out
   * (`Date.now()` clock): the caller's exchange ends by then. */
  deadline: number;
}

const DEFAULT_TIMEOUT_MS = 8000;
/** With keep-alive, requests to one origin share at most this many connections (a scan's dozen same-origin
 * requests take ~1 ms each on a kept-alive connection; a new TLS connection costs a handshake). */
export const HTTP_CONNECTIONS_PER_ORIGIN = 2;
const DEFAULT_MAX_BODY = 512 * 1024;

export interface Connector {
  readonly settings: ConnectorSettings;
  readonly resolver: Resolver;
  /** Resolves and vets a host once per connector; an IP literal is vetted as is. */
  vet(host: string): Promise<string>;
  /** Every address of the name (all vetted: one refused address refuses the name). */
  vetAll(host: string): Promise<string[]>;
  request(url: string | URL, options?: RequestOptions): Promise<SafeResponse>;
  tlsProbe(host: string, options?: TlsProbeOptions): Promise<TlsProbeResult>;
  /** A raw TCP connection to the vetted address of `host` on the HTTPS port (the scan's port policy: never another
   * port), for probes that speak TLS records themselves (the cipher probe's ClientHellos). Counted against the
   * budget like every connection; refused at once on a port known closed; a ConnectError when it cannot connect
   * within the time granted. */
  tcpConnect(host: string, options?: TcpOptions): Promise<TcpConnection>;
  /** Closes kept-alive connections (`keepAlive`). */
  close(): void;
}

/** The port a URL connects to: the scan input's port policy (80 and 443 only) applied to every URL, redirects
 * included, so a site cannot point the scanner at other ports of any host. */
function portFor(url: URL, settings: ConnectorSettings): number {
  const web = { 80: settings.httpPort ?? 80, 443: settings.httpsPort ?? 443 };
  if (url.port === '') return url.protocol === 'https:' ? web[443] : web[80];
  const port = Number(url.port);
  if (settings.anyPort) return port;
  if (port === 80 || port === 443) return web[port];
  // The TEST-ONLY stand-ins, written out, are the lab's own 80 and 443.
  if (port === web[80] || port === web[443]) return port;
  throw new ConnectError('refused-port', `port ${port} is not allowed: only ports 80 and 443 are scanned`);
}

/** What a default client offers, as browsers do: Node's default list without finite-field DHE, which Chrome and
 * Firefox no longer offer. A server preferring DHE with a small group would otherwise fail a Node client ("dh key
 * too small") where every browser simply gets ECDHE; the cipher probes still see that DHE (CGS037). */
export const BROWSER_CIPHERS = `${tls.DEFAULT_CIPHERS}:!kDHE`;

/** TLS client contexts by what they offer and trust. Node otherwise builds one (and parses the CA list) for every
 * connection: a scan makes a dozen, and the context was the largest share of a scan's own CPU after the handshakes. */
const contexts = new Map<string, tls.SecureContext>();
const caIds = new WeakMap<object, number>();
let nextCaId = 0;
function clientContext(ca: ConnectorSettings['ca'], offer: { ciphers?: string; minVersion?: tls.SecureVersion; maxVersion?: tls.SecureVersion }): tls.SecureContext {
  let caKey = 'default';
  if (ca !== undefined) {
    if (typeof ca === 'string') caKey = `s:${ca}`;
    else {
      let id = caIds.get(ca as object);
      if (id === undefined) caIds.set(ca as object, (id = nextCaId++));
      caKey = `o:${id}`;
    }
  }
  const key = `${caKey}|${offer.ciphers ?? ''}|${offer.minVersion ?? ''}|${offer.maxVersion ?? ''}`;
  let ctx = contexts.get(key);
  if (!ctx) {
    if (contexts.size > 64) contexts.clear();
    ctx = tls.createSecureContext({ ...offer, ...(ca !== undefined ? { ca: ca as string | Buffer | Array<string | Buffer> } : {}) });
    contexts.set(key, ctx);
  }
  return ctx;
}

function networkError(err: unknown): ConnectError {
  if (err instanceof ConnectError) return err;
  const e = err as NodeJS.ErrnoException;
  // OpenSSL verification codes (UNABLE_TO_VERIFY_LEAF_SIGNATURE, DEPTH_ZERO_SELF_SIGNED_CERT...) and alerts.
  const tlsCodes = /CERT|SSL|TLS|EPROTO|VERIFY|SIGNATURE|ISSUER/;
  return new ConnectError(tlsCodes.test(`${e.code ?? ''} ${e.message}`) ? 'tls' : 'network', e.code ?? e.message);
}

export function createConnector(settings: ConnectorSettings = {}): Connector {
  const allowed: Cidr[] = parseCidrs(settings.allowedCidrs ?? []);
  const resolver = new Resolver({ timeout: settings.dnsTimeoutMs ?? 3000, tries: 2 });
  if (settings.dnsServers && settings.dnsServers.length > 0) resolver.setServers([...settings.dnsServers]);
  const vetted = new Map<string, Promise<string[]>>();
  const seenSockets = new WeakSet<object>();
  /** Address:port pairs that refused a TCP connection (nothing listens): later requests there fail at once, without
   * another attempt — an HTTP-only site's dozen HTTPS probes cost one refused connection, not twelve. */
  const closedPorts = new Map<string, ConnectError>();
  const remember = (address: string, port: number, err: unknown): ConnectError => {
    const e = networkError(err);
    if (e.message === 'ECONNREFUSED') closedPorts.set(`${address}|${port}`, e);
    return e;
  };
  /** What every connection starts with: its time (from the scan's budget when there is one), then the vetted address
   * of `host`, refused at once when that address:port is known closed. */
  const admit = async (host: string, port: number, options: { timeoutMs?: number; budget?: ScanBudget; family?: 4 | 6 }): Promise<{ timeoutMs: number; deadline: number; address: string }> => {
    const timeoutMs = options.budget ? options.budget.take(options.timeoutMs ?? DEFAULT_TIMEOUT_MS) : (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const deadline = Date.now() + timeoutMs;
    const address = await vet(host, options.family);
    const closed = closedPorts.get(`${address}|${port}`);
    if (closed) throw closed;
    return { timeoutMs, deadline, address };
  };
  const agents = settings.keepAlive
    ? { http: new http.Agent({ keepAlive: true, scheduling: 'lifo', maxSockets: HTTP_CONNECTIONS_PER_ORIGIN }), https: new https.Agent({ keepAlive: true, scheduling: 'lifo', maxSockets: HTTP_CONNECTIONS_PER_ORIGIN }) }
    : undefined;

  async function resolveAndVet(host: string): Promise<string[]> {
    const bare = host.replace(/^\[|\]$/g, '');
    if (isIP(bare) !== 0) {
      const v = vetAddress(bare, allowed);
      if (!v.ok) throw new ConnectError('refused-address', v.reason);
      return [v.address];
    }
    const name = checkHostname(host);
    if (!name.ok) throw new ConnectError('refused-host', name.reason);
    const settle = (p: Promise<string[]>) => p.catch((e: NodeJS.ErrnoException) => (e.code === 'ENODATA' || e.code === 'ENOTFOUND' ? [] : Promise.reject(e)));
    let addresses: string[];
    try {
      const [v4, v6] = await Promise.all([settle(resolver.resolve4(name.domain)), settle(resolver.resolve6(name.domain))]);
      addresses = [...v4, ...v6];
    } catch (err) {
      throw new ConnectError('dns', `could not resolve ${name.domain}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
    if (addresses.length === 0) throw new ConnectError('dns', `${name.domain} has no A or AAAA records`);
    // One bad address refuses the name: a public site has no business pointing at private space.
    for (const a of addresses) {
      const v = vetAddress(a, allowed);
      if (!v.ok) throw new ConnectError('refused-address', `${name.domain} resolves to a refused address: ${v.reason}`);
    }
    return addresses;
  }

  function vetAll(host: string): Promise<string[]> {
    const key = host.toLowerCase();
    let p = vetted.get(key);
    if (!p) {
      p = resolveAndVet(key);
      vetted.set(key, p);
    }
    return p;
  }

  async function vet(host: string, family?: 4 | 6): Promise<string> {
    const all = await vetAll(host);
    if (family === undefined) return all[0] as string;
    const found = all.find((a) => isIP(a) === family);
    if (found === undefined) throw new ConnectError('dns', `${host} has no ${family === 6 ? 'AAAA' : 'A'} record`);
    return found;
  }

  async function request(input: string | URL, options: RequestOptions = {}): Promise<SafeResponse> {
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConnectError('refused-host', `scheme ${url.protocol} not allowed`);
    if (url.username !== '' || url.password !== '') throw new ConnectError('refused-host', 'URLs with credentials are not followed');
    const port = portFor(url, settings);
    const { timeoutMs, address } = await admit(url.hostname, port, options);
    const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
    const headers: Record<string, string> = { host: url.host, 'user-agent': settings.userAgent ?? 'ConfgateScanner', accept: '*/*', ...options.headers };
    const agent = agents ? (url.protocol === 'https:' ? agents.https : agents.http) : (false as const);
    const base = { host: address, port, path: `${url.pathname}${url.search}`, method: options.method ?? 'GET', headers, agent };
    return new Promise<SafeResponse>((resolve, reject) => {
      const req = url.protocol === 'https:'
        ? https.request({
            ...base,
            servername: isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0 ? url.hostname : undefined,
            rejectUnauthorized: options.verifyTls ?? true,
            // https.request passes it on to tls.connect (its option types leave it out).
            ...({ secureContext: clientContext(settings.ca, { ciphers: BROWSER_CIPHERS }) } as Record<string, unknown>),
          })
        : http.request(base);
      const timer = setTimeout(() => req.destroy(new ConnectError('timeout', `no complete response within ${timeoutMs} ms`)), timeoutMs);
      req.on('socket', (socket) => {
        // A socket seen for the first time is a connection opened; a kept-alive one handed over again is not.
        if (seenSockets.has(socket)) return;
        seenSockets.add(socket);
        if (options.budget) options.budget.connections++;
      });
      req.on('error', (err) => {
        clearTimeout(timer);
        reject(remember(address, port, err));
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const finish = () => {
          clearTimeout(timer);
          const headersOut: Record<string, string[]> = {};
          for (const [k, v] of Object.entries(res.headersDistinct)) if (v) headersOut[k] = v;
          resolve({ url: url.toString(), status: res.statusCode ?? 0, headers: headersOut, body: Buffer.concat(chunks), truncated, address });
        };
        res.on('data', (chunk: Buffer) => {
          if (truncated) return;
          const room = maxBody - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            size = maxBody;
            truncated = true;
            // Enough read: stop the transfer instead of downloading the rest.
            res.destroy();
            finish();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', finish);
        res.on('error', (err) => {
          clearTimeout(timer);
          if (!truncated) reject(networkError(err));
        });
      });
      req.end(options.body);
    });
  }

  async function tlsProbe(host: string, options: TlsProbeOptions = {}): Promise<TlsProbeResult> {
    const { timeoutMs, address } = await admit(host, settings.httpsPort ?? 443, options);
    if (options.budget) options.budget.connections++;
    return new Promise<TlsProbeResult>((resolve, reject) => {
      // Either way the verdict is read, not enforced: this connection only observes, it never sends data. To
      // observe weak servers, old protocols and weak keys need OpenSSL's lowest security level to be offered at all
      // — which also verifies certificates at that level, so trust is judged by a connection with the defaults.
      const offer = options.asDefaultClient
        ? { ciphers: BROWSER_CIPHERS }
        : { ciphers: 'DEFAULT@SECLEVEL=0', minVersion: options.minVersion ?? 'TLSv1', maxVersion: options.maxVersion ?? 'TLSv1.3' };
      const socket = tls.connect({
        host: address,
        port: settings.httpsPort ?? 443,
        servername: host,
        rejectUnauthorized: false,
        // Ask for the stapled OCSP response (the status_request extension), as browsers do.
        requestOCSP: true,
        ...offer,
        secureContext: clientContext(settings.ca, offer),
      });
      const timer = setTimeout(() => socket.destroy(new ConnectError('timeout', `no TLS handshake within ${timeoutMs} ms`)), timeoutMs);
      let ocspStapled = false;
      socket.once('OCSPResponse', (response: Buffer | null) => {
        ocspStapled = response !== null && response.length > 0;
      });
      socket.once('secureConnect', () => {
        clearTimeout(timer);
        const result: TlsProbeResult = { protocol: socket.getProtocol(), authorized: socket.authorized, address, ocspStapled };
        const key = socket.getEphemeralKeyInfo();
        if (key && typeof key === 'object' && 'type' in key && typeof key.type === 'string') {
          result.keyExchange = { type: key.type, ...(typeof key.name === 'string' ? { name: key.name } : {}), ...(typeof key.size === 'number' ? { size: key.size } : {}) };
        }
        if (socket.authorizationError) result.authorizationError = String(socket.authorizationError);
        const cert = socket.getPeerX509Certificate();
        if (cert) result.certificate = cert;
        socket.end();
        resolve(result);
      });
      socket.once('error', (err) => {
        clearTimeout(timer);
        reject(remember(address, settings.httpsPort ?? 443, err));
      });
    });
  }

  async function tcpConnect(host: string, options: TcpOptions = {}): Promise<TcpConnection> {
    const port = settings.httpsPort ?? 443;
    const { timeoutMs, deadline, address } = await admit(host, port, options);
    if (options.budget) options.budget.connections++;
    return new Promise<TcpConnection>((resolve, reject) => {
      const socket = net.connect({ host: address, port });
      const timer = setTimeout(() => socket.destroy(new ConnectError('timeout', `no TCP connection within ${timeoutMs} ms`)), Math.max(0, deadline - Date.now()));
      const failed = (err: Error) => {
        clearTimeout(timer);
        socket.destroy();
        reject(remember(address, port, err));
      };
      socket.once('error', failed);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.off('error', failed);
        resolve({ socket, address, deadline });
      });
    });
  }

  function close(): void {
    agents?.http.destroy();
    agents?.https.destroy();
  }

  return { settings, resolver, vet: (host: string) => vet(host), vetAll, request, tlsProbe, tcpConnect, close };
}

/**
 * One guarded HTTPS (or HTTP) request with no redirects followed, for callers outside a scan (webhook delivery):
 * `safeRequest(url, { method: 'POST', headers, body, timeoutMs }, settings)`. TLS is verified unless told.
 */
export function safeRequest(url: string | URL, options: RequestOptions = {}, settings: ConnectorSettings = {}): Promise<SafeResponse> {
  return createConnector(settings).request(url, options);
}
