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

/** `servers`: the resolver's addresses in order (`Resolver.getServers()`); a question retransmitted after half its
 * timeout goes to the next one, and an answer counts only from an address the question was sent to. */
export function createDnsClient(servers: string | readonly string[], options: DnsClientOptions): DnsClient {
  const targets = (typeof servers === 'string' ? [servers] : [...servers]).map(parseServer);
  if (targets.length === 0) throw new Error('no DNS server configured');
  const sockets = new Map<'udp4' | 'udp6', dgram.Socket>();
  type Target = { host: string; port: number };
  const pending = new Map<number, { name: string; type: number; from: Map<string, Target>; done: (m: Message, by: Target) => void }>();
  const socketFor = (host: string): dgram.Socket => {
    const family = isIPv6(host) ? 'udp6' : 'udp4';
    let socket = sockets.get(family);
    if (!socket) {
      socket = dgram.createSocket(family);
      socket.unref();
      socket.on('message', (msg, peer) => {
        const reply = decodeMessage(msg);
        if (!reply || (reply.flags & FLAG.QR) === 0) return;
        const p = pending.get(reply.id);
        const by = p?.from.get(`${peer.address}|${peer.port}`);
        if (!p || !by || !sameQuestion(reply, p.name, p.type)) return;
        pending.delete(reply.id);
        p.done(reply, by);
      });
      socket.on('error', () => {
        // A send error surfaces as that question's timeout; the socket stays usable for the others.
      });
      sockets.set(family, socket);
    }
    return socket;
  };
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
    const from = new Map<string, Target>();
    const send = (t: Target, callback?: (err: Error | null) => void) => {
      from.set(`${t.host}|${t.port}`, t);
      if (closed) return; // closed meanwhile: the question runs into its timeout instead of a throw in a timer
      socketFor(t.host).send(query, t.port, t.host, callback);
    };
    const [reply, by] = await new Promise<[Message, Target]>((resolve, reject) => {
      // One retransmission at half the timeout (UDP loses packets), to the next server when there is one.
      const resend = setTimeout(() => send(targets[1 % targets.length] as Target), Math.max(1, Math.floor(options.timeoutMs / 2)));
      const timer = setTimeout(() => {
        pending.delete(id);
        clearTimeout(resend);
        reject(new Error(`no answer for ${name} ${type} within ${options.timeoutMs} ms`));
      }, options.timeoutMs);
      pending.set(id, {
        name, type, from,
        done: (m, t) => {
          clearTimeout(timer);
          clearTimeout(resend);
          resolve([m, t]);
        },
      });
      send(targets[0] as Target, (err) => {
        // With one server a failed send is final; with more, the retransmission tries the next.
        if (err && targets.length === 1) {
          pending.delete(id);
          clearTimeout(timer);
          clearTimeout(resend);
          reject(err);
        }
      });
    });
    if ((reply.flags & FLAG.TC) === 0) return reply;
    // Truncated: the same question to the server that answered, over TCP.
    const whole = decodeMessage(await overTcp(by.host, by.port, query, options.timeoutMs));
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
      for (const socket of sockets.values()) socket.close();
    },
  };
}
