// Raw DNS questions to the scan's own resolver, for what `node:dns` cannot ask: DNSKEY, DS and RRSIG records with
// the DO bit (and CD, so a validating resolver hands over data failing its validation instead of SERVFAIL — the
// scanner validates and says why). One UDP socket carries every question of a scan, matched by id and question;
// a truncated answer is asked again over TCP. Only the resolver is contacted: this opens no connection to the
// scanned site, so the address vetting of connector.ts does not apply (the resolver is the operator's choice).
import { randomInt } from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import { isIPv6 } from 'node:net';
import { decodeMessage, encodeQuery, FLAG } from './dns-wire.ts';
import type { Message } from './dns-wire.ts';

export interface DnsClient {
  /** Asks `type` at `name` with DO and CD set; rejects on timeout or a malformed answer. */
  query(name: string, type: number): Promise<Message>;
  /** Questions sent (a retry or a TCP repeat counts once). */
  readonly sent: number;
  close(): void;
}

export interface DnsClientOptions {
  timeoutMs: number;
  /** Questions in flight at once (default 16). */
  concurrency?: number;
}

/** `host:port`, `[v6]:port`, or a bare address as `Resolver.getServers()` gives them. */
export function parseServer(server: string): { host: string; port: number } {
  const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(isIPv6(server) ? `[${server}]` : server);
  return { host: m?.[1] ?? server, port: Number(m?.[2] ?? 53) };
}

function sameQuestion(m: Message, name: string, type: number): boolean {
  const q = m.questions[0];
  return q !== undefined && q.type === type && q.name.toLowerCase().replace(/\.$/, '') === name.toLowerCase().replace(/\.$/, '');
}

function overTcp(host: string, port: number, query: Buffer, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`no DNS answer over TCP within ${timeoutMs} ms`)), timeoutMs);
    socket.on('connect', () => {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(query.length);
      socket.write(Buffer.concat([len, query]));
    });
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      const all = Buffer.concat(chunks);
      if (all.length >= 2 && all.length >= 2 + all.readUInt16BE(0)) {
        clearTimeout(timer);
        socket.end();
        resolve(all.subarray(2, 2 + all.readUInt16BE(0)));
      }
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      reject(new Error('DNS TCP connection closed before a full answer'));
    });
  });
}

export function createDnsClient(server: string, options: DnsClientOptions): DnsClient {
  const { host, port } = parseServer(server);
  const socket = dgram.createSocket(isIPv6(host) ? 'udp6' : 'udp4');
  socket.unref();
  const pending = new Map<number, { name: string; type: number; done: (m: Message) => void }>();
  socket.on('message', (msg) => {
    const reply = decodeMessage(msg);
    if (!reply || (reply.flags & FLAG.QR) === 0) return;
    const p = pending.get(reply.id);
    if (!p || !sameQuestion(reply, p.name, p.type)) return;
    pending.delete(reply.id);
    p.done(reply);
  });
  socket.on('error', () => {
    // A send error surfaces as that question's timeout; the socket stays usable for the others.
  });
  const limit = options.concurrency ?? 16;
  let active = 0;
  const waiting: (() => void)[] = [];
  let sent = 0;
  let closed = false;

  async function ask(name: string, type: number): Promise<Message> {
    let id = randomInt(0, 0x10000);
    while (pending.has(id)) id = (id + 1) & 0xffff;
    const query = encodeQuery(id, name, type, true, true);
    sent++;
    const reply = await new Promise<Message>((resolve, reject) => {
      // One retransmission at half the timeout (UDP loses packets), then give up.
      const resend = setTimeout(() => socket.send(query, port, host), Math.max(1, Math.floor(options.timeoutMs / 2)));
      const timer = setTimeout(() => {
        pending.delete(id);
        clearTimeout(resend);
        reject(new Error(`no answer for ${name} ${type} within ${options.timeoutMs} ms`));
      }, options.timeoutMs);
      pending.set(id, { name, type, done: (m) => { clearTimeout(timer); clearTimeout(resend); resolve(m); } });
      socket.send(query, port, host, (err) => {
        if (err) {
          pending.delete(id);
          clearTimeout(timer);
          clearTimeout(resend);
          reject(err);
        }
      });
    });
    if ((reply.flags & FLAG.TC) === 0) return reply;
    const whole = decodeMessage(await overTcp(host, port, query, options.timeoutMs));
    if (!whole || whole.id !== id || !sameQuestion(whole, name, type)) throw new Error(`malformed TCP answer for ${name} ${type}`);
    return whole;
  }

  return {
    get sent() {
      return sent;
    },
    async query(name: string, type: number): Promise<Message> {
      if (closed) throw new Error('DNS client closed');
      if (active < limit) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await ask(name, type);
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
    close() {
      if (closed) return;
      closed = true;
      socket.close();
    },
  };
}
