// Evidence table for the DNSSEC check: each row is DNSSEC evidence as the collector gathers it — the questions of
// collectDnssec answered by the signed lab in-process (keys made by node:crypto here), then altered by hand where
// the row says — and the verdict, status and reason expected. No network.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { DnsClient } from '../../src/net/dns-client.ts';
import { dnssecCheck, nsec3Hash, ROOT_TRUST_ANCHORS, validateName } from '../../src/scan/checks/dnssec.ts';
import type { DnssecEvidence, Evidence } from '../../src/scan/evidence.ts';
import { collectDnssec } from '../../src/scan/probes/dnssec-probe.ts';
import { base32hex, labAnswer } from '../support/local-sites/dns-server.ts';
import type { RecordSet } from '../support/local-sites/index.ts';
import { createDnssecLab } from '../support/local-sites/dnssec-signer.ts';
import type { DnssecLab } from '../support/local-sites/dnssec-signer.ts';

const DAY = 86_400_000;
const A = { A: ['127.0.0.1'] };
const ZONE: Record<string, RecordSet> = {
  'shop.com': { ...A, MX: [{ priority: 10, exchange: 'mx.shop.com' }] }, 'mx.shop.com': A, 'rsa.com': A, 'ed.com': A,
  'wrongds.com': A, 'plain.com': A, 'stale.com': A, 'p384.com': A, 'sha1.com': A, 'rsa512.com': A, 'ed448.com': A, 'www.shop.com': A, 'twods.com': A, 'sha1only.com': A,
};
let lab: DnssecLab;

before(() => {
  lab = createDnssecLab({ com: { algorithm: 13 }, 'shop.com': { algorithm: 13 }, 'rsa.com': { algorithm: 8 }, 'ed.com': { algorithm: 15 }, 'wrongds.com': { fault: 'wrong-ds' }, 'stale.com': { fault: 'expired' }, 'plain.com': { fault: 'unsigned' }, 'p384.com': { algorithm: 14 }, 'sha1.com': { algorithm: 5 }, 'rsa512.com': { algorithm: 10 }, 'ed448.com': { algorithm: 16 }, 'twods.com': { sha1Ds: true }, 'sha1only.com': { sha1Ds: true, fault: 'wrong-ds' } });
});

async function collect(domain: string): Promise<DnssecEvidence> {
  let sent = 0;
  const inProcess: DnsClient = {
    get sent() { return sent; },
    query: async (name, type) => { sent++; return labAnswer(ZONE, lab, name, type); },
    close: () => {},
  };
  return collectDnssec(inProcess, domain, lab.trustAnchor);
}

function evidence(domain: string, dnssec: DnssecEvidence, at = Date.now()): Evidence {
  const no = { ok: false as const, error: 'not collected' };
  return {
    domain, at, https: no, http: no, cors: no, corsOrigin: 'https://o.example', securityTxt: no, tls: no,
    tlsVersions: { TLSv1: no, 'TLSv1.1': no, 'TLSv1.2': no, 'TLSv1.3': no },
    dns: { a: no, aaaa: no, caa: no, mx: no, txt: no, dmarc: no, mtaStsTxt: no, dnssec: { ok: true, value: dnssec } },
    notFound: no, exposure: [], exposedFileFindings: [],
  };
}

/** Flips one byte of the signature of every RRSIG in the answer to `key` covering `type`. */
function breakSignature(ev: DnssecEvidence, key: string): DnssecEvidence {
  const copy = structuredClone(ev);
  const p = copy.answers[key];
  assert.ok(p?.ok, key);
  for (const r of p.value.answers) {
    if (r.type !== 46) continue;
    const data = Buffer.from(r.data, 'base64');
    data[data.length - 5] = (data[data.length - 5] ?? 0) ^ 0x40;
    r.data = data.toString('base64');
  }
  return copy;
}

function strip(ev: DnssecEvidence, key: string): DnssecEvidence {
  const copy = structuredClone(ev);
  const p = copy.answers[key];
  assert.ok(p?.ok, key);
  p.value.answers = p.value.answers.filter((r) => r.type !== 46);
  return copy;
}

type Row = [name: string, domain: string, alter: (ev: DnssecEvidence) => DnssecEvidence, at: number, state: string, status: string, messageId: string | undefined, evidence: RegExp];
const same = (ev: DnssecEvidence) => ev;

