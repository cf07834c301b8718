// An HTTPS webhook receiver on loopback for the webhook tests: records every request with its raw body bytes and
// answers with a status chosen per path (or from a queue), or never ('hang', for timeouts).
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import type { KeyPairPem } from './support/local-sites/index.ts';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Answer = number | 'hang';

export interface Receiver {
  port: number;
  requests: ReceivedRequest[];
  requestsTo(path: string): ReceivedRequest[];
  /** From now on, requests to `path` get this answer. */
  answer(path: string, answer: Answer): void;
  close(): Promise<void>;
}

export interface ReceiverOptions {
  /** Listen on this port (a receiver that comes up where deliveries already go). */
  port?: number;
  /** Answers for requests to paths without their own, in order; 200 once used up. */
  statuses?: Answer[];
  /** Wait this long before answering (the request is recorded at once): a slow receiver. */
  delayMs?: number;
  /** Called with each request as soon as its body has arrived (the scan-latency benchmark times arrivals). */
  onRequest?: (request: ReceivedRequest) => void;
}

export async function startReceiver(certificate: KeyPairPem, options: ReceiverOptions = {}): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const byPath = new Map<string, Answer>();
  const queue = [...(options.statuses ?? [])];
  const server = https.createServer(certificate, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const received = { method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(received);
      options.onRequest?.(received);
      const answer = byPath.get(path) ?? queue.shift() ?? 200;
      if (answer === 'hang') return;
      const send = () => res.writeHead(answer, answer >= 300 && answer < 400 ? { location: `https://${req.headers.host ?? ''}/elsewhere` } : {}).end('ok');
      if (options.delayMs) setTimeout(send, options.delayMs);
      else send();
    });
  });
  // Clients refusing our certificate end handshakes abruptly; that is what those tests expect.
  server.on('tlsClientError', () => {});
  const port = await new Promise<number>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  return {
    port,
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    answer: (path, answer) => void byPath.set(path, answer),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
