// A DNSSEC signer for the loopback lab: keys made with node:crypto when a test starts, a root of its own (its DS
// is the trust anchor the scanner is given), and faults a test can ask a zone for. The lab's DNS server
// (dns-server.ts) signs its answers with it as it sends them. Written apart from the scanner's validator on
// purpose (its own key tag, canonical form and signing), so one cannot simply agree with itself; BIND's `delv`
// checks the same lab in the dnssec-lab test.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { encodeName } from '../../../src/net/dns-wire.ts';

/** `bad-signature`: the zone's data signatures (not its DNSKEY set) are corrupted. `expired`: they expired a day
 * ago. `not-yet-valid`: they start tomorrow. `wrong-ds`: the parent publishes a DS whose digest matches no key.
 * `unsigned`: the zone has no keys and its parent no DS. `dnskey-unsigned`: the DNSKEY set carries no RRSIG. */
export type ZoneFault = 'bad-signature' | 'expired' | 'not-yet-valid' | 'wrong-ds' | 'unsigned' | 'dnskey-unsigned';

export interface ZoneOptions {
  /** 8 RSA/SHA-256 (2048-bit), 10 RSA/SHA-512, 13 ECDSA P-256 (default), 14 ECDSA P-384, 15 Ed25519, 16 Ed448;
   * 5 RSA/SHA-1, which the scanner does not validate. */
  algorithm?: 5 | 8 | 10 | 13 | 14 | 15 | 16;
  fault?: ZoneFault;
  /** The parent also publishes a (correct) SHA-1 DS for the key, next to the SHA-256 one. */
  sha1Ds?: boolean;
  /** How this zone denies a DS at its unsigned delegations: NSEC (default) or NSEC3 with opt-out, as .com does. */
  denial?: 'nsec' | 'nsec3';
  /** NSEC3 parameters (default: 0 iterations, no salt, opt-out). */
  nsec3?: { iterations?: number; salt?: string; optOut?: boolean };
  /** The proof the parent serves that this (unsigned) zone has no DS: `lists-ds` claims a DS in the bitmap,
   * `bad-signature` breaks its RRSIG, `none` leaves it out (the signed SOA alone). */
  proof?: 'lists-ds' | 'bad-signature' | 'none';
}

interface Key {
  flags: number;
  algorithm: number;
  privateKey: KeyObject;
  /** DNSKEY data: flags, protocol 3, algorithm, public key. */
  data: Buffer;
  tag: number;
}

export interface SignedZone {
  apex: string;
  options: ZoneOptions;
  ksk?: Key;
  zsk?: Key;
}

export interface DnssecLab {
  zones: Map<string, SignedZone>;
  /** The root's DS, as the scanner's `dnssecTrustAnchors` (and delv's `static-ds`) take it. */
  trustAnchor: string[];
}

const b64 = (s: string | undefined) => Buffer.from(s ?? '', 'base64url');

function tagOf(data: Buffer): number {
  let sum = 0;
  data.forEach((b, i) => {
    sum += i % 2 === 0 ? b * 256 : b;
  });
  return (sum + Math.floor(sum / 65536)) % 65536;
}

function makeKey(algorithm: number, flags: number): Key {
  let pair: { publicKey: KeyObject; privateKey: KeyObject };
  let pub: Buffer;
  if (algorithm === 5 || algorithm === 8 || algorithm === 10) {
    pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = pair.publicKey.export({ format: 'jwk' });
    const e = b64(jwk.e);
    pub = Buffer.concat([Buffer.from([e.length]), e, b64(jwk.n)]);
  } else if (algorithm === 13 || algorithm === 14) {
    pair = generateKeyPairSync('ec', { namedCurve: algorithm === 13 ? 'P-256' : 'P-384' });
    const jwk = pair.publicKey.export({ format: 'jwk' });
    pub = Buffer.concat([b64(jwk.x), b64(jwk.y)]);
  } else if (algorithm === 16) {
    pair = generateKeyPairSync('ed448');
    pub = b64(pair.publicKey.export({ format: 'jwk' }).x);
  } else {
    pair = generateKeyPairSync('ed25519');
    pub = b64(pair.publicKey.export({ format: 'jwk' }).x);
  }
  const data = Buffer.concat([Buffer.from([flags >> 8, flags & 255, 3, algorithm]), pub]);
  return { flags, algorithm, privateKey: pair.privateKey, data, tag: tagOf(data) };
}

