// Loopback web sites for tests: one HTTP and one HTTPS server per site on random ports, virtual hosts by
// Host/SNI, pages from a table. Pass `httpPort`/`httpsPort` to the scanner so it connects here.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import type { KeyPairPem } from './certs.ts';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface Page {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

/** Keys are a path (`/.env`) for every host, or `host/path` for one host; a Handler may answer itself. */
export type PageTable = Record<string, Page | Handler>;

export interface SiteOptions {
  /** Default certificate, plus per-name certificates chosen by SNI. */
  certificate: KeyPairPem;
  sni?: Record<string, KeyPairPem>;
  minVersion?: tls.SecureVersion;
  maxVersion?: tls.SecureVersion;
  /** e.g. `DEFAULT@SECLEVEL=0` to serve TLS 1.0 or weak keys. */
  ciphers?: string;
  /** Finite-field DH parameters (PEM) for DHE suites. */
  dhparam?: string;
  https: PageTable;
  /** Plain HTTP pages; when absent every request is redirected to https:// on the same host. */
  http?: PageTable;
  /** Answer for paths not in the table (a soft-404 site answers 200 here); default a 404 page. */
  fallback?: Page;
  /** Also listen on ::1 at the same two ports (a site reachable over IPv6 on loopback). */
  ipv6?: boolean;
  /** Staple this OCSP response to every handshake that asks for one (the bytes are not checked by the scanner). */
  ocspResponse?: Buffer;
}

export interface Site {
  httpPort: number;
  httpsPort: number;
  /** Every request served, as `METHOD scheme://host/path`. */
  requests: string[];
  close(): Promise<void>;
}

function serve(table: PageTable, fallback: Page, scheme: string, log: string[]): Handler {
  return (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    log.push(`${req.method ?? 'GET'} ${scheme}://${host}${path}`);
    const entry = table[`${host}${path}`] ?? table[path] ?? fallback;
    if (typeof entry === 'function') return entry(req, res);
    res.writeHead(entry.status ?? 200, entry.headers ?? { 'content-type': 'text/html' });
    res.end(req.method === 'HEAD' ? undefined : entry.body);
  };
}

function listen(server: net.Server, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port)));
}

function closeServer(server: net.Server & { closeAllConnections?: () => void }): Promise<void> {
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startSite(o: SiteOptions): Promise<Site> {
  const requests: string[] = [];
  const fallback = o.fallback ?? { status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not found</h1>' };
  const tlsBase = { minVersion: o.minVersion, maxVersion: o.maxVersion, ...(o.ciphers ? { ciphers: o.ciphers } : {}), ...(o.dhparam ? { dhparam: o.dhparam } : {}) };
  const contexts = new Map(Object.entries(o.sni ?? {}).map(([name, kp]) => [name, tls.createSecureContext({ ...tlsBase, ...kp })]));
  const secure = https.createServer(
    { ...tlsBase, ...o.certificate, SNICallback: (name, cb) => cb(null, contexts.get(name) ?? undefined) },
    serve(o.https, fallback, 'https', requests),
  );
  const redirect: Handler = (req, res) => {
    requests.push(`${req.method ?? 'GET'} http://${req.headers.host ?? ''}${req.url ?? '/'}`);
    res.writeHead(301, { location: `https://${(req.headers.host ?? '').replace(/:\d+$/, '')}${req.url ?? '/'}` });
    res.end();
  };
  const plain = http.createServer(o.http ? serve(o.http, fallback, 'http', requests) : redirect);
  // Bad-TLS sites end handshakes abruptly; that is the point, not a test failure.
  secure.on('tlsClientError', () => {});
  if (o.ocspResponse) {
    const response = o.ocspResponse;
    secure.on('OCSPRequest', (_cert: Buffer, _issuer: Buffer, cb: (err: Error | null, resp?: Buffer) => void) => cb(null, response));
  }
  const [httpsPort, httpPort] = await Promise.all([listen(secure), listen(plain)]);
  // ::1 listeners hand their connections to the same servers, so both families serve the same site.
  const v6: net.Server[] = [];
  if (o.ipv6) {
    for (const [server, port] of [[secure, httpsPort], [plain, httpPort]] as const) {
      const relay = net.createServer((socket) => server.emit('connection', socket));
      await new Promise<void>((resolve, reject) => {
        relay.once('error', reject);
        relay.listen(port, '::1', () => resolve());
      });
      v6.push(relay);
    }
  }
  return { httpPort, httpsPort, requests, close: async () => void (await Promise.all([closeServer(secure), closeServer(plain), ...v6.map((s) => closeServer(s))])) };
}

export interface Canary {
  port: number;
  /** Connections accepted so far: a test asserting SSRF refusal expects 0. */
  connections: number;
  close(): Promise<void>;
}

/** A TCP listener that only counts connections, to prove the scanner never reached an address. */
export async function startCanary(host: string, port = 0): Promise<Canary> {
  const canary: Canary = { port: 0, connections: 0, close: () => closeServer(server) };
  const server = net.createServer((s) => {
    canary.connections++;
    s.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  canary.port = (server.address() as net.AddressInfo).port;
  return canary;
}
