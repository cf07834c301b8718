// An authoritative-and-recursive-looking DNS server on loopback UDP for tests: it answers from a zone object,
// so `node:dns` (pointed here through the scanner's `dnsServers`) resolves made-up public names to 127.0.0.x.
import dgram from 'node:dgram';
import { isIPv4 } from 'node:net';
import { decodeMessage, encodeMessage, encodeName, FLAG, RCODE, RR } from '../../../src/net/dns-wire.ts';
import type { ResourceRecord } from '../../../src/net/dns-wire.ts';

type Answer<T> = T[] | (() => T[]);

export interface RecordSet {
  /** A function is called on every query: rebinding tests answer differently each time. */
  A?: Answer<string>;
  AAAA?: Answer<string>;
  /** Each entry is one TXT record (split into 255-byte strings on the wire). */
  TXT?: Answer<string>;
  MX?: Answer<{ priority: number; exchange: string }>;
  CAA?: Answer<{ flags?: number; tag: string; value: string }>;
  /** A DS record at the parent: the delegation is signed. */
  DS?: boolean;
  /** Set the AD flag on answers for this name, as a validating resolver would. */
  authenticated?: boolean;
}

export interface DnsServer {
  /** `127.0.0.1:<port>`, ready for the scanner's `dnsServers`. */
  server: string;
  port: number;
  /** Every question received, in order, as `TYPE name`. */
  queries: string[];
  zone: Record<string, RecordSet>;
  close(): Promise<void>;
}

function values<T>(a: Answer<T> | undefined): T[] {
  return a === undefined ? [] : typeof a === 'function' ? a() : a;
}

function ipv6Bytes(text: string): Buffer {
  const [head = '', tail = ''] = text.split('::');
  const h = head === '' ? [] : head.split(':');
  const t = tail === '' ? [] : tail.split(':');
  const groups = text.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  return Buffer.from(groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]));
}

function txtData(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

function rdata(type: number, set: RecordSet): Buffer[] {
  switch (type) {
    case RR.A:
      return values(set.A).filter((a) => isIPv4(a)).map((a) => Buffer.from(a.split('.').map(Number)));
    case RR.AAAA:
      return values(set.AAAA).map(ipv6Bytes);
    case RR.TXT:
      return values(set.TXT).map(txtData);
    case RR.MX:
      return values(set.MX).map((m) => Buffer.concat([Buffer.from([m.priority >> 8, m.priority & 255]), encodeName(m.exchange)]));
    case RR.CAA:
      return values(set.CAA).map((c) => Buffer.concat([Buffer.from([c.flags ?? 0, c.tag.length]), Buffer.from(c.tag), Buffer.from(c.value)]));
    case RR.DS:
      // key tag, algorithm 13 (ECDSA P-256), digest type 2 (SHA-256), a made-up digest
      return set.DS ? [Buffer.concat([Buffer.from([0x12, 0x34, 13, 2]), Buffer.alloc(32, 0xab)])] : [];
    default:
      return [];
  }
}

export async function startDnsServer(zone: Record<string, RecordSet> = {}): Promise<DnsServer> {
  const socket = dgram.createSocket('udp4');
  const queries: string[] = [];
  const typeNames = new Map<number, string>(Object.entries(RR).map(([k, v]) => [v, k]));
  socket.on('message', (msg, peer) => {
    const query = decodeMessage(msg);
    const q = query?.questions[0];
    if (!query || !q) return;
    queries.push(`${typeNames.get(q.type) ?? q.type} ${q.name.toLowerCase()}`);
    const set = zone[q.name.toLowerCase().replace(/\.$/, '')];
    const answers: ResourceRecord[] = set ? rdata(q.type, set).map((data) => ({ name: q.name, type: q.type, class: 1, ttl: 1, data })) : [];
    const flags = FLAG.QR | FLAG.AA | FLAG.RA | (query.flags & FLAG.RD) | (set?.authenticated ? FLAG.AD : 0) | (set ? RCODE.NOERROR : RCODE.NXDOMAIN);
    const reply = encodeMessage({ id: query.id, flags, questions: [q], answers, authorities: [], additionals: [] });
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  return {
    server: `127.0.0.1:${port}`,
    port,
    queries,
    zone,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