describe('DNSSEC evidence table', () => {
  const rows: Row[] = [
    ['valid chain (ECDSA P-256), MX set and the MX host validated', 'shop.com', same, 0, 'secure', 'pass', undefined, /^secure \(\. → com\. → shop\.com\., ECDSAP256SHA256\); mail servers: mx\.shop\.com secure$/],
    ['valid chain, RSA/SHA-256 zone', 'rsa.com', same, 0, 'secure', 'pass', undefined, /^secure \(\. → com\. → rsa\.com\., ECDSAP256SHA256, RSASHA256\)$/],
    ['valid chain, Ed25519 zone', 'ed.com', same, 0, 'secure', 'pass', undefined, /ED25519\)$/],
    ['broken signature over the A set', 'shop.com', (ev) => breakSignature(ev, 'shop.com. A'), 0, 'bogus', 'fail', 'bogus', /^bogus: the RRSIG over the A records of shop\.com\. by key \d+ does not verify/],
    ['broken signature over the parent\'s DS set', 'shop.com', (ev) => breakSignature(ev, 'shop.com. DS'), 0, 'bogus', 'fail', 'bogus', /^bogus: the RRSIG over the DS records of shop\.com\. by key \d+ does not verify/],
    ['broken signature over the root DNSKEY set: the anchor, not the domain', 'shop.com', (ev) => breakSignature(ev, '. DNSKEY'), 0, 'indeterminate', 'error', undefined, /^indeterminate: the root's keys do not validate against the trust anchor/],
    ['signatures stripped from the A answer', 'shop.com', (ev) => strip(ev, 'shop.com. A'), 0, 'bogus', 'fail', 'bogus', /^bogus: the A records of shop\.com\. are not signed \(no RRSIG\) although shop\.com\. is a signed zone/],
    ['expired signatures over the zone\'s data', 'stale.com', same, 0, 'bogus', 'fail', 'bogus', /^bogus: the RRSIG over the A records of stale\.com\. expired at 20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ$/],
    ['everything expired, the root too (judged 60 days on): the anchor, not the domain', 'shop.com', same, 60 * DAY, 'indeterminate', 'error', undefined, /^indeterminate: the root's keys do not validate against the trust anchor \(the RRSIG over the DNSKEY records of \. expired at/],
    ['signatures not yet valid (judged 2 days before)', 'rsa.com', same, -2 * DAY, 'indeterminate', 'error', undefined, /not yet valid/],
    ['wrong DS digest at the parent', 'wrongds.com', same, 0, 'bogus', 'fail', 'bogus', /^bogus: the DS digest for key \d+ of wrongds\.com\. does not match its DNSKEY \(a wrong DS at the parent\)$/],
    ['SHA-256 and SHA-1 DS for the key, both right', 'twods.com', same, 0, 'secure', 'pass', undefined, /^secure \(\. → com\. → twods\.com\., ECDSAP256SHA256\)$/],
    ['SHA-256 DS wrong, SHA-1 DS right: the SHA-1 one is ignored (RFC 4509)', 'sha1only.com', same, 0, 'bogus', 'fail', 'bogus', /^bogus: the DS digest for key \d+ of sha1only\.com\. does not match its DNSKEY/],
    ['unsigned delegation (no DS)', 'plain.com', same, 0, 'insecure', 'warn', undefined, /^insecure: com\. has no DS record for plain\.com\. \(proven by NSEC\): the delegation is not signed$/],
    ['unsigned delegation, the parent\'s NSEC dropped by the resolver', 'plain.com', (ev) => { const c = structuredClone(ev); const p = c.answers['plain.com. DS']; assert.ok(p?.ok); p.value.authorities = p.value.authorities.filter((r) => r.type === 6 || (r.type === 46 && Buffer.from(r.data, 'base64').readUInt16BE(0) === 6)); return c; }, 0, 'indeterminate', 'error', undefined, /^indeterminate: the resolver's answer that plain\.com\. has no DS carries no NSEC\/NSEC3 proof$/],
    ['unsigned delegation, the parent\'s NSEC altered to list a DS', 'plain.com', (ev) => { const c = structuredClone(ev); const p = c.answers['plain.com. DS']; assert.ok(p?.ok); for (const r of p.value.authorities) if (r.type === 47) { const d = Buffer.from(r.data, 'base64'); d[d.length - 1] = (d[d.length - 1] ?? 0) | 0x10; r.data = d.toString('base64'); } return c; }, 0, 'bogus', 'fail', 'bogus', /^bogus: com\. says plain\.com\. has no DS, but its proof fails: the RRSIG over the NSEC records of plain\.com\. by key \d+ does not verify$/],
    ['unsigned delegation whose "no DS" answer lost its signature', 'plain.com', (ev) => { const c = structuredClone(ev); const p = c.answers['plain.com. DS']; assert.ok(p?.ok); p.value.authorities = p.value.authorities.filter((r) => r.type !== 46); return c; }, 0, 'bogus', 'fail', 'bogus', /^bogus: com\. says plain\.com\. has no DS, but that answer is not validly signed/],
    ['valid chain, ECDSA P-384 zone', 'p384.com', same, 0, 'secure', 'pass', undefined, /ECDSAP384SHA384\)$/],
    ['valid chain, RSA/SHA-512 zone', 'rsa512.com', same, 0, 'secure', 'pass', undefined, /RSASHA512\)$/],
    ['valid chain, Ed448 zone', 'ed448.com', same, 0, 'secure', 'pass', undefined, /ED448\)$/],
    ['unsupported algorithm (RSA/SHA-1)', 'sha1.com', same, 0, 'indeterminate', 'info', 'unsupported', /^indeterminate: sha1\.com\. is signed with RSASHA1, which the scanner does not validate$/],
    ['an unsupported algorithm\'s signature does not stand in for a missing one', 'shop.com', (ev) => { const c = structuredClone(ev); const p = c.answers['shop.com. A']; assert.ok(p?.ok); for (const r of p.value.answers) if (r.type === 46) { const d = Buffer.from(r.data, 'base64'); d[2] = 5; r.data = d.toString('base64'); } return c; }, 0, 'bogus', 'fail', 'bogus', /^bogus: the A records of shop\.com\. are signed only with RSASHA1, by none of the zone's keys/],
    ['a failed lookup', 'shop.com', (ev) => ({ ...ev, answers: { ...ev.answers, 'com. DS': { ok: false, error: 'no answer within 3000 ms' } } }), 0, 'indeterminate', 'error', undefined, /^indeterminate: the lookup of com\. DS failed: no answer within 3000 ms; mail servers: mx\.shop\.com indeterminate$/],
    ['IANA\'s anchors against the lab root', 'shop.com', (ev) => ({ ...ev, anchors: [...ROOT_TRUST_ANCHORS] }), 0, 'indeterminate', 'error', undefined, /key tags 20326, 38696/],
  ];
  for (const [name, domain, alter, shift, state, status, messageId, text] of rows) {
    it(`${name}: ${state}, ${status}`, async () => {
      const ev = alter(await collect(domain));
      const at = Date.now() + shift;
      assert.equal(validateName(ev, domain, at, ev.mx ? [15] : []).state, state);
      const out = dnssecCheck.run(evidence(domain, ev, at));
      assert.equal(out.status, status, out.evidence);
      assert.equal(out.messageId, messageId);
      assert.match(out.evidence, text);
    });
  }

  it('an Ed25519 or P-256 key tag and DS digest the scanner computes match the lab signer\'s', async () => {
    const ev = await collect('ed.com');
    assert.equal(validateName(ev, 'ed.com', Date.now()).state, 'secure');
    const [tag] = lab.trustAnchor[0]!.split(' ');
    assert.match(ev.anchors[0]!, new RegExp(`^${tag} 13 2 [0-9A-F]{64}$`));
  });
});

