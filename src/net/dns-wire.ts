// A minimal DNS message codec (RFC 1035, EDNS0 from RFC 6891). The scanner uses it for the questions `node:dns`
// cannot ask — DNSKEY, DS and RRSIG records for its own DNSSEC validation (src/net/dns-client.ts) — and the
// loopback test DNS server reuses it. Decoding never throws past `decodeMessage`, which returns undefined for a
// malformed message. Names inside the data of NS, CNAME, PTR, DNAME, MX and SOA records are decompressed on
// decoding, so a record's `data` stands on its own (signature verification needs it without pointers).

export const RR = { A: 1, NS: 2, CNAME: 5, SOA: 6, PTR: 12, MX: 15, TXT: 16, AAAA: 28, DNAME: 39, OPT: 41, DS: 43, RRSIG: 46, NSEC: 47, DNSKEY: 48, NSEC3: 50, CAA: 257 } as const;

export interface Question {
  name: string;
  type: number;
  class: number;
}

export interface ResourceRecord {
  name: string;
  type: number;
  class: number;
  ttl: number;
  data: Buffer;
}

export interface Message {
  id: number;
  /** The header's flag word as sent: QR, opcode, AA, TC, RD, RA, Z, AD, CD, RCODE. */
  flags: number;
  questions: Question[];
  answers: ResourceRecord[];
  authorities: ResourceRecord[];
  additionals: ResourceRecord[];
}

export const FLAG = { QR: 0x8000, AA: 0x0400, TC: 0x0200, RD: 0x0100, RA: 0x0080, AD: 0x0020, CD: 0x0010 } as const;
export const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

export function rcodeOf(m: Pick<Message, 'flags'>): number {
  return m.flags & 0x000f;
}

export function encodeName(name: string): Buffer {
  const labels = name.replace(/\.$/, '').split('.').filter((l) => l !== '');
  const parts = labels.map((l) => {
    const bytes = Buffer.from(l, 'latin1');
    return Buffer.concat([Buffer.from([bytes.length]), bytes]);
  });
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n & 0xffff);
  return b;
}

function encodeRecord(rr: ResourceRecord): Buffer {
  const ttl = Buffer.alloc(4);
  ttl.writeUInt32BE(rr.ttl >>> 0);
  return Buffer.concat([encodeName(rr.name), u16(rr.type), u16(rr.class), ttl, u16(rr.data.length), rr.data]);
}

export function encodeMessage(m: Message): Buffer {
  return Buffer.concat([
    u16(m.id),
    u16(m.flags),
    u16(m.questions.length),
    u16(m.answers.length),
    u16(m.authorities.length),
    u16(m.additionals.length),
    ...m.questions.map((q) => Buffer.concat([encodeName(q.name), u16(q.type), u16(q.class)])),
    ...[...m.answers, ...m.authorities, ...m.additionals].map(encodeRecord),
  ]);
}

/** A recursive query; with `dnssecOk` it carries an EDNS0 OPT record with the DO bit, asking for AD/RRSIGs; with
 * `checkingDisabled` (CD) a validating resolver hands over data that fails its validation instead of SERVFAIL, so
 * the scanner can say why. */
export function encodeQuery(id: number, name: string, type: number, dnssecOk = false, checkingDisabled = false): Buffer {
  const opt: ResourceRecord = { name: '', type: RR.OPT, class: 1232, ttl: dnssecOk ? 0x8000 : 0, data: Buffer.alloc(0) };
  return encodeMessage({
    id,
    flags: FLAG.RD | (dnssecOk ? FLAG.AD : 0) | (checkingDisabled ? FLAG.CD : 0),
    questions: [{ name, type, class: 1 }],
    answers: [],
    authorities: [],
    additionals: [opt],
  });
}

class Reader {
  offset = 0;
  readonly buf: Buffer;
  constructor(buf: Buffer) {
    this.buf = buf;
  }
  u16(): number {
    const v = this.buf.readUInt16BE(this.offset);
    this.offset += 2;
    return v;
  }
  u32(): number {
    const v = this.buf.readUInt32BE(this.offset);
    this.offset += 4;
    return v;
  }
  name(): string {
    const labels: string[] = [];
    let pos = this.offset;
    let jumped = false;
    // Each pointer must go strictly backwards, so a malicious loop cannot spin forever.
    let limit = pos;
    for (;;) {
      const len = this.buf.readUInt8(pos);
      if ((len & 0xc0) === 0xc0) {
        const target = ((len & 0x3f) << 8) | this.buf.readUInt8(pos + 1);
        if (target >= limit) throw new Error('bad compression pointer');
        if (!jumped) this.offset = pos + 2;
        jumped = true;
        limit = target;
        pos = target;
        continue;
      }
      if (len > 63) throw new Error('bad label length');
      if (len === 0) {
        if (!jumped) this.offset = pos + 1;
        return labels.join('.');
      }
      if (pos + 1 + len > this.buf.length) throw new Error('label past end');
      labels.push(this.buf.toString('latin1', pos + 1, pos + 1 + len));
      pos += 1 + len;
    }
  }
  bytes(n: number): Buffer {
    if (this.offset + n > this.buf.length) throw new Error('data past end');
    const b = this.buf.subarray(this.offset, this.offset + n);
    this.offset += n;
    return b;
  }
}

/** Record types whose data holds domain names that may be compressed (RFC 3597 §4): [names, then fixed bytes]. */
const NAMES_IN_DATA: ReadonlyMap<number, { prefix: number; names: number }> = new Map([
  [RR.NS, { prefix: 0, names: 1 }],
  [RR.CNAME, { prefix: 0, names: 1 }],
  [RR.PTR, { prefix: 0, names: 1 }],
  [RR.DNAME, { prefix: 0, names: 1 }],
  [RR.MX, { prefix: 2, names: 1 }],
  [RR.SOA, { prefix: 0, names: 2 }],
]);

/** The data of a record at `start..end` of `buf` with its names written out in full. */
function expandNames(buf: Buffer, start: number, end: number, layout: { prefix: number; names: number }): Buffer {
  const r = new Reader(buf);
  r.offset = start + layout.prefix;
  const names: Buffer[] = [];
  for (let i = 0; i < layout.names; i++) names.push(encodeName(r.name()));
  if (r.offset > end) throw new Error('name past record end');
  return Buffer.concat([buf.subarray(start, start + layout.prefix), ...names, buf.subarray(r.offset, end)]);
}

export function decodeMessage(buf: Buffer): Message | undefined {
  try {
    const r = new Reader(buf);
    const id = r.u16();
    const flags = r.u16();
    const counts = [r.u16(), r.u16(), r.u16(), r.u16()] as const;
    const questions: Question[] = [];
    for (let i = 0; i < counts[0]; i++) questions.push({ name: r.name(), type: r.u16(), class: r.u16() });
    const records = (n: number): ResourceRecord[] => {
      const out: ResourceRecord[] = [];
      for (let i = 0; i < n; i++) {
        const name = r.name();
        const type = r.u16();
        const cls = r.u16();
        const ttl = r.u32();
        const length = r.u16();
        const start = r.offset;
        const raw = r.bytes(length);
        const layout = NAMES_IN_DATA.get(type);
        out.push({ name, type, class: cls, ttl, data: layout ? expandNames(buf, start, start + length, layout) : raw });
      }
      return out;
    };
    return { id, flags, questions, answers: records(counts[1]), authorities: records(counts[2]), additionals: records(counts[3]) };
  } catch {
    return undefined;
  }
}