function signBytes(key: Key, data: Buffer): Buffer {
  if (key.algorithm === 5) return sign('sha1', data, key.privateKey);
  if (key.algorithm === 8) return sign('sha256', data, key.privateKey);
  if (key.algorithm === 10) return sign('sha512', data, key.privateKey);
  if (key.algorithm === 13) return sign('sha256', data, { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  if (key.algorithm === 14) return sign('sha384', data, { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return sign(null, data, key.privateKey);
}

export function dsData(owner: string, key: Key, digestType: 1 | 2 = 2): Buffer {
  const digest = createHash(digestType === 1 ? 'sha1' : 'sha256').update(encodeName(owner.toLowerCase())).update(key.data).digest();
  return Buffer.concat([Buffer.from([key.tag >> 8, key.tag & 255, key.algorithm, digestType]), digest]);
}

/** Keys for every zone (the root always; apexes as given, lower-case, no trailing dot). */
export function createDnssecLab(zones: Record<string, ZoneOptions>): DnssecLab {
  const all = new Map<string, SignedZone>();
  for (const [apex, options] of Object.entries<ZoneOptions>({ '': {}, ...zones })) {
    const zone: SignedZone = { apex, options };
    if (options.fault !== 'unsigned') {
      const alg = options.algorithm ?? 13;
      zone.ksk = makeKey(alg, 257);
      zone.zsk = makeKey(alg, 256);
    }
    all.set(apex, zone);
  }
  const root = all.get('')?.ksk;
  if (!root) throw new Error('the lab root must be signed');
  const ds = dsData('', root);
  return { zones: all, trustAnchor: [`${root.tag} ${root.algorithm} 2 ${ds.subarray(4).toString('hex').toUpperCase()}`] };
}

/** The deepest zone of the lab holding `name`. */
export function zoneOf(lab: DnssecLab, name: string): SignedZone {
  const labels = name === '' ? [] : name.split('.');
  for (let i = 0; i <= labels.length; i++) {
    const z = lab.zones.get(labels.slice(i).join('.'));
    if (z) return z;
  }
  return lab.zones.get('') as SignedZone;
}

/** The parent zone of an apex (the zone holding the name one label up). */
export function parentZone(lab: DnssecLab, apex: string): SignedZone {
  return zoneOf(lab, apex.split('.').slice(1).join('.'));
}

export function dsRecords(lab: DnssecLab, apex: string): Buffer[] {
  const zone = lab.zones.get(apex);
  if (!zone?.ksk) return [];
  const ds = dsData(apex, zone.ksk);
  if (zone.options.fault === 'wrong-ds') ds[ds.length - 1] = (ds[ds.length - 1] ?? 0) ^ 0xff;
  return zone.options.sha1Ds ? [ds, dsData(apex, zone.ksk, 1)] : [ds];
}

export function dnskeyRecords(zone: SignedZone): Buffer[] {
  return zone.ksk && zone.zsk ? [zone.ksk.data, zone.zsk.data] : [];
}

/** An RRSIG over one RRset at `owner`, by `zone` (its KSK for the DNSKEY set, else its ZSK), faults applied. */
export function rrsig(zone: SignedZone, owner: string, type: number, ttl: number, rdatas: readonly Buffer[], now = Date.now()): Buffer | undefined {
  const dnskey = type === 48;
  const key = dnskey ? zone.ksk : zone.zsk;
  if (!key) return undefined;
  const fault = zone.options.fault;
  if (dnskey && fault === 'dnskey-unsigned') return undefined;
  const secs = Math.floor(now / 1000);
  let inception = secs - 3600;
  let expiration = secs + 30 * 86400;
  if (!dnskey && fault === 'expired') [inception, expiration] = [secs - 30 * 86400, secs - 86400];
  if (!dnskey && fault === 'not-yet-valid') [inception, expiration] = [secs + 86400, secs + 30 * 86400];
  const ownerWire = encodeName(owner.toLowerCase());
  const head = Buffer.alloc(18);
  head.writeUInt16BE(type, 0);
  head.writeUInt8(key.algorithm, 2);
  // The label count leaves out the root and a wildcard's `*` (RFC 4034 §3.1.3).
  head.writeUInt8(owner === '' ? 0 : owner.split('.').filter((l, i) => !(i === 0 && l === '*')).length, 3);
  head.writeUInt32BE(ttl, 4);
  head.writeUInt32BE(expiration >>> 0, 8);
  head.writeUInt32BE(inception >>> 0, 12);
  head.writeUInt16BE(key.tag, 16);
  const signer = encodeName(zone.apex);
  const rrs = [...rdatas].sort(Buffer.compare).map((d) => {
    const fixed = Buffer.alloc(10);
    fixed.writeUInt16BE(type, 0);
    fixed.writeUInt16BE(1, 2);
    fixed.writeUInt32BE(ttl, 4);
    fixed.writeUInt16BE(d.length, 8);
    return Buffer.concat([ownerWire, fixed, d]);
  });
  const signature = signBytes(key, Buffer.concat([head, signer, ...rrs]));
  if (!dnskey && fault === 'bad-signature') signature[10] = (signature[10] ?? 0) ^ 0x01;
  return Buffer.concat([head, signer, signature]);
}

/** The SOA data the lab serves at an apex. */
export function soaData(apex: string): Buffer {
  const fixed = Buffer.alloc(20);
  [2026112601, 7200, 3600, 1209600, 300].forEach((v, i) => fixed.writeUInt32BE(v, i * 4));
  const base = apex === '' ? '' : `.${apex}`;
  return Buffer.concat([encodeName(`ns${base}`), encodeName(`hostmaster${base}`), fixed]);
}
