// Hand-built TLS ClientHello messages and the decoding of the server's first answer. Node's OpenSSL cannot offer
// what it no longer implements (EXPORT, RC4, some legacy suites) nor offer exactly one class of suites per
// protocol version at will; a ClientHello written byte by byte can, and the ServerHello (or the alert) says what
// the server accepts. Pure: bytes in, facts out, so the decoding is tested on recorded answers.

/** Cipher suites by class (IANA code points). A class is offered alone; a ServerHello means "accepted". */
export const SUITES = {
  /** No encryption at all. */
  null: [0x0001, 0x0002, 0x003b, 0xc006, 0xc010, 0xc001, 0xc00b, 0x002c, 0x002d, 0x002e],
  /** Anonymous key exchange: no server authentication. */
  anon: [0x0018, 0x001b, 0x0034, 0x003a, 0x006c, 0x006d, 0x00a6, 0x00a7, 0xc015, 0xc016, 0xc017, 0xc018, 0xc019],
  /** 40/56-bit export and single-DES suites. */
  export: [0x0003, 0x0006, 0x0008, 0x000b, 0x000e, 0x0011, 0x0014, 0x0009, 0x000c, 0x000f, 0x0012, 0x0015, 0x0062, 0x0064],
  rc4: [0x0004, 0x0005, 0xc007, 0xc011, 0xc002, 0xc00c],
  /** 64-bit block ciphers (Sweet32). */
  '3des': [0x000a, 0x0013, 0x0016, 0xc008, 0xc012, 0xc003, 0xc00d, 0x0007],
  /** CBC with forward secrecy (obsolete MAC-then-encrypt, Lucky13 family). */
  fsCbc: [0xc009, 0xc00a, 0xc013, 0xc014, 0xc023, 0xc024, 0xc027, 0xc028, 0x0033, 0x0039, 0x0067, 0x006b],
  /** CBC with static RSA key exchange: neither forward secrecy nor AEAD. */
  rsaCbc: [0x002f, 0x0035, 0x003c, 0x003d, 0x0041, 0x0084, 0x00ba, 0x00c0],
  /** AEAD with static RSA key exchange (no forward secrecy). */
  rsaAead: [0x009c, 0x009d],
  /** Forward secrecy with an AEAD: what a modern TLS 1.2 server should pick. */
  fsAead: [0xc02b, 0xc02c, 0xc02f, 0xc030, 0xcca8, 0xcca9, 0x009e, 0x009f, 0xccaa],
} as const;

/** Suites whose ServerKeyExchange carries finite-field Diffie-Hellman parameters (DHE and anonymous DH). */
export const DHE_SUITES: ReadonlySet<number> = new Set([
  0x0011, 0x0012, 0x0013, 0x0014, 0x0015, 0x0016, 0x0018, 0x001b, 0x0033, 0x0034, 0x0039, 0x003a, 0x0067, 0x006b, 0x006c, 0x006d,
  0x009e, 0x009f, 0x00a6, 0x00a7, 0xccaa,
]);

export type SuiteClass = keyof typeof SUITES;
export const SUITE_CLASSES = Object.keys(SUITES) as SuiteClass[];

/** Named groups offered (x25519, P-256, P-384, P-521, ffdhe2048/3072). */
const GROUPS = [0x001d, 0x0017, 0x0018, 0x0019, 0x0100, 0x0101];
/** Signature algorithms offered: every common one, SHA-1 included, so no server refuses for want of one. */
const SIG_ALGS = [0x0403, 0x0503, 0x0603, 0x0804, 0x0805, 0x0806, 0x0401, 0x0501, 0x0601, 0x0807, 0x0203, 0x0201, 0x0202];

function u16(n: number): Buffer {
  return Buffer.from([(n >> 8) & 0xff, n & 0xff]);
}

function vec16(body: Buffer): Buffer {
  return Buffer.concat([u16(body.length), body]);
}

function extension(type: number, body: Buffer): Buffer {
  return Buffer.concat([u16(type), vec16(body)]);
}

export const TLS_WIRE_VERSION = { 'TLSv1': 0x0301, 'TLSv1.1': 0x0302, 'TLSv1.2': 0x0303 } as const;
export type WireVersion = keyof typeof TLS_WIRE_VERSION;

