// DNSSEC validation against a really signed loopback lab: the lab DNS server signs its own root, TLD and zones with
// keys made by node:crypto at start, and the scanner collects (one UDP socket, TCP when truncated) and validates
// from the lab's root anchor. Each zone carries one fault a real zone can have.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDnsClient } from '../../src/net/dns-client.ts';
import { RR } from '../../src/net/dns-wire.ts';
import { dnssecCheck, ROOT_TRUST_ANCHORS, validateName } from '../../src/scan/checks/dnssec.ts';
import type { DnssecEvidence, Evidence } from '../../src/scan/evidence.ts';
import { collectDnssec } from '../../src/scan/probes/dnssec-probe.ts';
import type { DnsServer } from '../support/local-sites/index.ts';
import { startDnsServer } from '../support/local-sites/index.ts';
import { createDnssecLab } from '../support/local-sites/dnssec-signer.ts';
import type { DnssecLab } from '../support/local-sites/dnssec-signer.ts';

let lab: DnssecLab;
let dns: DnsServer;
const A = { A: ['127.0.0.1'] };

before(async () => {
  lab = createDnssecLab({
    com: { algorithm: 8, denial: 'nsec3' },
    net: { algorithm: 13 },
    org: { denial: 'nsec3', nsec3: { iterations: 10, salt: 'a1b2c3d4', optOut: false } },
    'plain-shop.org': { fault: 'unsigned' },
    info: { denial: 'nsec3', nsec3: { iterations: 500 } },
    'plain-shop.info': { fault: 'unsigned' },
    'plain-shop.net': { fault: 'unsigned' },
    'liar-shop.net': { fault: 'unsigned', proof: 'lists-ds' },
    'forged-shop.com': { fault: 'unsigned', proof: 'bad-signature' },
    'liar-shop.com': { fault: 'unsigned', proof: 'lists-ds' },
    'bare-shop.com': { fault: 'unsigned', proof: 'none' },
    'example-shop.com': { algorithm: 13 },
    'edwards-shop.com': { algorithm: 15 },
    'broken-shop.com': { fault: 'bad-signature' },
    'stale-shop.com': { fault: 'expired' },
    'early-shop.com': { fault: 'not-yet-valid' },
    'wrongds-shop.com': { fault: 'wrong-ds' },
    'nokeysig-shop.com': { fault: 'dnskey-unsigned' },
    'plain-shop.com': { fault: 'unsigned' },
    'p384-shop.com': { algorithm: 14 },
    'sha1-shop.com': { algorithm: 5 },
    'big-shop.com': {},
    'alias-shop.com': {},
    'broken-cdn.com': { fault: 'bad-signature' },
    'mail-shop.com': {},
  });
  dns = await startDnsServer({
    'www.example-shop.com': A,
    '*.example-shop.com': { A: ['127.0.0.2'] },
    'example-shop.com': { ...A, MX: [{ priority: 10, exchange: 'mx.example-shop.com' }] },
    'mx.example-shop.com': A,
    'edwards-shop.com': A,
    'broken-shop.com': A,
    'mx.broken-shop.com': A,
    'stale-shop.com': A,
    'early-shop.com': A,
    'wrongds-shop.com': A,
    'nokeysig-shop.com': A,
    'plain-shop.com': A,
    'plain-shop.net': A,
    'plain-shop.org': A,
    'plain-shop.info': A,
    'liar-shop.net': A,
    'forged-shop.com': A,
    'liar-shop.com': A,
    'bare-shop.com': A,
    'p384-shop.com': A,
    'sha1-shop.com': A,
    'big-shop.com': { A: Array.from({ length: 120 }, (_, i) => `127.0.${i >> 8}.${(i & 255) + 1}`) },
    'www.alias-shop.com': { CNAME: 'edge.broken-cdn.com' },
    'ok.alias-shop.com': { CNAME: 'edge.example-shop.com' },
    'edge.broken-cdn.com': A,
    'edge.example-shop.com': A,
    'mail-shop.com': { ...A, MX: [{ priority: 10, exchange: 'mx.broken-shop.com' }, { priority: 20, exchange: 'mx.example-shop.com' }] },
  }, { dnssec: lab });
});

