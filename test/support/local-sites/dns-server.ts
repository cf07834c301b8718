// An authoritative-and-recursive-looking DNS server on loopback (UDP, and TCP for answers too large for UDP) for
// tests: it answers from a zone object, so `node:dns` (pointed here through the scanner's `dnsServers`) resolves
// made-up public names to 127.0.0.x. With a DNSSEC lab (`dnssec-signer.ts`) it serves a really signed tree —
// its own root, the lab's zone cuts with DS and DNSKEY records, RRSIGs made as each answer is sent — to queries
// with the DO bit, as a recursive resolver passes DNSSEC records on.
import { createHash } from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import { isIPv4 } from 'node:net';
import { decodeMessage, encodeMessage, encodeName, encodeQuery, FLAG, RCODE, RR } from '../../../src/net/dns-wire.ts';
import type { Message, ResourceRecord } from '../../../src/net/dns-wire.ts';
import type { DnssecLab, SignedZone, ZoneOptions } from './dnssec-signer.ts';
import { dnskeyRecords, dsRecords, parentZone, rrsig, soaData, zoneOf } from './dnssec-signer.ts';

type Answer<T> = T[] | (() => T[]);

export interface RecordSet {
  /** A function is called on every query: rebinding tests answer differently each time. */
  A?: Answer<string>;
  AAAA?: Answer<string>;
  /** Each entry is one TXT record (split into 255-byte strings on the wire). */
  TXT?: Answer<string>;
  MX?: Answer<{ priority: number; exchange: string }>;
  CAA?: Answer<{ flags?: number; tag: string; value: string }>;
  /** An alias: every other type is answered with it, then the target's records (chased as a resolver does). */
  CNAME?: string;
}

export interface DnsServer {
  /** `127.0.0.1:<port>`, ready for the scanner's `dnsServers`. */
  server: string;
  port: number;
  /** Every question received, in order, as `TYPE name`. */
  queries: string[];
  zone: Record<string, RecordSet>;
  /** The signed lab, when the server was started with one. */
  dnssec?: DnssecLab;
  /** Answers sent over TCP (the UDP answer was truncated). */
  tcpAnswers: number;
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
      return values(set.MX).map((m) => Buffer.concat([Buffer.from([m.priority >> 8, m.priority & 255]), encodeName(m.exchange.toLowerCase())]));
    case RR.CNAME:
      return set.CNAME !== undefined ? [encodeName(set.CNAME.toLowerCase())] : [];
    case RR.CAA:
      return values(set.CAA).map((c) => Buffer.concat([Buffer.from([c.flags ?? 0, c.tag.length]), Buffer.from(c.tag), Buffer.from(c.value)]));
    default:
      return [];
  }
}

const TTL = 300;

/** The type bitmap (RFC 4034 §4.1.2) of the given types, all below 256. */
function bitmap(types: number[]): Buffer {
  const bytes = Buffer.alloc(Math.floor(Math.max(...types) / 8) + 1);
  for (const t of types) bytes[t >> 3] = (bytes[t >> 3] ?? 0) | (0x80 >> (t & 7));
  return Buffer.concat([Buffer.from([0, bytes.length]), bytes]);
}

