// Hand-built ClientHellos and the decoding of servers' answers, on recorded bytes: the NULL-suite ServerHello and
// the handshake_failure alert were recorded from `openssl s_server -cipher NULL-SHA256:@SECLEVEL=0 -tls1_2`
// (OpenSSL 3.0.19, 2026-11-26) answering buildClientHello(); Node's own OpenSSL (3.5) serves no NULL, RC4 or 3DES
// suite, so the loopback lab cannot make those answers live.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildClientHello, parseServerAnswer, SUITE_CLASSES, SUITES } from '../../src/scan/probes/client-hello.ts';

const RECORDED_NULL_HELLO = '16030300510200004d030359932349d5fb93fae40f9d8bd5ab3748485e9513c533f616d01c628d1f33660c209805897adefc2c1de729bfdcbf516ed5cf6897d505f1fefa7c98543771eb66e2003b000005ff01000100';
const RECORDED_REFUSAL = '15030300020228';

/** A ServerHello choosing `suite`, then an ECDHE ServerKeyExchange naming `group`, as two records. */
function helloAndKeyExchange(suite: number, group: number): Buffer {
  const hello = Buffer.concat([Buffer.from([0x03, 0x03]), Buffer.alloc(32, 1), Buffer.from([0, suite >> 8, suite & 255, 0, 0, 0])]);
  const hs = (type: number, body: Buffer) => Buffer.concat([Buffer.from([type, 0, body.length >> 8, body.length & 255]), body]);
  const record = (body: Buffer) => Buffer.concat([Buffer.from([0x16, 3, 3, body.length >> 8, body.length & 255]), body]);
  const ske = Buffer.concat([Buffer.from([3, group >> 8, group & 255, 1, 4])]);
  return Buffer.concat([record(hs(2, hello)), record(hs(12, ske))]);
}

describe('ClientHello', () => {
  it('offers exactly the suites given, with SNI, at the version asked', () => {
    const hello = buildClientHello('shop.example-shop.com', SUITES['3des'], 'TLSv1.1');
    assert.deepEqual([...hello.subarray(0, 3)], [0x16, 3, 1], 'handshake record, TLS 1.0 record layer');
    assert.equal(hello.readUInt16BE(3), hello.length - 5);
    assert.equal(hello[5], 1, 'ClientHello');
    assert.equal(hello.readUInt16BE(9), 0x0302, 'client_version TLS 1.1');
    const suitesLength = hello.readUInt16BE(44);
    const offered = Array.from({ length: suitesLength / 2 }, (_, i) => hello.readUInt16BE(46 + i * 2));
    assert.deepEqual(offered, [...SUITES['3des']]);
    assert.ok(hello.includes(Buffer.from('shop.example-shop.com')), 'SNI');
  });
  it('has disjoint suite classes', () => {
    const all = SUITE_CLASSES.flatMap((c) => [...SUITES[c]]);
    assert.equal(new Set(all).size, all.length);
  });
});

describe('server answers', () => {
  const rows: [string, Buffer, ReturnType<typeof parseServerAnswer>][] = [
    ['recorded: NULL-SHA256 accepted', Buffer.from(RECORDED_NULL_HELLO, 'hex'), { kind: 'hello', version: 0x0303, suite: 0x003b }],
    ['recorded: handshake_failure alert', Buffer.from(RECORDED_REFUSAL, 'hex'), { kind: 'alert', level: 2, description: 40 }],
    ['3DES with ECDHE on x25519, over two records', helloAndKeyExchange(0xc012, 0x001d), { kind: 'hello', version: 0x0303, suite: 0xc012, group: 0x001d }],
    ['half a ServerHello', Buffer.from(RECORDED_NULL_HELLO, 'hex').subarray(0, 40), { kind: 'incomplete' }],
    ['an HTTP answer on the TLS port', Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n'), { kind: 'garbage', reason: 'record version 84.84' }],
    ['a ServerHello too short for its session id', Buffer.from('16030300080200000403030000', 'hex'), { kind: 'garbage', reason: 'short ServerHello' }],
  ];
  for (const [name, bytes, expected] of rows) it(name, () => assert.deepEqual(parseServerAnswer(bytes), expected));
});
