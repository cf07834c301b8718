// The scanner's raw DNS client against loopback servers: answers only from where a question went, the second
// resolver asked when the first is silent, TCP when the answer is truncated.
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { after, before, describe, it } from 'node:test';
import { createDnsClient, parseServer } from '../../src/net/dns-client.ts';
import { decodeMessage, encodeMessage, FLAG, RR } from '../../src/net/dns-wire.ts';
import type { DnsServer } from '../support/local-sites/index.ts';
import { startDnsServer } from '../support/local-sites/index.ts';

let dns: DnsServer;
let silent: dgram.Socket;
let rogue: dgram.Socket;
const seen: { port: number; id: number }[] = [];

before(async () => {
  dns = await startDnsServer({ 'shop.example': { A: ['127.0.0.9'] }, 'big.example': { A: Array.from({ length: 150 }, (_, i) => `127.1.0.${i + 1}`) } });
  // A resolver that never answers; a rogue on another port forges an answer to every question it sees.
  rogue = dgram.createSocket('udp4');
  await new Promise<void>((r) => rogue.bind(0, '127.0.0.1', r));
  silent = dgram.createSocket('udp4');
  silent.on('message', (msg, peer) => {
    const q = decodeMessage(msg);
    if (!q) return;
    seen.push({ port: peer.port, id: q.id });
    const forged = encodeMessage({ id: q.id, flags: FLAG.QR | FLAG.RA, questions: q.questions, answers: [{ name: q.questions[0]!.name, type: RR.A, class: 1, ttl: 60, data: Buffer.from([6, 6, 6, 6]) }], authorities: [], additionals: [] });
    rogue.send(forged, peer.port, peer.address);
  });
  await new Promise<void>((r) => silent.bind(0, '127.0.0.1', r));
});

after(async () => {
  await dns.close();
  silent.close();
  rogue.close();
});

describe('DNS client', () => {
  it('reads host and port as Resolver.getServers() writes them', () => {
    assert.deepEqual(parseServer('127.0.0.1:5353'), { host: '127.0.0.1', port: 5353 });
    assert.deepEqual(parseServer('192.0.2.1'), { host: '192.0.2.1', port: 53 });
    assert.deepEqual(parseServer('[::1]:5353'), { host: '::1', port: 5353 });
    assert.deepEqual(parseServer('::1'), { host: '::1', port: 53 });
  });

  it('ignores a forged answer from an address it did not ask, and asks the second resolver when the first is silent', async () => {
    const client = createDnsClient([`127.0.0.1:${(silent.address()).port}`, dns.server], { timeoutMs: 600 });
    try {
      const m = await client.query('shop.example', RR.A);
      assert.ok(seen.length >= 1, 'the silent resolver was asked first');
      assert.deepEqual(m.answers.filter((a) => a.type === RR.A).map((a) => [...a.data].join('.')), ['127.0.0.9']);
      assert.ok(dns.queries.includes('A shop.example'));
      assert.equal(client.sent, 1);
    } finally {
      client.close();
    }
  });

  it('gives up after its timeout when no resolver answers', async () => {
    const client = createDnsClient(`127.0.0.1:${(silent.address()).port}`, { timeoutMs: 200 });
    try {
      await assert.rejects(client.query('shop.example', RR.A), /no answer for shop\.example 1 within 200 ms/);
    } finally {
      client.close();
    }
  });

  it('asks again over TCP when the answer is truncated', async () => {
    const client = createDnsClient(dns.server, { timeoutMs: 2000 });
    const before = dns.tcpAnswers;
    try {
      const m = await client.query('big.example', RR.A);
      assert.equal(m.answers.length, 150);
      assert.equal(dns.tcpAnswers, before + 1);
    } finally {
      client.close();
    }
  });
});
