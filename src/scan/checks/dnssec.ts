// DNSSEC, validated by the scanner itself (RFC 4033–4035, 6840) from the records the edge collected
// (src/scan/probes/dnssec-probe.ts): from the root's trust anchor down every signed delegation to the zone of the
// scanned name — each DNSKEY set matched to its parent's DS digest and signed by that key, each DS set signed by
// the parent's keys — then the name's own records. Pure: node:crypto verifies, nothing is fetched here.
//
// Verdicts, as RFC 4035 §4.3 names them: `secure` (every link verifies), `insecure` (a delegation on the way has no
// DS: the zone is not signed, or not linked to its parent), `bogus` (a link is broken: a signature that does not
// verify or is outside its validity window, a DS digest matching no key, records the zone should have signed left
// unsigned — validating resolvers refuse such a name), and `indeterminate` (the resolver's answers did not allow a
// verdict: a failed lookup, a root that does not match the trust anchor, or only algorithms the scanner does not
// implement, or no proof of a "no DS"). Authenticated denial is checked where it decides the verdict — the parent's
// NSEC or NSEC3 proof that an unsigned delegation has no DS — not for other negative answers.
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { encodeName, RR } from '../../net/dns-wire.ts';
import type { DnsAnswer, DnsRecord, DnssecEvidence, Evidence } from '../evidence.ts';
import type { Check, Outcome } from './check.ts';
import { outcome, scanRule } from './check.ts';

/** IANA's root trust anchors (https://data.iana.org/root-anchors/root-anchors.xml): KSK-2017 (key tag 20326) and its
 * successor KSK-2024 (38696, published in the root zone since 2025), both RSA/SHA-256 with a SHA-256 digest. */
export const ROOT_TRUST_ANCHORS: readonly string[] = [
  '20326 8 2 E06D44B80B8F1D39A95C0B0D7C65D08458E880409BBC683457104237C7F8EC8D',
  '38696 8 2 683D2D0ACB8C9B712A1948B27F741219298D0A450D612C483AF444A4C0FB2B16',
];

/** The signature algorithms validated: RFC 8624's MUST, RECOMMENDED and MAY ones without SHA-1 (RSA/SHA-256 and
 * /SHA-512, ECDSA P-256 and P-384, Ed25519 and Ed448). The SHA-1 ones (5, 7; RFC 9905 deprecates them) and the
 * retired ones are reported as not validated, never as failed. */
type Kind = 'rsa' | 'ec' | 'eddsa';
const ALGORITHMS: ReadonlyMap<number, { name: string; hash: 'sha256' | 'sha384' | 'sha512' | null; kind: Kind; crv?: string; size?: number }> = new Map([
  [8, { name: 'RSASHA256', hash: 'sha256', kind: 'rsa' }],
  [10, { name: 'RSASHA512', hash: 'sha512', kind: 'rsa' }],
  [13, { name: 'ECDSAP256SHA256', hash: 'sha256', kind: 'ec', crv: 'P-256', size: 32 }],
  [14, { name: 'ECDSAP384SHA384', hash: 'sha384', kind: 'ec', crv: 'P-384', size: 48 }],
  [15, { name: 'ED25519', hash: null, kind: 'eddsa', crv: 'Ed25519', size: 32 }],
  [16, { name: 'ED448', hash: null, kind: 'eddsa', crv: 'Ed448', size: 57 }],
] as const);

const OTHER_ALGORITHMS: Record<number, string> = { 1: 'RSAMD5', 3: 'DSA', 5: 'RSASHA1', 6: 'DSA-NSEC3-SHA1', 7: 'RSASHA1-NSEC3-SHA1', 12: 'ECC-GOST', 17: 'SM2SM3', 23: 'ECC-GOST12' };

export function algorithmName(n: number): string {
  return ALGORITHMS.get(n)?.name ?? OTHER_ALGORITHMS[n] ?? `algorithm ${n}`;
}

const DIGESTS: ReadonlyMap<number, string> = new Map([[1, 'sha1'], [2, 'sha256'], [4, 'sha384']]);
const TYPE_NAMES = new Map<number, string>(Object.entries(RR).map(([k, v]) => [v, k]));
const typeName = (t: number) => TYPE_NAMES.get(t) ?? `TYPE${t}`;

/** `example.com.`, `.` for the root: how names appear in evidence and messages. */
export function fqdn(name: string): string {
  return name === '' ? '.' : `${name}.`;
}

/** The key of one question in `DnssecEvidence.answers`. */
export function questionKey(name: string, type: number): string {
  return `${fqdn(name)} ${typeName(type)}`;
}

