// The cipher probe's raw connections go only where the connector vetted: a name at a forbidden address is refused
// before any connection (the canary there counts none), a rebinding name is resolved once and every ClientHello
// goes to the first, vetted address; each handshake is counted against the scan's budget. Loopback only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConnectError, createConnector, ScanBudget } from '../../src/net/connector.ts';
import { probeCipherClasses } from '../../src/scan/probes/cipher-probe.ts';
import type { Canary, DnsServer, Site } from '../support/local-sites/index.ts';
import { createTestCa, startCanary, startDnsServer, startOpensslSite, startSite } from '../support/local-sites/index.ts';
import { cipherSuitesCheck } from '../../src/scan/checks/ciphers.ts';
import type { Evidence } from '../../src/scan/evidence.ts';

let dns: DnsServer;
let site: Site;
let canary: Canary;
let rebindA = 0;
let ca: Awaited<ReturnType<typeof createTestCa>>;

before(async () => {
  ca = await createTestCa();
  dns = await startDnsServer({
    'site.example-shop.com': { A: ['127.0.0.1'] },
    'canary.example-shop.com': { A: ['127.0.0.2'] },
    'rebind.example-shop.com': { A: () => (rebindA++ === 0 ? ['127.0.0.1'] : ['127.0.0.2']) },
  });
  site = await startSite({ certificate: await ca.issue({ names: ['site.example-shop.com', 'rebind.example-shop.com'] }), https: {} });
  // On the forbidden address, at the very port the probe would use.
  canary = await startCanary('127.0.0.2', site.httpsPort);
});

after(async () => {
  assert.equal(canary.connections, 0, 'the canary must never be contacted');
  await Promise.all([site.close(), dns.close(), canary.close()]);
});

const no = { ok: false as const, error: 'not collected' };
const connector = () => createConnector({ dnsServers: [dns.server], allowedCidrs: ['127.0.0.1/32'], httpsPort: site.httpsPort });

describe('cipher probe', () => {
  it('reads the classes a Node server accepts, in 6 budgeted handshakes (5 classes and DHE alone; changed from 5 deliberately)', async () => {
    const budget = new ScanBudget(60, 10_000);
    const r = await probeCipherClasses(connector(), 'site.example-shop.com', { timeoutMs: 3000, budget });
    assert.deepEqual(Object.keys(r.accepted).sort(), ['fsAead', 'fsCbc']);
    assert.equal(r.accepted.fsAead?.version, 0x0303);
    assert.equal(r.accepted.fsAead?.group, 0x001d, 'x25519 read from the ServerKeyExchange');
    assert.equal(r.handshakes, 6);
    assert.equal(budget.used, 6);
    assert.equal(r.dhe, undefined, 'an ECDSA-keyed Node site without DH parameters offers no DHE');
  });
  it('refuses a name at a forbidden address before connecting', async () => {
    await assert.rejects(probeCipherClasses(connector(), 'canary.example-shop.com', { timeoutMs: 3000, budget: new ScanBudget(60, 10_000) }), (e: unknown) => e instanceof ConnectError && e.code === 'refused-address');
  });
  it('resolves a rebinding name once and sends every ClientHello to the vetted address', async () => {
    rebindA = 0;
    const r = await probeCipherClasses(connector(), 'rebind.example-shop.com', { timeoutMs: 3000, budget: new ScanBudget(60, 10_000) });
    assert.ok(r.accepted.fsAead);
    assert.equal(dns.queries.filter((q) => q === 'A rebind.example-shop.com').length, 1);
  });
  // Debian's OpenSSL 3.0 still has NULL and anonymous suites, but no 3DES or RC4 (those stay tested on recorded bytes).
  it('reads NULL and anonymous suites from a server that still offers them (Debian openssl s_server at security level 0)', async () => {
    const legacy = await startOpensslSite(await ca.issue({ names: ['site.example-shop.com'], key: 'rsa2048' }), 'NULL-SHA256:ADH-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:@SECLEVEL=0');
    try {
      const c = createConnector({ dnsServers: [dns.server], allowedCidrs: ['127.0.0.1/32'], httpsPort: legacy.port });
      const r = await probeCipherClasses(c, 'site.example-shop.com', { timeoutMs: 3000, budget: new ScanBudget(60, 10_000) });
      assert.deepEqual(Object.keys(r.accepted).sort(), ['anon', 'fsAead', 'null']);
      assert.equal(r.accepted.null?.suite, 0x003b, 'NULL-SHA256');
      assert.equal(r.accepted.anon?.suite, 0x00a6, 'ADH-AES128-GCM-SHA256');
      assert.equal(r.accepted.anon?.dhBits, 1024, 'the anonymous DH prime (s_server\'s default temporary parameters at level 0) read from the ServerKeyExchange');
      assert.equal(r.handshakes, 10, 'a weak class answered: the other four asked one by one');
      const judged = cipherSuitesCheck.run({ ...({} as Evidence), ciphers: { ok: true, value: r }, tlsVersions: { TLSv1: no, 'TLSv1.1': no, 'TLSv1.2': { ok: true, value: true }, 'TLSv1.3': { ok: true, value: false } } });
      assert.equal(judged.status, 'fail');
      assert.match(judged.evidence, /NULL \(no encryption\) \(0x003b\).*anonymous key exchange \(0x00a6\)/);
    } finally {
      await legacy.close();
    }
  });
  it('stops at the budget', async () => {
    await assert.rejects(probeCipherClasses(connector(), 'site.example-shop.com', { timeoutMs: 3000, budget: new ScanBudget(2, 10_000) }), (e: unknown) => e instanceof ConnectError && e.code === 'budget');
  });
});