const BASE32HEX = '0123456789abcdefghijklmnopqrstuv';
/** Base32hex without padding (RFC 4648 §7), as NSEC3 owner names are written. */
export function base32hex(b: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of b) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32HEX[(value >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + BASE32HEX[(value << (5 - bits)) & 31] : out;
}

/** The parent's proof that a delegation has no DS (RFC 4035 §5.2, RFC 5155 §7.2.4): with NSEC, the NSEC at the cut
 * (next name its first possible child, types NS, RRSIG, NSEC); with NSEC3 (no salt, no extra iterations), an opt-out
 * chain of one record, the apex's, which matches the closest encloser and covers every other hash. `lists-ds`
 * breaks it (a bitmap at the cut claims a DS). Records to add to the authority section, signed by `parent`. */
function denialOfDs(parent: SignedZone, cut: string, fault: ZoneOptions['proof']): ResourceRecord[] {
  const rr = (n: string, type: number, d: Buffer): ResourceRecord => ({ name: n, type, class: 1, ttl: TTL, data: d });
  let owner: string;
  let type: number;
  let data: Buffer;
  if (parent.options.denial === 'nsec3') {
    // Opt-out (the default): the apex's NSEC3, which matches the closest encloser and, as a chain of one, covers the
    // cut. Without opt-out, or for `lists-ds`, the cut's own NSEC3 (claiming NS and DS for `lists-ds`).
    const { iterations = 0, salt = '', optOut = true } = parent.options.nsec3 ?? {};
    const saltBytes = Buffer.from(salt, 'hex');
    const atCut = fault === 'lists-ds' || !optOut;
    let hash = createHash('sha1').update(encodeName(atCut ? cut : parent.apex)).update(saltBytes).digest();
    for (let i = 0; i < iterations; i++) hash = createHash('sha1').update(hash).update(saltBytes).digest();
    owner = `${base32hex(hash)}${parent.apex === '' ? '' : `.${parent.apex}`}`;
    type = RR.NSEC3;
    const types = atCut ? (fault === 'lists-ds' ? [RR.NS, RR.DS, RR.RRSIG] : [RR.NS]) : [RR.NS, RR.SOA, RR.RRSIG, RR.DNSKEY, 51];
    const head = Buffer.from([1, optOut ? 1 : 0, iterations >> 8, iterations & 255, saltBytes.length]);
    data = Buffer.concat([head, saltBytes, Buffer.from([hash.length]), hash, bitmap(types)]);
  } else {
    owner = cut;
    type = RR.NSEC;
    data = Buffer.concat([Buffer.from([1, 0]), encodeName(cut), bitmap(fault === 'lists-ds' ? [RR.NS, RR.DS, RR.RRSIG, RR.NSEC] : [RR.NS, RR.RRSIG, RR.NSEC])]);
  }
  const out = [rr(owner, type, data)];
  const sig = rrsig(parent, owner, type, TTL, [data]);
  if (sig && fault === 'bad-signature') sig[sig.length - 3] = (sig[sig.length - 3] ?? 0) ^ 0x10;
  if (sig) out.push(rr(owner, RR.RRSIG, sig));
  return out;
}

/** The answer to one question, signed when the lab is and the query asked for DNSSEC records (DO). */
function answer(query: Message, zone: Record<string, RecordSet>, lab: DnssecLab | undefined): Message {
  const q = query.questions[0] as Message['questions'][number];
  const name = q.name.toLowerCase().replace(/\.$/, '');
  const opt = query.additionals.find((r) => r.type === RR.OPT);
  const dnssecOk = lab !== undefined && opt !== undefined && (opt.ttl & 0x8000) !== 0;
  // A name with no records of its own is answered from `*.<parent>` when the zone has that wildcard (RFC 4592),
  // signed as the wildcard (its RRSIG's label count one less than the name's).
  const wildcard = zone[name] === undefined && name !== '' ? `*.${name.split('.').slice(1).join('.')}`.replace(/\.$/, '') : undefined;
  const set = zone[name] ?? (wildcard !== undefined ? zone[wildcard] : undefined);
  const signedOwner = zone[name] === undefined && set !== undefined && wildcard !== undefined ? wildcard : name;
  const apex = lab?.zones.get(name);
  // A DS question at a zone cut is the parent's to answer.
  const owner = lab === undefined ? undefined : q.type === RR.DS && apex && name !== '' ? parentZone(lab, name) : zoneOf(lab, name);
  if (set?.CNAME !== undefined && q.type !== RR.CNAME && !(q.type === RR.DS && apex)) {
    // The alias (signed by its zone), then the target's answer as a recursive resolver chases it.
    const target = set.CNAME.toLowerCase();
    const cname = encodeName(target);
    const alias: ResourceRecord[] = [{ name: q.name, type: RR.CNAME, class: 1, ttl: TTL, data: cname }];
    const sig = dnssecOk && owner ? rrsig(owner, name, RR.CNAME, TTL, [cname]) : undefined;
    if (sig) alias.push({ name: q.name, type: RR.RRSIG, class: 1, ttl: TTL, data: sig });
    const chased = answer({ ...query, questions: [{ ...q, name: target }] }, zone, lab);
    return { ...chased, questions: [q], answers: [...alias, ...chased.answers] };
  }
  let data: Buffer[];
  if (lab && q.type === RR.DS && apex && name !== '') data = dsRecords(lab, name);
  else if (lab && q.type === RR.DNSKEY && apex) data = dnskeyRecords(apex);
  else if (lab && q.type === RR.SOA && apex) data = [soaData(name)];
  else data = set ? rdata(q.type, set) : [];
  const rr = (n: string, type: number, d: Buffer): ResourceRecord => ({ name: n, type, class: 1, ttl: TTL, data: d });
  const answers: ResourceRecord[] = data.map((d) => ({ ...rr(q.name, q.type, d), ttl: lab ? TTL : 1 }));
  const authorities: ResourceRecord[] = [];
  if (dnssecOk && owner && data.length > 0) {
    const sig = rrsig(owner, signedOwner, q.type, TTL, data);
    if (sig) answers.push(rr(q.name, RR.RRSIG, sig));
  }
  if (lab && owner && data.length === 0) {
    // NODATA or NXDOMAIN: the zone's SOA (signed), as a negative answer carries it. The one NSEC/NSEC3 proof
    // served is the parent's for a delegation without DS (what makes it provably insecure to a validator such as
    // delv); other negative answers carry none.
    const soa = soaData(owner.apex);
    authorities.push(rr(owner.apex, RR.SOA, soa));
    const sig = dnssecOk ? rrsig(owner, owner.apex, RR.SOA, TTL, [soa]) : undefined;
    if (sig) authorities.push(rr(owner.apex, RR.RRSIG, sig));
    if (dnssecOk && q.type === RR.DS && apex && name !== '' && apex.options.proof !== 'none') authorities.push(...denialOfDs(owner, name, apex.options.proof));
  }
  const exists = set !== undefined || apex !== undefined;
  const flags = FLAG.QR | FLAG.AA | FLAG.RA | (query.flags & FLAG.RD) | (exists ? RCODE.NOERROR : RCODE.NXDOMAIN);
  return { id: query.id, flags, questions: [q], answers, authorities, additionals: opt ? [{ name: '', type: RR.OPT, class: 1232, ttl: opt.ttl & 0x8000, data: Buffer.alloc(0) }] : [] };
}

/** The answer the lab server gives to a DO query for `type` at `name`, without a socket (evidence-table tests). */
export function labAnswer(zone: Record<string, RecordSet>, lab: DnssecLab, name: string, type: number): Message {
  const query = encodeQuery(0, name, type, true, true);
  return answer(decodeMessage(query) as Message, zone, lab);
}

export async function startDnsServer(zone: Record<string, RecordSet> = {}, options: { dnssec?: DnssecLab } = {}): Promise<DnsServer> {
  // UDP and TCP on one port: another process may hold the TCP side of the port UDP got, so try a few.
  for (let attempt = 1; ; attempt++) {
    try {
      return await listen(zone, options);
    } catch (err) {
      if (attempt >= 5) throw err;
    }
  }
}

async function listen(zone: Record<string, RecordSet>, options: { dnssec?: DnssecLab }): Promise<DnsServer> {
  const socket = dgram.createSocket('udp4');
  const queries: string[] = [];
  const typeNames = new Map<number, string>(Object.entries(RR).map(([k, v]) => [v, k]));
  let tcpAnswers = 0;
  const reply = (msg: Buffer): { whole: Buffer; limit: number } | undefined => {
    const query = decodeMessage(msg);
    const q = query?.questions[0];
    if (!query || !q) return undefined;
    queries.push(`${typeNames.get(q.type) ?? q.type} ${q.name.toLowerCase()}`);
    const out = answer(query, zone, options.dnssec);
    const opt = query.additionals.find((r) => r.type === RR.OPT);
    return { whole: encodeMessage(out), limit: opt ? Math.max(512, opt.class) : 512 };
  };
  socket.on('message', (msg, peer) => {
    const r = reply(msg);
    if (!r) return;
    let out = r.whole;
    if (out.length > r.limit) {
      // Too large for UDP: the header and question only, with TC set, so the client asks again over TCP.
      const m = decodeMessage(out) as Message;
      out = encodeMessage({ ...m, flags: m.flags | FLAG.TC, answers: [], authorities: [], additionals: [] });
    }
    socket.send(out, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  // TCP on the same port (RFC 7766), for truncated answers.
  const conns = new Set<net.Socket>();
  const tcp = net.createServer((conn) => {
    conns.add(conn);
    conn.on('close', () => conns.delete(conn));
    let buf = Buffer.alloc(0);
    conn.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
        const msg = buf.subarray(2, 2 + buf.readUInt16BE(0));
        buf = buf.subarray(2 + msg.length);
        const r = reply(msg);
        if (!r) continue;
        tcpAnswers++;
        const len = Buffer.alloc(2);
        len.writeUInt16BE(r.whole.length);
        conn.write(Buffer.concat([len, r.whole]));
      }
    });
    conn.on('error', () => {});
  });
  try {
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(port, '127.0.0.1', () => resolve());
    });
  } catch (err) {
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    throw err;
  }
  const server: DnsServer = {
    server: `127.0.0.1:${port}`,
    port,
    queries,
    zone,
    get tcpAnswers() {
      return tcpAnswers;
    },
    close: () => Promise.all([
      new Promise<void>((resolve) => socket.close(() => resolve())),
      new Promise<void>((resolve) => {
        for (const c of conns) c.destroy();
        tcp.close(() => resolve());
      }),
    ]).then(() => undefined),
  };
  if (options.dnssec) server.dnssec = options.dnssec;
  return server;
}