function norm(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

function labelCount(name: string): number {
  return name === '' ? 0 : name.split('.').length;
}

/** Every name from the root down to `name`: `['', 'com', 'example.com']`. */
export function ancestors(name: string): string[] {
  const labels = name === '' ? [] : name.split('.');
  return ['', ...labels.map((_, i) => labels.slice(labels.length - 1 - i).join('.'))];
}

// ---- record data ----

export interface Dnskey { flags: number; protocol: number; algorithm: number; key: Buffer; tag: number; data: Buffer }
export interface Ds { keyTag: number; algorithm: number; digestType: number; digest: Buffer }
export interface Rrsig {
  typeCovered: number; algorithm: number; labels: number; originalTtl: number; expiration: number; inception: number;
  keyTag: number; signer: string; signature: Buffer; data: Buffer;
}

/** RFC 4034 appendix B. */
export function keyTag(dnskeyData: Buffer): number {
  let ac = 0;
  for (let i = 0; i < dnskeyData.length; i++) ac += i & 1 ? (dnskeyData[i] ?? 0) : (dnskeyData[i] ?? 0) << 8;
  ac += (ac >> 16) & 0xffff;
  return ac & 0xffff;
}

export function parseDnskey(data: Buffer): Dnskey {
  if (data.length < 5) throw new Error('DNSKEY too short');
  return { flags: data.readUInt16BE(0), protocol: data.readUInt8(2), algorithm: data.readUInt8(3), key: data.subarray(4), tag: keyTag(data), data };
}

export function parseDs(data: Buffer): Ds {
  if (data.length < 5) throw new Error('DS too short');
  return { keyTag: data.readUInt16BE(0), algorithm: data.readUInt8(2), digestType: data.readUInt8(3), digest: data.subarray(4) };
}

/** A DS in presentation form, `20326 8 2 E06D…` (a leading `. IN DS` or `. DS` is accepted too). */
export function parseDsText(text: string): Ds {
  const fields = text.trim().replace(/^\.\s+(?:\d+\s+)?(?:IN\s+)?DS\s+/i, '').split(/\s+/);
  const [tag, alg, type, ...hex] = fields;
  const digest = hex.join('');
  if (!/^\d+$/.test(tag ?? '') || !/^\d+$/.test(alg ?? '') || !/^\d+$/.test(type ?? '') || !/^([0-9a-f]{2})+$/i.test(digest)) {
    throw new Error(`not a DS record: "${text}"`);
  }
  return { keyTag: Number(tag), algorithm: Number(alg), digestType: Number(type), digest: Buffer.from(digest, 'hex') };
}

/** Reads an uncompressed wire name at `offset`: the name and where it ends. */
function readName(data: Buffer, offset: number): [string, number] {
  const labels: string[] = [];
  let p = offset;
  for (;;) {
    const len = data[p];
    if (len === undefined || len > 63) throw new Error('malformed name');
    if (len === 0) return [labels.join('.'), p + 1];
    if (p + 1 + len > data.length) throw new Error('name past end');
    labels.push(data.toString('latin1', p + 1, p + 1 + len));
    p += 1 + len;
  }
}

export function parseRrsig(data: Buffer): Rrsig {
  if (data.length < 19) throw new Error('RRSIG too short');
  const [signer, end] = readName(data, 18);
  return {
    typeCovered: data.readUInt16BE(0), algorithm: data.readUInt8(2), labels: data.readUInt8(3), originalTtl: data.readUInt32BE(4),
    expiration: data.readUInt32BE(8), inception: data.readUInt32BE(12), keyTag: data.readUInt16BE(16), signer: norm(signer),
    signature: data.subarray(end), data,
  };
}

/** Lower-cases the ASCII letters of the wire name at `offset` in place; returns where it ends. */
function lowerName(data: Buffer, offset: number): number {
  let p = offset;
  for (;;) {
    const len = data[p] ?? 0;
    if (len === 0) return p + 1;
    for (let i = p + 1; i <= p + len && i < data.length; i++) {
      const c = data[i] ?? 0;
      if (c >= 0x41 && c <= 0x5a) data[i] = c + 0x20;
    }
    p += 1 + len;
  }
}

/** RFC 4034 §6.2: names inside the data of these types are lower-cased in the canonical form. */
function canonicalData(type: number, data: Buffer): Buffer {
  const names: Record<number, [number, number]> = { [RR.NS]: [0, 1], [RR.CNAME]: [0, 1], [RR.PTR]: [0, 1], [RR.DNAME]: [0, 1], [RR.MX]: [2, 1], [RR.SOA]: [0, 2] };
  const layout = names[type];
  if (!layout) return data;
  const copy = Buffer.from(data);
  let p = layout[0];
  for (let i = 0; i < layout[1]; i++) p = lowerName(copy, p);
  return copy;
}

/** The octets an RRSIG signs (RFC 4034 §3.1.8.1, with the wildcard owner of §5.3.2 and duplicates removed). */
export function signedData(sig: Rrsig, owner: string, type: number, records: readonly Buffer[]): Buffer {
  const labels = norm(owner).split('.').filter((l) => l !== '');
  const signedOwner = sig.labels < labels.length ? ['*', ...labels.slice(labels.length - sig.labels)].join('.') : labels.join('.');
  const ownerWire = encodeName(signedOwner);
  const head = Buffer.alloc(10);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(1, 2);
  head.writeUInt32BE(sig.originalTtl, 4);
  const rdatas = [...new Map(records.map((r) => { const c = canonicalData(type, r); return [c.toString('hex'), c] as const; })).values()].sort(Buffer.compare);
  const rrs = rdatas.map((d) => {
    head.writeUInt16BE(d.length, 8);
    return Buffer.concat([ownerWire, head, d]);
  });
  const sigHead = sig.data.subarray(0, 18);
  return Buffer.concat([sigHead, encodeName(sig.signer), ...rrs]);
}

const b64url = (b: Buffer) => b.toString('base64url');

/** The DNSKEY's public key as node:crypto takes it (RFC 3110 for RSA, RFC 6605 for ECDSA, RFC 8080 for EdDSA). */
export function publicKey(key: Dnskey): KeyObject {
  const alg = ALGORITHMS.get(key.algorithm);
  if (!alg) throw new Error(`unsupported algorithm ${key.algorithm}`);
  const k = key.key;
  if (alg.kind === 'rsa') {
    let expLen = k[0] ?? 0;
    let at = 1;
    if (expLen === 0) {
      expLen = k.readUInt16BE(1);
      at = 3;
    }
    const e = k.subarray(at, at + expLen);
    const n = k.subarray(at + expLen);
    if (e.length !== expLen || n.length === 0) throw new Error('malformed RSA key');
    return createPublicKey({ key: { kty: 'RSA', n: b64url(n), e: b64url(e) }, format: 'jwk' });
  }
  const size = alg.size ?? 0;
  if (alg.kind === 'ec') {
    if (k.length !== 2 * size) throw new Error(`malformed ${alg.crv} key`);
    return createPublicKey({ key: { kty: 'EC', crv: alg.crv, x: b64url(k.subarray(0, size)), y: b64url(k.subarray(size)) }, format: 'jwk' });
  }
  if (k.length !== size) throw new Error(`malformed ${alg.crv} key`);
  return createPublicKey({ key: { kty: 'OKP', crv: alg.crv, x: b64url(k) }, format: 'jwk' });
}

/** Verdicts of signature checks already made, keyed by a digest of key, signature and signed data together: every
 * scan checks the same root and TLD signatures (the root's DNSKEY set, the TLD's DS and DNSKEY sets) until they are
 * re-signed, and the public-key operation is most of a scan's DNSSEC CPU. Bounded; a hit is the same computation's
 * result, so the check stays a pure function of its evidence. */
const verified = new Map<string, boolean>();
const VERIFIED_MAX = 4096;

function verifies(key: Dnskey, data: Buffer, signature: Buffer): boolean {
  const alg = ALGORITHMS.get(key.algorithm);
  if (!alg) return false;
  // Each part length-prefixed, so no two different triples hash the same input.
  const lengths = Buffer.alloc(12);
  lengths.writeUInt32BE(key.data.length, 0);
  lengths.writeUInt32BE(signature.length, 4);
  lengths.writeUInt32BE(data.length, 8);
  const memo = createHash('sha256').update(lengths).update(key.data).update(signature).update(data).digest('base64');
  const known = verified.get(memo);
  if (known !== undefined) return known;
  let ok: boolean;
  try {
    const pub = publicKey(key);
    ok = alg.kind === 'ec' ? verifySignature(alg.hash, data, { key: pub, dsaEncoding: 'ieee-p1363' }, signature) : verifySignature(alg.hash, data, pub, signature);
  } catch {
    ok = false;
  }
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(memo, ok);
  return ok;
}

/** The DS digest of a DNSKEY at `owner` (RFC 4034 §5.1.4); undefined for a digest type not implemented. */
export function dsDigest(owner: string, dnskeyData: Buffer, digestType: number): Buffer | undefined {
  const hash = DIGESTS.get(digestType);
  if (!hash) return undefined;
  return createHash(hash).update(encodeName(norm(owner))).update(dnskeyData).digest();
}

// ---- validity windows (RFC 4034 §3.1.5: serial number arithmetic on 32-bit seconds) ----

function serialLte(a: number, b: number): boolean {
  return ((b - a) >>> 0) < 0x80000000;
}

/** The moment a 32-bit RRSIG time stands for, read as the one nearest to `at`. */
function timeOf(t: number, at: number): string {
  const now = Math.floor(at / 1000) >>> 0;
  const delta = (t - now) | 0;
  return new Date(at + delta * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// ---- RRset verification ----

type Failure = { ok: false; reason: string; unsupported?: boolean };
type Verified = { ok: true; algorithm: number };

interface Rrset { owner: string; type: number; records: Buffer[] }

const decode = (r: DnsRecord) => Buffer.from(r.data, 'base64');

function rrsetOf(records: readonly DnsRecord[], owner: string, type: number): Rrset {
  return { owner, type, records: records.filter((r) => r.type === type && norm(r.name) === owner).map(decode) };
}

function sigsOver(records: readonly DnsRecord[], owner: string, type: number): Rrsig[] {
  const out: Rrsig[] = [];
  for (const r of records) {
    if (r.type !== RR.RRSIG || norm(r.name) !== owner) continue;
    try {
      const sig = parseRrsig(decode(r));
      if (sig.typeCovered === type) out.push(sig);
    } catch {
      // a malformed RRSIG verifies nothing
    }
  }
  return out;
}

/** Failure reasons from the most to the least telling, when no signature verifies. */
const RANK = ['expired', 'not yet valid', 'does not verify', 'malformed', 'no DNSKEY', 'signed by'] as const;

/** Whether one RRSIG by one of `keys` (the zone `signer`'s) over `set` verifies at `at`. */
export function verifyRrset(set: Rrset, sigs: readonly Rrsig[], keys: readonly Dnskey[], signer: string, at: number): Verified | Failure {
  const what = `the ${typeName(set.type)} records of ${fqdn(set.owner)}`;
  if (sigs.length === 0) return { ok: false, reason: `${what} are not signed (no RRSIG) although ${fqdn(signer)} is a signed zone` };
  const failures: string[] = [];
  let unsupported = 0;
  const now = Math.floor(at / 1000) >>> 0;
  for (const sig of sigs) {
    if (sig.signer !== signer) {
      failures.push(`${what} are signed by ${fqdn(sig.signer)}, not by their zone ${fqdn(signer)}`);
      continue;
    }
    if (!ALGORITHMS.has(sig.algorithm)) {
      unsupported++;
      continue;
    }
    if (sig.labels > labelCount(set.owner)) {
      failures.push(`the RRSIG over ${what} is malformed (label count ${sig.labels})`);
      continue;
    }
    const candidates = keys.filter((k) => k.tag === sig.keyTag && k.algorithm === sig.algorithm);
    if (candidates.length === 0) {
      failures.push(`the RRSIG over ${what} names key ${sig.keyTag} (${algorithmName(sig.algorithm)}), which is no DNSKEY of ${fqdn(signer)}`);
      continue;
    }
    if (!serialLte(now, sig.expiration)) {
      failures.push(`the RRSIG over ${what} expired at ${timeOf(sig.expiration, at)}`);
      continue;
    }
    if (!serialLte(sig.inception, now)) {
      failures.push(`the RRSIG over ${what} is not yet valid (from ${timeOf(sig.inception, at)})`);
      continue;
    }
    const data = signedData(sig, set.owner, set.type, set.records);
    if (candidates.some((k) => verifies(k, data, sig.signature))) return { ok: true, algorithm: sig.algorithm };
    failures.push(`the RRSIG over ${what} by key ${sig.keyTag} does not verify`);
  }
  if (failures.length === 0 && unsupported > 0) {
    // The zone's keys were validated with an algorithm we implement, so its records must carry a signature by one
    // of them (RFC 6840 §5.11): signatures by other algorithms only are a stripped set, not an unknown algorithm.
    const algs = [...new Set(sigs.map((s) => algorithmName(s.algorithm)))].join(', ');
    return { ok: false, reason: `${what} are signed only with ${algs}, by none of the zone's keys` };
  }
  const rank = (f: string) => {
    const i = RANK.findIndex((word) => f.includes(word));
    return i < 0 ? RANK.length : i;
  };
  return { ok: false, reason: [...failures].sort((a, b) => rank(a) - rank(b))[0] ?? `${what} could not be verified` };
}

/** A zone's DNSKEY set, trusted when a key matching one of `dsSet` (its parent's DS, or the trust anchor) signs it. */
export function verifyZoneKeys(zone: string, dsSet: readonly Ds[], answer: DnsAnswer, at: number): { ok: true; keys: Dnskey[]; algorithm: number } | Failure {
  const keyRecords = answer.answers.filter((r) => r.type === RR.DNSKEY && norm(r.name) === zone);
  const known = dsSet.filter((d) => ALGORITHMS.has(d.algorithm) && DIGESTS.has(d.digestType));
  // RFC 4509 §3: with a SHA-256 (or stronger) DS present, SHA-1 ones are ignored, so a forged SHA-1 digest cannot
  // stand in for a SHA-256 one that fails.
  const usable = known.some((d) => d.digestType !== 1) ? known.filter((d) => d.digestType !== 1) : known;
  if (usable.length === 0) {
    const algs = [...new Set(dsSet.map((d) => (ALGORITHMS.has(d.algorithm) ? `digest type ${d.digestType}` : algorithmName(d.algorithm))))].join(', ');
    return { ok: false, unsupported: true, reason: `${fqdn(zone)} is signed with ${algs}, which the scanner does not validate` };
  }
  if (keyRecords.length === 0) return { ok: false, reason: `${fqdn(zone)} has a DS record at its parent but serves no DNSKEY records` };
  const keys: Dnskey[] = [];
  for (const r of keyRecords) {
    try {
      keys.push(parseDnskey(decode(r)));
    } catch {
      // skipped: a malformed key matches no DS and verifies nothing
    }
  }
  // RFC 4034 §2.1.1: only keys with the Zone Key flag (and protocol 3) sign zone data.
  const zoneKeys = keys.filter((k) => (k.flags & 0x0100) !== 0 && k.protocol === 3);
  const entry = zoneKeys.filter((k) => usable.some((d) => d.keyTag === k.tag && d.algorithm === k.algorithm && dsDigest(zone, k.data, d.digestType)?.equals(d.digest) === true));
  if (entry.length === 0) {
    const sameTag = usable.find((d) => zoneKeys.some((k) => k.tag === d.keyTag && k.algorithm === d.algorithm));
    if (sameTag) return { ok: false, reason: `the DS digest for key ${sameTag.keyTag} of ${fqdn(zone)} does not match its DNSKEY (a wrong DS at the parent)` };
    return { ok: false, reason: `no DNSKEY of ${fqdn(zone)} matches its DS records (key tags ${[...new Set(usable.map((d) => d.keyTag))].join(', ')}; the zone has ${zoneKeys.map((k) => k.tag).join(', ') || 'none'})` };
  }
  const verified = verifyRrset(rrsetOf(answer.answers, zone, RR.DNSKEY), sigsOver(answer.answers, zone, RR.DNSKEY), entry, zone, at);
  if (!verified.ok) return verified;
  return { ok: true, keys: zoneKeys.filter((k) => ALGORITHMS.has(k.algorithm)), algorithm: verified.algorithm };
}

// ---- authenticated denial of a DS (RFC 4035 §5.4, RFC 5155 §8.6) ----

/** The types a type bitmap (RFC 4034 §4.1.2) lists. */
export function bitmapTypes(data: Buffer, from: number): Set<number> {
  const types = new Set<number>();
  let p = from;
  while (p + 2 <= data.length) {
    const window = data[p] ?? 0;
    const len = data[p + 1] ?? 0;
    if (len < 1 || len > 32 || p + 2 + len > data.length) throw new Error('malformed type bitmap');
    for (let i = 0; i < len; i++) {
      const byte = data[p + 2 + i] ?? 0;
      for (let bit = 0; bit < 8; bit++) if (byte & (0x80 >> bit)) types.add(window * 256 + i * 8 + bit);
    }
    p += 2 + len;
  }
  return types;
}

const BASE32HEX = '0123456789abcdefghijklmnopqrstuv';

function fromBase32hex(text: string): Buffer | undefined {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.toLowerCase()) {
    const v = BASE32HEX.indexOf(ch);
    if (v < 0) return undefined;
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((value >> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 5155 §5: the iterated SHA-1 of a name's canonical wire form. */
export function nsec3Hash(name: string, salt: Buffer, iterations: number): Buffer {
  let h = createHash('sha1').update(encodeName(norm(name))).update(salt).digest();
  for (let i = 0; i < iterations; i++) h = createHash('sha1').update(h).update(salt).digest();
  return h;
}

/** Validators may treat NSEC3 with more iterations as insecure without proof (RFC 9276 §3.2; BIND's limit). */
const MAX_NSEC3_ITERATIONS = 150;

interface Nsec3 { owner: string; hash: Buffer; optOut: boolean; iterations: number; salt: Buffer; next: Buffer; types: Set<number> }

/** Whether `h` lies strictly between an NSEC3's owner hash and its next hash, the chain wrapping at its end. */
function covers(n: Nsec3, h: Buffer): boolean {
  const afterOwner = Buffer.compare(n.hash, h) < 0;
  const beforeNext = Buffer.compare(h, n.next) < 0;
  return Buffer.compare(n.hash, n.next) < 0 ? afterOwner && beforeNext : afterOwner || beforeNext;
}

/**
 * The parent's proof that `cut` has no DS, when the negative answer carries one: an NSEC at the cut listing NS and
 * neither DS nor SOA; or an NSEC3 matching the cut with that bitmap, or (opt-out) the closest encloser's NSEC3 and an
 * opt-out NSEC3 covering the next closer name. Every NSEC/NSEC3 used must be signed by the parent's keys. An
 * answer with neither is `missing`: validators call it bogus, but a resolver that drops proofs would make every
 * unsigned domain bogus, so the scanner calls it indeterminate (0 points) instead.
 */
function verifyNoDs(authorities: readonly DnsRecord[], zone: string, cut: string, keys: readonly Dnskey[], at: number): { ok: true; how: string } | { ok: false; reason: string; missing?: boolean } {
  const signed = (owner: string, type: number): string | undefined => {
    const v = verifyRrset(rrsetOf(authorities, owner, type), sigsOver(authorities, owner, type), keys, zone, at);
    return v.ok ? undefined : v.reason;
  };
  const nsecs = authorities.filter((r) => r.type === RR.NSEC);
  const exact = nsecs.find((r) => norm(r.name) === cut);
  if (exact) {
    const bad = signed(cut, RR.NSEC);
    if (bad) return { ok: false, reason: bad };
    const data = decode(exact);
    let types: Set<number>;
    try {
      types = bitmapTypes(data, readName(data, 0)[1]);
    } catch {
      return { ok: false, reason: `the NSEC at ${fqdn(cut)} is malformed` };
    }
    if (types.has(RR.DS)) return { ok: false, reason: `the NSEC at ${fqdn(cut)} lists a DS record` };
    if (types.has(RR.SOA) || !types.has(RR.NS)) return { ok: false, reason: `the NSEC at ${fqdn(cut)} is not the parent's delegation (${types.has(RR.SOA) ? 'it lists SOA' : 'no NS'})` };
    return { ok: true, how: 'proven by NSEC' };
  }
  const nsec3s: Nsec3[] = [];
  for (const r of authorities) {
    if (r.type !== RR.NSEC3) continue;
    const owner = norm(r.name);
    const label = owner.split('.')[0] ?? '';
    const hash = fromBase32hex(label);
    if (!hash || owner !== `${label}${zone === '' ? '' : `.${zone}`}`) continue;
    try {
      const d = decode(r);
      if (d[0] !== 1) continue; // only SHA-1 is defined
      const saltLen = d[4] ?? 0;
      const hashLen = d[5 + saltLen] ?? 0;
      const nextAt = 6 + saltLen;
      nsec3s.push({ owner, hash, optOut: ((d[1] ?? 0) & 1) === 1, iterations: d.readUInt16BE(2), salt: d.subarray(5, 5 + saltLen), next: d.subarray(nextAt, nextAt + hashLen), types: bitmapTypes(d, nextAt + hashLen) });
    } catch {
      return { ok: false, reason: `an NSEC3 record at ${fqdn(owner)} is malformed` };
    }
  }
  if (nsec3s.length === 0) {
    if (nsecs.length > 0) return { ok: false, reason: `no NSEC matches ${fqdn(cut)}` };
    return { ok: false, missing: true, reason: `the resolver's answer that ${fqdn(cut)} has no DS carries no NSEC/NSEC3 proof` };
  }
  const { salt, iterations } = nsec3s[0] as Nsec3;
  if (iterations > MAX_NSEC3_ITERATIONS) return { ok: true, how: `NSEC3 with ${iterations} iterations, taken as insecure (RFC 9276)` };
  const hashOf = (n: string) => nsec3Hash(n, salt, iterations);
  const use = (n: Nsec3): string | undefined => signed(n.owner, RR.NSEC3);
  const match = (n: string) => nsec3s.find((x) => x.hash.equals(hashOf(n)));
  const at3 = match(cut);
  if (at3) {
    const bad = use(at3);
    if (bad) return { ok: false, reason: bad };
    if (at3.types.has(RR.DS)) return { ok: false, reason: `the NSEC3 for ${fqdn(cut)} lists a DS record` };
    if (at3.types.has(RR.SOA) || !at3.types.has(RR.NS)) return { ok: false, reason: `the NSEC3 for ${fqdn(cut)} is not the parent's delegation` };
    return { ok: true, how: 'proven by NSEC3' };
  }
  // Opt-out: the closest encloser (an ancestor of the cut the chain has) and an opt-out NSEC3 covering the next
  // closer name (the closest encloser plus one label of the cut).
  const chain = ancestors(cut).reverse().slice(1);
  for (let i = 0; i < chain.length; i++) {
    const encloser = chain[i] as string;
    if (labelCount(encloser) < labelCount(zone)) break;
    const ce = match(encloser);
    if (!ce) continue;
    const nextCloser = i === 0 ? cut : (chain[i - 1] as string);
    const cover = nsec3s.find((x) => covers(x, hashOf(nextCloser)));
    if (!cover) return { ok: false, reason: `no NSEC3 covers ${fqdn(nextCloser)}` };
    if (!cover.optOut) return { ok: false, reason: `the NSEC3 covering ${fqdn(nextCloser)} has no opt-out flag: it proves the name does not exist` };
    const bad = use(ce) ?? use(cover);
    if (bad) return { ok: false, reason: bad };
    return { ok: true, how: 'proven by NSEC3 opt-out' };
  }
  return { ok: false, reason: `no NSEC3 matches an encloser of ${fqdn(cut)}` };
}

// ---- the chain ----

export type DnssecVerdict =
  | { state: 'secure'; name: string; zone: string; chain: string[]; algorithms: string[]; note?: string }
  | { state: 'insecure'; name: string; zone: string; reason: string }
  | { state: 'bogus'; name: string; reason: string }
  | { state: 'indeterminate'; name: string; reason: string; unsupported?: boolean };

/** Validates `name`'s A records (and `extraTypes` at it, e.g. MX) from the trust anchors down. */
export function validateName(ev: DnssecEvidence, nameIn: string, at: number, extraTypes: readonly number[] = []): DnssecVerdict {
  const name = norm(nameIn);
  const indeterminate = (reason: string, unsupported = false): DnssecVerdict => ({ state: 'indeterminate', name, reason, ...(unsupported ? { unsupported } : {}) });
  const bogus = (reason: string): DnssecVerdict => ({ state: 'bogus', name, reason });
  const get = (n: string, type: number): DnsAnswer | string => {
    const p = ev.answers[questionKey(n, type)];
    if (p === undefined) return `${questionKey(n, type)} was not asked`;
    if (!p.ok) return `the lookup of ${questionKey(n, type)} failed: ${p.error}`;
    if (p.value.rcode !== 0 && p.value.rcode !== 3) return `the resolver answered ${questionKey(n, type)} with rcode ${p.value.rcode}`;
    return p.value;
  };
  let anchors: Ds[];
  try {
    anchors = ev.anchors.map(parseDsText);
  } catch (err) {
    return indeterminate(`bad trust anchor: ${(err as Error).message}`);
  }
  const rootKeys = get('', RR.DNSKEY);
  if (typeof rootKeys === 'string') return indeterminate(rootKeys);
  if (sigsOver(rootKeys.answers, '', RR.DNSKEY).length === 0) return indeterminate('the resolver returned no signed DNSKEY records for the root: it does not pass DNSSEC records on');
  const root = verifyZoneKeys('', anchors, rootKeys, at);
  if (!root.ok) return indeterminate(`the root's keys do not validate against the trust anchor (${root.reason}): the resolver's answers or the anchor are wrong, not the domain`, root.unsupported);
  let zone = '';
  let keys = root.keys;
  const chain = ['.'];
  const algorithms = new Set([algorithmName(root.algorithm)]);
  for (const level of ancestors(name).slice(1)) {
    const ds = get(level, RR.DS);
    if (typeof ds === 'string') return indeterminate(ds);
    const dsRecords = ds.answers.filter((r) => r.type === RR.DS && norm(r.name) === level);
    if (dsRecords.length > 0) {
      const dsSigned = verifyRrset(rrsetOf(ds.answers, level, RR.DS), sigsOver(ds.answers, level, RR.DS), keys, zone, at);
      if (!dsSigned.ok) return dsSigned.unsupported ? indeterminate(dsSigned.reason, true) : bogus(dsSigned.reason);
      const dnskeys = get(level, RR.DNSKEY);
      if (typeof dnskeys === 'string') return indeterminate(dnskeys);
      let dsSet: Ds[];
      try {
        dsSet = dsRecords.map((r) => parseDs(decode(r)));
      } catch {
        return bogus(`the DS records of ${fqdn(level)} are malformed`);
      }
      const child = verifyZoneKeys(level, dsSet, dnskeys, at);
      if (!child.ok) return child.unsupported ? indeterminate(child.reason, true) : bogus(child.reason);
      zone = level;
      keys = child.keys;
      chain.push(fqdn(level));
      algorithms.add(algorithmName(child.algorithm));
      continue;
    }
    // No DS: a delegation without one (insecure from here down), or just a name inside the current zone.
    const soa = get(level, RR.SOA);
    if (typeof soa === 'string') return indeterminate(soa);
    const dnskeys = get(level, RR.DNSKEY);
    const apex = soa.answers.some((r) => r.type === RR.SOA && norm(r.name) === level)
      || (typeof dnskeys !== 'string' && dnskeys.answers.some((r) => r.type === RR.DNSKEY && norm(r.name) === level));
    if (!apex) continue;
    // The parent's "no DS" must come signed by the parent (its SOA in the negative answer), and its NSEC or NSEC3
    // proof, when the resolver passed one on, must hold.
    const denial = verifyRrset(rrsetOf(ds.authorities, zone, RR.SOA), sigsOver(ds.authorities, zone, RR.SOA), keys, zone, at);
    if (!denial.ok && !denial.unsupported) return bogus(`${fqdn(zone)} says ${fqdn(level)} has no DS, but that answer is not validly signed: ${denial.reason}`);
    const proof = verifyNoDs(ds.authorities, zone, level, keys, at);
    if (!proof.ok && proof.missing) return indeterminate(proof.reason);
    if (!proof.ok) return bogus(`${fqdn(zone)} says ${fqdn(level)} has no DS, but its proof fails: ${proof.reason}`);
    return { state: 'insecure', name, zone: level, reason: `${fqdn(zone)} has no DS record for ${fqdn(level)} (${proof.how}): the delegation is not signed` };
  }
  // The name's own records, signed by its zone.
  let negative = false;
  for (const type of [RR.A, ...extraTypes]) {
    const answer = get(name, type);
    if (typeof answer === 'string') return indeterminate(answer);
    const owned = answer.answers.filter((r) => norm(r.name) === name && r.type !== RR.RRSIG);
    const types = [...new Set(owned.map((r) => r.type))];
    if (types.length === 0) {
      // NODATA or NXDOMAIN: the zone's SOA comes with it, signed (the NSEC/NSEC3 proof itself is not checked).
      negative = true;
      const soa = verifyRrset(rrsetOf(answer.authorities, zone, RR.SOA), sigsOver(answer.authorities, zone, RR.SOA), keys, zone, at);
      if (!soa.ok) return soa.unsupported ? indeterminate(soa.reason, true) : bogus(`the answer that ${fqdn(name)} has no ${typeName(type)} records is not validly signed: ${soa.reason}`);
      continue;
    }
    for (const t of types) {
      const v = verifyRrset(rrsetOf(answer.answers, name, t), sigsOver(answer.answers, name, t), keys, zone, at);
      if (!v.ok) return v.unsupported ? indeterminate(v.reason, true) : bogus(v.reason);
    }
  }
  const verdict: DnssecVerdict = { state: 'secure', name, zone: fqdn(zone), chain, algorithms: [...algorithms] };
  if (negative) verdict.note = 'a negative answer\'s NSEC/NSEC3 proof is not checked';
  return verdict;
}

// ---- the check ----

const dnssecRule = scanRule({
  id: 'CGS027',
  name: 'dnssec',
  title: 'DNSSEC not enabled or failing validation',
  description: 'DNSSEC signs the domain\'s records so resolvers can detect forged answers. The scanner validates the chain itself, from the root\'s trust anchor through every signed delegation to the domain\'s records (and its alias target\'s and mail servers\' names): a zone that is signed but fails validation (bogus) is refused by every validating resolver, so the domain does not resolve for their users; an unsigned one (insecure) is only information.',
  severity: 'high',
  category: 'reliability',
  references: ['https://www.rfc-editor.org/rfc/rfc4033', 'https://www.rfc-editor.org/rfc/rfc4035', 'https://www.rfc-editor.org/rfc/rfc8624'],
  remediation: 'Sign the zone at your DNS provider and publish its DS record at your registrar; when validation fails, re-sign the zone (expired signatures), or replace the DS at the registrar with the one for the zone\'s current key.',
  equivalents: ['internet.nl:dnssec'],
  messages: {
    default: 'No DS record for {{zone}}: the zone is not signed (or the delegation is not secured).',
    bogus: 'DNSSEC validation fails for {{name}}: {{reason}}. Validating resolvers refuse to resolve it.',
    alias: '{{name}} is an alias of {{target}}, whose DNSSEC validation fails: {{reason}}. Validating resolvers refuse to resolve it.',
    mail: 'DNSSEC validation fails for the mail server name {{name}}: {{reason}}. Validating senders cannot deliver mail to it.',
    unsupported: 'The DNSSEC chain of {{name}} cannot be validated here: {{reason}}.',
  },
});

/** At most this many MX hosts have their chain validated (the lowest preference values first). */
export const MAX_MX_HOSTS = 2;

function summary(v: DnssecVerdict): string {
  switch (v.state) {
    case 'secure': return `secure (${v.chain.join(' → ')}, ${v.algorithms.join(', ')})${v.note ? `; ${v.note}` : ''}`;
    case 'insecure': return `insecure: ${v.reason}`;
    case 'bogus': return `bogus: ${v.reason}`;
    case 'indeterminate': return `indeterminate: ${v.reason}`;
  }
}

export const dnssecCheck: Check = {
  id: dnssecRule.name,
  area: 'dns',
  title: 'DNSSEC',
  rule: dnssecRule,
  run: (e: Evidence): Outcome => {
    const p = e.dns.dnssec;
    if (!p.ok) return outcome('error', `DNSSEC records could not be collected: ${p.error}`);
    const ev = p.value;
    const domain = validateName(ev, e.domain, e.at, ev.mx ? [RR.MX] : []);
    const mx = (ev.names ?? []).filter((n) => n !== e.domain).map((n) => validateName(ev, n, e.at));
    const alias = ev.alias !== undefined ? validateName(ev, ev.alias, e.at) : undefined;
    const aliasText = alias ? `; alias of ${alias.name}: ${alias.state}` : '';
    const mailText = `${aliasText}${mx.length > 0 ? `; mail servers: ${mx.map((v) => `${v.name} ${v.state}`).join(', ')}` : ''}`;
    const url = `dns:${e.domain}?type=DNSKEY`;
    if (domain.state === 'bogus') return outcome('fail', `${summary(domain)}${mailText}`, { messageId: 'bogus', data: { name: fqdn(domain.name), reason: domain.reason }, url });
    // The A records browsers get are the alias target's: a bogus target is a domain validating resolvers refuse.
    if (alias?.state === 'bogus') {
      return outcome('fail', `${summary(domain)}; alias of ${alias.name} bogus: ${alias.reason}`, { messageId: 'alias', data: { name: fqdn(domain.name), target: fqdn(alias.name), reason: alias.reason }, url: `dns:${alias.name}?type=A` });
    }
    const badMx = mx.find((v): v is Extract<DnssecVerdict, { state: 'bogus' }> => v.state === 'bogus');
    if (badMx) return outcome('fail', `${summary(domain)}; mail server ${badMx.name} bogus: ${badMx.reason}`, { messageId: 'mail', data: { name: fqdn(badMx.name), reason: badMx.reason }, url: `dns:${badMx.name}?type=A` });
    if (domain.state === 'insecure') {
      return outcome('warn', `${summary(domain)}${mailText}`, { data: { zone: domain.zone === '' ? e.domain : domain.zone }, url: `dns:${domain.zone || e.domain}?type=DS`, severity: 'info' });
    }
    if (domain.state === 'indeterminate') {
      if (domain.unsupported) return outcome('info', `${summary(domain)}${mailText}`, { messageId: 'unsupported', data: { name: fqdn(domain.name), reason: domain.reason }, url });
      return outcome('error', `${summary(domain)}${mailText}`);
    }
    return outcome('pass', `${summary(domain)}${mailText}`);
  },
};
