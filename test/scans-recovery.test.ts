// Durability of the scan queue: the real service (`node src/main.ts`, API + worker) is killed with SIGKILL in
// the middle of a scan of a slow loopback site; restarted on the same store, it picks the job up once the
// lease has expired and the scan completes, exactly once, with nothing lost.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/storage/migrate.ts';
import { bearer, partnerWithKey } from './accounts-fixtures.ts';
import { createTestCa, startDnsServer, startSite } from './support/local-sites/index.ts';
import type { DnsServer, Site } from './support/local-sites/index.ts';
import { startService, until } from './support/service.ts';
import { createEmptyStore, openStoreOf } from './support/store.ts';

const DOMAIN = 'slow.recovery-partner.com';

let dns: DnsServer;
let site: Site;
let store: Awaited<ReturnType<typeof createEmptyStore>>;

before(async () => {
  const ca = await createTestCa();
  dns = await startDnsServer({ [DOMAIN]: { A: ['127.0.0.1'] } });
  site = await startSite({
    certificate: await ca.issue({ names: [DOMAIN] }),
    https: {
      // Slow enough that the scan is surely in flight when the test kills the service.
      '/': (_req, res) => void setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>slow</html>'), 700),
    },
  });
  store = await createEmptyStore();
});

after(async () => {
  await Promise.all([site.close(), dns.close()]);
  await store.remove();
});

const openStore = () => openStoreOf(store.env);

describe('scan queue durability', () => {
  it('a worker killed with SIGKILL mid-scan loses nothing: after restart the scan completes once', async () => {
    const env = {
      ...store.env,
      LOG_LEVEL: 'warn',
      SCAN_ALLOWED_CIDRS: '127.0.0.0/8',
      SCAN_DNS_SERVERS: dns.server,
      SCAN_HTTP_PORT: String(site.httpPort),
      SCAN_HTTPS_PORT: String(site.httpsPort),
      SCAN_LEASE_MS: '2000',
    };
    // The embedded store admits one process: set up the partner before the service opens it.
    const db = await openStore();
    await migrate(db);
    const { key } = await partnerWithKey(db, loadConfig(env));
    await db.close();

    const first = await startService(env);
    const created = await fetch(`${first.url}/api/v1/scans`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json', 'idempotency-key': 'recovery-1' },
      body: JSON.stringify({ domain: DOMAIN }),
    });
    assert.equal(created.status, 202);
    const scan = ((await created.json()) as { data: { id: string; status_url: string } }).data;
    await until('the scan to reach the site', async () => (site.requests.length > 0 ? true : undefined));
    const mid = await fetch(`${first.url}${scan.status_url}`, { headers: bearer(key) });
    assert.equal(((await mid.json()) as { data: { status: string } }).data.status, 'processing');
    assert.equal(await first.stop('SIGKILL'), null, 'killed, not exited');
    const requestsAtKill = site.requests.length;

    const second = await startService(env);
    try {
      const done = await until('the scan to finish', async () => {
        const res = await fetch(`${second.url}${scan.status_url}`, { headers: bearer(key) });
        const data = ((await res.json()) as { data: { status: string; result?: { score: number; domain: string } } }).data;
        return data.status === 'completed' || data.status === 'failed' ? data : undefined;
      });
      assert.equal(done.status, 'completed');
      assert.equal(done.result?.domain, DOMAIN);
      assert.equal(typeof done.result?.score, 'number');
      assert.ok(site.requests.length > requestsAtKill, 'the scan ran again after the restart');
      // The replayed creation after the crash still finds the same scan.
      const replay = await fetch(`${second.url}/api/v1/scans`, {
        method: 'POST',
        headers: { ...bearer(key), 'content-type': 'application/json', 'idempotency-key': 'recovery-1' },
        body: JSON.stringify({ domain: DOMAIN }),
      });
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.equal(((await replay.json()) as { data: { id: string } }).data.id, scan.id);
    } finally {
      assert.equal(await second.stop('SIGTERM'), 0, second.output());
    }

    const after = await openStore();
    try {
      const [row] = await after.query<{ status: string; attempts: number; finished: boolean }>('SELECT status, attempts, finished_at IS NOT NULL AS finished FROM scans WHERE id = $1', [scan.id]);
      assert.deepEqual(row, { status: 'completed', attempts: 2, finished: true }, 'one killed attempt, one that finished');
      assert.equal((await after.query("SELECT id FROM jobs WHERE kind = 'scan-domain'")).length, 0, 'the job left the queue');
      assert.equal((await after.query('SELECT domain FROM scan_domain_locks')).length, 0, 'the domain lock was released');
      assert.equal((await after.query<{ n: number }>('SELECT count(*)::int AS n FROM scans')).at(0)?.n, 1);
    } finally {
      await after.close();
    }
  });
});