after(() => dns.close());

async function collect(domain: string, anchors: readonly string[] = lab.trustAnchor): Promise<DnssecEvidence> {
  const client = createDnsClient(dns.server, { timeoutMs: 2000 });
  try {
    return await collectDnssec(client, domain, anchors);
  } finally {
    client.close();
  }
}

function evidence(domain: string, dnssec: DnssecEvidence): Evidence {
  const no = { ok: false as const, error: 'not collected' };
  return {
    domain, at: Date.now(), https: no, http: no, cors: no, corsOrigin: 'https://o.example', securityTxt: no, tls: no,
    tlsVersions: { TLSv1: no, 'TLSv1.1': no, 'TLSv1.2': no, 'TLSv1.3': no },
    dns: { a: no, aaaa: no, caa: no, mx: no, txt: no, dmarc: no, mtaStsTxt: no, dnssec: { ok: true, value: dnssec } },
    notFound: no, exposure: [], exposedFileFindings: [],
  };
}

async function verdict(domain: string) {
  return validateName(await collect(domain), domain, Date.now());
}

describe('DNSSEC validation against the signed lab', () => {
  it('validates a chain of RSA/SHA-256 (the TLD) and ECDSA P-256 (the zone) from the lab root, with the MX set', async () => {
    const ev = await collect('www.example-shop.com');
    const v = validateName(ev, 'www.example-shop.com', Date.now());
    assert.deepEqual(v, { state: 'secure', name: 'www.example-shop.com', zone: 'example-shop.com.', chain: ['.', 'com.', 'example-shop.com.'], algorithms: ['ECDSAP256SHA256', 'RSASHA256'] });
    // Root DNSKEY; DNSKEY, DS, SOA at com., example-shop.com. and www; A and MX at www: 1 + 3 * 3 + 2.
    assert.equal(ev.queries, 12);
    const out = dnssecCheck.run(evidence('example-shop.com', await collect('example-shop.com')));
    assert.equal(out.status, 'pass');
    assert.equal(out.evidence, 'secure (. → com. → example-shop.com., ECDSAP256SHA256, RSASHA256); mail servers: mx.example-shop.com secure');
  });

  it('validates an answer synthesised from a wildcard (signed as *.example-shop.com., fewer labels than the name)', async () => {
    const ev = await collect('any.example-shop.com');
    const a = ev.answers['any.example-shop.com. A'];
    assert.ok(a?.ok && a.value.answers.some((r) => r.type === RR.A && r.name === 'any.example-shop.com'));
    assert.equal(validateName(ev, 'any.example-shop.com', Date.now()).state, 'secure');
    // Read as the name's own signature (label count 3, not 2) it does not verify: the wildcard owner is what was signed.
    const own = structuredClone(ev);
    const p = own.answers['any.example-shop.com. A'];
    assert.ok(p?.ok);
    for (const r of p.value.answers) {
      if (r.type !== RR.RRSIG) continue;
      const d = Buffer.from(r.data, 'base64');
      assert.equal(d[3], 2);
      d[3] = 3;
      r.data = d.toString('base64');
    }
    const v = validateName(own, 'any.example-shop.com', Date.now());
    assert.match(v.state === 'bogus' ? v.reason : v.state, /^the RRSIG over the A records of any\.example-shop\.com\. by key \d+ does not verify$/);
  });

  it('validates Ed25519', async () => {
    const v = await verdict('edwards-shop.com');
    assert.equal(v.state, 'secure');
    assert.deepEqual(v.state === 'secure' && v.algorithms, ['ECDSAP256SHA256', 'RSASHA256', 'ED25519']);
  });

  it('asks again over TCP when the signed answer does not fit in UDP', async () => {
    const before = dns.tcpAnswers;
    const v = await verdict('big-shop.com');
    assert.equal(v.state, 'secure');
    assert.ok(dns.tcpAnswers > before, 'the 120-record A set came over TCP');
  });

  const bogus: [string, RegExp][] = [
    ['broken-shop.com', /^the RRSIG over the A records of broken-shop\.com\. by key \d+ does not verify$/],
    ['stale-shop.com', /^the RRSIG over the A records of stale-shop\.com\. expired at 20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ$/],
    ['early-shop.com', /^the RRSIG over the A records of early-shop\.com\. is not yet valid \(from 20\d\d-/],
    ['wrongds-shop.com', /^the DS digest for key \d+ of wrongds-shop\.com\. does not match its DNSKEY \(a wrong DS at the parent\)$/],
    ['nokeysig-shop.com', /^the DNSKEY records of nokeysig-shop\.com\. are not signed \(no RRSIG\)/],
  ];
  for (const [name, reason] of bogus) {
    it(`finds ${name} bogus`, async () => {
      const v = await verdict(name);
      assert.equal(v.state, 'bogus');
      assert.match(v.state === 'bogus' ? v.reason : '', reason);
      const out = dnssecCheck.run(evidence(name, await collect(name)));
      assert.equal(out.status, 'fail');
      assert.equal(out.messageId, 'bogus');
    });
  }

  it('calls an unsigned delegation insecure, an information finding, proven by the parent\'s NSEC3 opt-out or NSEC', async () => {
    const v = await verdict('plain-shop.com');
    assert.deepEqual(v, { state: 'insecure', name: 'plain-shop.com', zone: 'plain-shop.com', reason: 'com. has no DS record for plain-shop.com. (proven by NSEC3 opt-out): the delegation is not signed' });
    const out = dnssecCheck.run(evidence('plain-shop.com', await collect('plain-shop.com')));
    assert.deepEqual([out.status, out.severity, out.messageId], ['warn', 'info', undefined]);
    const org = await verdict('plain-shop.org');
    assert.equal(org.state === 'insecure' && org.reason, 'org. has no DS record for plain-shop.org. (proven by NSEC3): the delegation is not signed', 'salted NSEC3 at the cut itself, no opt-out');
    const info = await verdict('plain-shop.info');
    assert.equal(info.state === 'insecure' && info.reason, 'info. has no DS record for plain-shop.info. (NSEC3 with 500 iterations, taken as insecure (RFC 9276)): the delegation is not signed');
    const net = await verdict('plain-shop.net');
    assert.equal(net.state === 'insecure' && net.reason, 'net. has no DS record for plain-shop.net. (proven by NSEC): the delegation is not signed');
    // Without a proof, validators say bogus; the resolver may have dropped it, so the scanner says it cannot tell.
    const bare = await verdict('bare-shop.com');
    assert.deepEqual(bare, { state: 'indeterminate', name: 'bare-shop.com', reason: 'the resolver\'s answer that bare-shop.com. has no DS carries no NSEC/NSEC3 proof' });
  });

  it('finds a delegation bogus when the parent\'s proof of no DS is wrong or its signature broken', async () => {
    const liar = await verdict('liar-shop.net');
    assert.deepEqual(liar, { state: 'bogus', name: 'liar-shop.net', reason: 'net. says liar-shop.net. has no DS, but its proof fails: the NSEC at liar-shop.net. lists a DS record' });
    const liar3 = await verdict('liar-shop.com');
    assert.equal(liar3.state === 'bogus' && liar3.reason, 'com. says liar-shop.com. has no DS, but its proof fails: the NSEC3 for liar-shop.com. lists a DS record');
    const forged = await verdict('forged-shop.com');
    assert.equal(forged.state, 'bogus');
    assert.match(forged.state === 'bogus' ? forged.reason : '', /^com\. says forged-shop\.com\. has no DS, but its proof fails: the RRSIG over the NSEC3 records of [0-9a-v]{32}\.com\. by key \d+ does not verify$/);
  });

  it('validates ECDSA P-384', async () => {
    const v = await verdict('p384-shop.com');
    assert.deepEqual(v.state === 'secure' && v.algorithms, ['ECDSAP256SHA256', 'RSASHA256', 'ECDSAP384SHA384']);
  });

  it('reports a zone signed only with an algorithm it does not validate (RSA/SHA-1) as such, not as failed', async () => {
    const v = await verdict('sha1-shop.com');
    assert.deepEqual(v, { state: 'indeterminate', name: 'sha1-shop.com', unsupported: true, reason: 'sha1-shop.com. is signed with RSASHA1, which the scanner does not validate' });
    const out = dnssecCheck.run(evidence('sha1-shop.com', await collect('sha1-shop.com')));
    assert.deepEqual([out.status, out.messageId], ['info', 'unsupported']);
  });

  it('fails a domain whose mail server name is bogus, though the domain itself is secure', async () => {
    const ev = await collect('mail-shop.com');
    assert.deepEqual(ev.names, ['mail-shop.com', 'mx.broken-shop.com', 'mx.example-shop.com']);
    const out = dnssecCheck.run(evidence('mail-shop.com', ev));
    assert.equal(out.status, 'fail');
    assert.equal(out.messageId, 'mail');
    assert.match(out.evidence, /^secure \(.*\); mail server mx\.broken-shop\.com bogus: the RRSIG over the A records of mx\.broken-shop\.com\. by key \d+ does not verify$/);
  });

  it('follows an alias: a CNAME to a bogus zone fails (the A records browsers get are the target\'s), to a secure one passes', async () => {
    const bad = await collect('www.alias-shop.com');
    assert.equal(bad.alias, 'edge.broken-cdn.com');
    const out = dnssecCheck.run(evidence('www.alias-shop.com', bad));
    assert.deepEqual([out.status, out.messageId, out.url], ['fail', 'alias', 'dns:edge.broken-cdn.com?type=A']);
    assert.match(out.evidence, /^secure \(\. → com\. → alias-shop\.com\., ECDSAP256SHA256, RSASHA256\); alias of edge\.broken-cdn\.com bogus: the RRSIG over the A records of edge\.broken-cdn\.com\. by key \d+ does not verify$/);
    const good = dnssecCheck.run(evidence('ok.alias-shop.com', await collect('ok.alias-shop.com')));
    assert.deepEqual([good.status, good.evidence], ['pass', 'secure (. → com. → alias-shop.com., ECDSAP256SHA256, RSASHA256); alias of edge.example-shop.com: secure']);
  });

  it('is indeterminate, never bogus, when the root does not match the trust anchor (IANA\'s against the lab root)', async () => {
    const v = validateName(await collect('www.example-shop.com', ROOT_TRUST_ANCHORS), 'www.example-shop.com', Date.now());
    assert.equal(v.state, 'indeterminate');
    assert.match(v.state === 'indeterminate' ? v.reason : '', /^the root's keys do not validate against the trust anchor \(no DNSKEY of \. matches its DS records \(key tags 20326, 38696; the zone has \d+, \d+\)\): the resolver's answers or the anchor are wrong, not the domain$/);
  });

  it('is indeterminate when the resolver passes no DNSSEC records (an unsigned lab)', async () => {
    const plain = await startDnsServer({ 'example-shop.com': A });
    try {
      const client = createDnsClient(plain.server, { timeoutMs: 2000 });
      const ev = await collectDnssec(client, 'example-shop.com', ROOT_TRUST_ANCHORS).finally(() => client.close());
      const out = dnssecCheck.run(evidence('example-shop.com', ev));
      assert.deepEqual([out.status, out.evidence], ['error', 'indeterminate: the resolver returned no signed DNSKEY records for the root: it does not pass DNSSEC records on']);
      assert.ok(plain.queries.includes('DNSKEY '), plain.queries.join(', '));
    } finally {
      await plain.close();
    }
  });

  it('sends its questions with DO and CD to the one resolver, sharing the root and TLD between chains', async () => {
    const ev = await collect('mail-shop.com');
    const keys = Object.keys(ev.answers);
    assert.equal(keys.filter((k) => k === '. DNSKEY').length, 1);
    assert.equal(keys.filter((k) => k === 'com. DS').length, 1);
    assert.ok(ev.answers['mx.broken-shop.com. A']?.ok);
    assert.equal(ev.queries, keys.length);
    assert.ok(ev.answers[`mail-shop.com. ${'MX'}`]?.ok);
  });
});
