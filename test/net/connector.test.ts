// SSRF tests: every refusal is proven by a canary listener that must see no connection. Loopback only.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fetchFollow } from '../../src/scan/collect.ts';
import { createConnector, safeRequest, ScanBudget } from '../../src/net/connector.ts';
import type { Canary, DnsServer, Site, TestCa } from '../support/local-sites/index.ts';
import { createTestCa, startCanary, startDnsServer, startSite } from '../support/local-sites/index.ts';

let ca: TestCa;
let dns: DnsServer;
let site: Site;
let canary: Canary;
/** On the allowed address at a port other than the site's: only the port policy keeps the scanner away. */
let portCanary: Canary;
let rebindA = 0;

before(async () => {
  ca = await createTestCa();
  dns = await startDnsServer({
    'site.example-shop.com': { A: ['127.0.0.1'] },
    'canary.example-shop.com': { A: ['127.0.0.2'] },
    'mixed.example-shop.com': { A: ['127.0.0.1', '127.0.0.2'] },
    'mapped.example-shop.com': { AAAA: ['::ffff:127.0.0.2'] },
    // First answer is the allowed address, every later one the forbidden 127.0.0.2.
    'rebind.example-shop.com': { A: () => (rebindA++ === 0 ? ['127.0.0.1'] : ['127.0.0.2']) },
  });
  const cert = await ca.issue({ names: ['site.example-shop.com', 'rebind.example-shop.com'] });
  site = await startSite({
    certificate: cert,
    https: {
      '/': { body: 'home' },
      '/to-canary-ip': (_req, res) => res.writeHead(302, { location: `https://127.0.0.2:${site.httpsPort}/` }).end(),
      '/to-canary-name': (_req, res) => res.writeHead(302, { location: 'https://canary.example-shop.com/' }).end(),
      '/to-metadata': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
      '/to-other-port': (_req, res) => res.writeHead(302, { location: `https://site.example-shop.com:${portCanary.port}/` }).end(),
      '/to-other-port-http': (_req, res) => res.writeHead(301, { location: `http://site.example-shop.com:${portCanary.port}/x` }).end(),
      '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
      '/big': { body: 'x'.repeat(100_000) },
      '/hook': (req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => res.writeHead(201, { 'content-type': 'text/plain' }).end(`got ${req.method} ${body} ${req.headers['user-agent']}`));
      },
      '/hook-redirect': (_req, res) => res.writeHead(307, { location: '/hook' }).end(),
    },
  });
  // The canary sits on the forbidden address at the very port the scanner would use.
  canary = await startCanary('127.0.0.2', site.httpsPort);
  portCanary = await startCanary('127.0.0.1');
});

after(async () => {
  await Promise.all([site.close(), dns.close(), canary.close(), portCanary.close()]);
});

function settings(allowedCidrs: string[] = ['127.0.0.1/32']) {
  return { dnsServers: [dns.server], allowedCidrs, httpsPort: site.httpsPort, httpPort: site.httpPort, ca: ca.cert, userAgent: 'ConfgateScanner/test' };
}

async function refused(p: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(p, (err: { code?: string }) => err.code === code);
  assert.equal(canary.connections, 0, 'the canary must never be contacted');
}

const opts = () => ({ budget: new ScanBudget(20, 10_000), timeoutMs: 3000, maxBodyBytes: 1024, at: Date.now() });