/** A ClientHello record offering exactly `suites` at `version` (TLS 1.2 at most: TLS 1.3 suites are not classes). */
export function buildClientHello(serverName: string, suites: readonly number[], version: WireVersion = 'TLSv1.2', random: Buffer = Buffer.alloc(32, 0x5a)): Buffer {
  const v = TLS_WIRE_VERSION[version];
  const host = Buffer.from(serverName, 'ascii');
  const sni = extension(0x0000, vec16(Buffer.concat([Buffer.from([0]), vec16(host)])));
  const groups = extension(0x000a, vec16(Buffer.concat(GROUPS.map(u16))));
  const pointFormats = extension(0x000b, Buffer.from([1, 0]));
  const sigAlgs = extension(0x000d, vec16(Buffer.concat(SIG_ALGS.map(u16))));
  const renegotiation = extension(0xff01, Buffer.from([0]));
  const extensions = Buffer.concat([sni, groups, pointFormats, ...(v >= 0x0303 ? [sigAlgs] : []), renegotiation]);
  const body = Buffer.concat([
    u16(v), random, Buffer.from([0]), vec16(Buffer.concat(suites.map(u16))), Buffer.from([1, 0]), vec16(extensions),
  ]);
  const handshake = Buffer.concat([Buffer.from([1, (body.length >> 16) & 0xff, (body.length >> 8) & 0xff, body.length & 0xff]), body]);
  // The record layer says TLS 1.0 for compatibility, as browsers do.
  return Buffer.concat([Buffer.from([0x16, 0x03, 0x01]), u16(handshake.length), handshake]);
}

export type ServerAnswer =
  | { kind: 'hello'; version: number; suite: number; group?: number; dhBits?: number }
  | { kind: 'alert'; level: number; description: number }
  | { kind: 'incomplete' }
  | { kind: 'garbage'; reason: string };

/**
 * Reads the server's first bytes: a ServerHello (the version and suite it chose; the named group from the
 * ServerKeyExchange when it follows in the same bytes), an alert (refused), or not enough bytes yet.
 */
export function parseServerAnswer(data: Buffer): ServerAnswer {
  let at = 0;
  let hello: { version: number; suite: number } | undefined;
  const handshakes: Buffer[] = [];
  while (at + 5 <= data.length) {
    const type = data[at]!;
    const length = data.readUInt16BE(at + 3);
    if (data[at + 1] !== 0x03) return { kind: 'garbage', reason: `record version ${data[at + 1]}.${data[at + 2]}` };
    if (at + 5 + length > data.length) break;
    const body = data.subarray(at + 5, at + 5 + length);
    if (type === 0x15) {
      if (hello) break;
      return body.length >= 2 ? { kind: 'alert', level: body[0]!, description: body[1]! } : { kind: 'garbage', reason: 'short alert' };
    }
    if (type !== 0x16) return hello ? { kind: 'hello', ...hello } : { kind: 'garbage', reason: `record type ${type}` };
    handshakes.push(body);
    at += 5 + length;
    // Handshake messages may span records: read them from the concatenation.
    const all = Buffer.concat(handshakes);
    let h = 0;
    while (h + 4 <= all.length) {
      const msgType = all[h]!;
      const msgLen = (all[h + 1]! << 16) | (all[h + 2]! << 8) | all[h + 3]!;
      if (h + 4 + msgLen > all.length) break;
      const msg = all.subarray(h + 4, h + 4 + msgLen);
      if (msgType === 2) {
        if (msg.length < 38) return { kind: 'garbage', reason: 'short ServerHello' };
        const sessionIdLength = msg[34]!;
        const suiteAt = 35 + sessionIdLength;
        if (msg.length < suiteAt + 2) return { kind: 'garbage', reason: 'short ServerHello' };
        hello = { version: msg.readUInt16BE(0), suite: msg.readUInt16BE(suiteAt) };
      } else if (msgType === 12 && hello && msg[0] === 3 && msg.length >= 3) {
        // ServerKeyExchange, ECDHE: curve_type named_curve (3), then the group.
        return { kind: 'hello', ...hello, group: msg.readUInt16BE(1) };
      } else if (msgType === 12 && hello && DHE_SUITES.has(hello.suite) && msg.length >= 3) {
        // ServerKeyExchange, DHE: dh_p (2-byte length, then the prime): its size in bits, leading zeros left out.
        const p = msg.subarray(2, 2 + msg.readUInt16BE(0));
        const first = p.findIndex((b) => b !== 0);
        const dhBits = first < 0 ? 0 : (p.length - first) * 8 - (Math.clz32(p[first]!) - 24);
        return { kind: 'hello', ...hello, dhBits };
      } else if (msgType === 14 && hello) {
        return { kind: 'hello', ...hello };
      }
      h += 4 + msgLen;
    }
  }
  return hello ? { kind: 'hello', ...hello } : { kind: 'incomplete' };
}

/** The alert descriptions a refusal is read from (RFC 8446 §6). */
export const ALERTS: Record<number, string> = { 40: 'handshake_failure', 47: 'illegal_parameter', 50: 'decode_error', 70: 'protocol_version', 71: 'insufficient_security', 80: 'internal_error', 112: 'unrecognized_name' };