describe('NSEC3 hashing', () => {
  it('matches RFC 5155 appendix A (salt aabbccdd, 12 iterations), written in base32hex', () => {
    const salt = Buffer.from('aabbccdd', 'hex');
    assert.deepEqual(['example', 'a.example', 'ai.example', 'ns1.example'].map((n) => base32hex(nsec3Hash(n, salt, 12))),
      ['0p9mhaveqvm6t7vbl5lop2u3t2rp3tom', '35mthgpgcu1qg68fab165klnsnk3dpvl', 'gjeqe526plbf1g8mklp59enfd789njgi', '2t7b4g4vsa5smi47k61mv5bv1a22bojr']);
  });
});

describe('SCAN_DNSSEC_TRUST_ANCHORS', () => {
  it('takes semicolon-separated root DS records, defaults to IANA\'s (undefined here) and refuses anything else', async () => {
    const { ConfigError, loadConfig } = await import('../../src/config.ts');
    const base = { SECRET_KEY: 'k'.repeat(40) };
    assert.equal(loadConfig(base).scan.dnssecTrustAnchors, undefined);
    const two = `${ROOT_TRUST_ANCHORS[0]}; ${ROOT_TRUST_ANCHORS[1]}`;
    assert.deepEqual(loadConfig({ ...base, SCAN_DNSSEC_TRUST_ANCHORS: two }).scan.dnssecTrustAnchors, [...ROOT_TRUST_ANCHORS]);
    assert.throws(() => loadConfig({ ...base, SCAN_DNSSEC_TRUST_ANCHORS: '. IN DS 20326 8 2' }), (e: Error) => e instanceof ConfigError && /SCAN_DNSSEC_TRUST_ANCHORS entries must be DS records/.test(e.message));
  });
});