describe('guarded connector', () => {
  it('connects to an allowed address and reports it', async () => {
    const res = await createConnector(settings()).request('https://site.example-shop.com/', { verifyTls: true });
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'home');
    assert.equal(res.address, '127.0.0.1');
  });

  it('refuses a name resolving to loopback without the allow setting', async () => {
    const before = site.requests.length;
    await refused(createConnector(settings([])).request('https://site.example-shop.com/'), 'refused-address');
    assert.equal(site.requests.length, before, 'the site must not be contacted either');
  });

  it('refuses a name with any refused address among its answers', async () => {
    await refused(createConnector(settings()).request('https://mixed.example-shop.com/'), 'refused-address');
  });

  it('refuses an IPv4-mapped IPv6 answer for a forbidden address', async () => {
    await refused(createConnector(settings()).request('https://mapped.example-shop.com/'), 'refused-address');
  });

  it('refuses IP literal URLs outside the allowed ranges', async () => {
    for (const url of [`https://127.0.0.2:${site.httpsPort}/`, `https://[::ffff:127.0.0.2]:${site.httpsPort}/`, 'http://169.254.169.254/', 'http://[::1]/']) {
      await refused(createConnector(settings()).request(url), 'refused-address');
    }
  });

  it('refuses reserved names before resolving them', async () => {
    await refused(createConnector(settings()).request('https://localhost/'), 'refused-host');
    assert.ok(!dns.queries.some((q) => q.endsWith(' localhost')));
  });

  it('re-vets every redirect: to a private IP, to a name resolving to one, to metadata, to another scheme', async () => {
    const c = createConnector(settings());
    await refused(fetchFollow(c, 'https://site.example-shop.com/to-canary-ip', opts()), 'refused-address');
    await refused(fetchFollow(c, 'https://site.example-shop.com/to-canary-name', opts()), 'refused-address');
    await refused(fetchFollow(c, 'https://site.example-shop.com/to-metadata', opts()), 'refused-address');
    await refused(fetchFollow(c, 'https://site.example-shop.com/to-file', opts()), 'refused-host');
  });

  it('keeps to ports 80 and 443 (here their stand-ins) on the first hop and on every redirect', async () => {
    const c = createConnector(settings());
    for (const url of [`https://site.example-shop.com:${portCanary.port}/`, `http://site.example-shop.com:${portCanary.port}/`]) {
      await assert.rejects(c.request(url), (err: { code?: string }) => err.code === 'refused-port');
    }
    for (const path of ['/to-other-port', '/to-other-port-http']) {
      await assert.rejects(fetchFollow(c, `https://site.example-shop.com${path}`, opts()), (err: { code?: string; message?: string }) => err.code === 'refused-port' && /port \d+ is not allowed/.test(err.message ?? ''));
    }
    assert.equal(portCanary.connections, 0, 'no connection to the other port');
    // 80 and 443 written out are the scheme ports (their TEST-ONLY stand-ins here), not refused.
    assert.equal((await c.request('https://site.example-shop.com:443/')).status, 200);
    assert.equal((await c.request('http://site.example-shop.com:80/')).status, 301);
  });

  it('follows at most 5 redirects', async () => {
    const before = site.requests.length;
    await assert.rejects(fetchFollow(createConnector(settings()), 'https://site.example-shop.com/loop', opts()), /more than 5 redirects/);
    assert.equal(site.requests.length - before, 6);
  });

  it('connects to the vetted address only: a rebinding second answer is never used', async () => {
    const before = site.requests.length;
    const c = createConnector(settings());
    const first = await c.request('https://rebind.example-shop.com/');
    const second = await c.request('https://rebind.example-shop.com/');
    assert.equal(first.address, '127.0.0.1');
    assert.equal(second.address, '127.0.0.1');
    assert.equal(site.requests.length - before, 2);
    assert.equal(dns.queries.filter((q) => q === 'A rebind.example-shop.com').length, 1, 'one resolution per connector');
    // A fresh connector (a later scan) sees the rebound answer and refuses it.
    await refused(createConnector(settings()).request('https://rebind.example-shop.com/'), 'refused-address');
  });

  it('keeps connections alive per vetted address: same-origin requests share them, every request is still budgeted and redirects re-vetted', async () => {
    const c = createConnector({ ...settings(), keepAlive: true });
    try {
      const budget = new ScanBudget(20, 10_000);
      for (const path of ['/', '/big', '/']) await c.request(`https://site.example-shop.com${path}`, { budget, verifyTls: false });
      assert.deepEqual([budget.used, budget.connections], [3, 1], 'three requests over one connection');
      // A redirect off the kept-alive origin is vetted like any other: refused, nothing reaches the canary.
      await refused(fetchFollow(c, `https://site.example-shop.com/to-canary-name`, opts()), 'refused-address');
      // The kept-alive pool is keyed by the vetted address: a rebinding name never gets another.
      rebindA = 0;
      const first = await c.request('https://rebind.example-shop.com/', { budget, verifyTls: false });
      const again = await c.request('https://rebind.example-shop.com/', { budget, verifyTls: false });
      assert.deepEqual([first.address, again.address], ['127.0.0.1', '127.0.0.1']);
      assert.equal(canary.connections, 0);
    } finally {
      c.close();
    }
  });

  it('caps bodies and enforces the per-scan request budget', async () => {
    const c = createConnector(settings());
    const budget = new ScanBudget(2, 10_000);
    const big = await c.request('https://site.example-shop.com/big', { maxBodyBytes: 1000, budget });
    assert.equal(big.body.length, 1000);
    assert.equal(big.truncated, true);
    await c.request('https://site.example-shop.com/', { budget });
    await assert.rejects(c.request('https://site.example-shop.com/', { budget }), (e: { code?: string }) => e.code === 'budget');
  });

  it('times out a request that never gets an answer', async () => {
    // Accepts the connection and says nothing: neither a TLS handshake nor a close.
    const held: net.Socket[] = [];
    const silent = net.createServer((s) => void held.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const c = createConnector({ ...settings(), httpsPort: (silent.address() as net.AddressInfo).port });
      await assert.rejects(c.request('https://site.example-shop.com/', { timeoutMs: 300 }), (e: { code?: string }) => e.code === 'timeout');
      await assert.rejects(c.tlsProbe('site.example-shop.com', { timeoutMs: 300 }), (e: { code?: string }) => e.code === 'timeout');
    } finally {
      held.forEach((s) => s.destroy());
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('raw TCP connections (tcpConnect, the cipher probe\'s)', () => {
  it('go to the vetted address on the HTTPS port, counted against the budget', async () => {
    const budget = new ScanBudget(20, 10_000);
    const { socket, address, deadline } = await createConnector(settings()).tcpConnect('site.example-shop.com', { timeoutMs: 3000, budget });
    try {
      assert.equal(address, '127.0.0.1');
      assert.deepEqual([socket.remoteAddress, socket.remotePort], ['127.0.0.1', site.httpsPort]);
      assert.deepEqual([budget.used, budget.connections], [1, 1]);
      assert.ok(deadline > Date.now() && deadline <= Date.now() + 3000);
    } finally {
      socket.destroy();
    }
  });

  it('refuse forbidden addresses, names resolving to them and rebinding answers, before any connection', async () => {
    await refused(createConnector(settings()).tcpConnect('canary.example-shop.com'), 'refused-address');
    await refused(createConnector(settings()).tcpConnect('mixed.example-shop.com'), 'refused-address');
    await refused(createConnector(settings()).tcpConnect('mapped.example-shop.com'), 'refused-address');
    await refused(createConnector(settings()).tcpConnect('127.0.0.2'), 'refused-address');
    await refused(createConnector(settings()).tcpConnect('localhost'), 'refused-host');
    const c = createConnector(settings());
    rebindA = 0;
    const first = await c.tcpConnect('rebind.example-shop.com');
    first.socket.destroy();
    const second = await c.tcpConnect('rebind.example-shop.com');
    second.socket.destroy();
    assert.deepEqual([first.address, second.address], ['127.0.0.1', '127.0.0.1']);
    assert.equal(canary.connections, 0);
  });

  it('stop at the budget, and at a closed port (once refused by the system, then at once)', async () => {
    await assert.rejects(createConnector(settings()).tcpConnect('site.example-shop.com', { budget: new ScanBudget(0, 10_000) }), (e: { code?: string }) => e.code === 'budget');
    // A port nothing listens on: refused by the system once, then by the connector without another attempt.
    const free = net.createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as net.AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    const c = createConnector({ ...settings(), httpsPort: port });
    const budget = new ScanBudget(20, 10_000);
    await assert.rejects(c.tcpConnect('site.example-shop.com', { budget }), (e: { code?: string; message?: string }) => e.code === 'network' && e.message === 'ECONNREFUSED');
    await assert.rejects(c.tcpConnect('site.example-shop.com', { budget }), (e: { code?: string; message?: string }) => e.code === 'network' && e.message === 'ECONNREFUSED');
    assert.equal(budget.connections, 1, 'the second attempt opened nothing');
  });
});

describe('safeRequest (webhook delivery)', () => {
  it('POSTs with TLS verified and the User-Agent set', async () => {
    const res = await safeRequest(`https://site.example-shop.com:${site.httpsPort}/hook`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' }, timeoutMs: 2000 }, settings());
    assert.equal(res.status, 201);
    assert.equal(res.body.toString(), 'got POST {"a":1} ConfgateScanner/test');
  });
  it('does not follow redirects', async () => {
    const res = await safeRequest(`https://site.example-shop.com:${site.httpsPort}/hook-redirect`, { method: 'POST', body: 'x' }, settings());
    assert.equal(res.status, 307);
  });
  it('may reach any port: a webhook URL is the partner\'s own, validated at creation', async () => {
    const other = await startCanary('127.0.0.1');
    try {
      await assert.rejects(safeRequest(`https://site.example-shop.com:${other.port}/hook`, { method: 'POST', timeoutMs: 2000 }, { ...settings(), anyPort: true }), (e: { code?: string }) => e.code !== 'refused-port');
      assert.equal(other.connections, 1);
    } finally {
      await other.close();
    }
  });
  it('rejects an untrusted certificate', async () => {
    const { ca: _ignored, ...untrusting } = settings();
    await assert.rejects(safeRequest(`https://site.example-shop.com:${site.httpsPort}/hook`, { method: 'POST' }, untrusting), (e: { code?: string }) => e.code === 'tls');
  });
});
