// Scans through the durable queue: scans per second with N concurrent worker slots against loopback sites, and
// queue latency (created → started), next to the baseline measured in the same run: the same number of
// direct `scanDomain` calls with the same concurrency. The ratio is the cost of the queue (claims, leases,
// heartbeats, the domain lock, the state transitions) on the embedded store (or PostgreSQL with
// CONFGATE_TEST_STORE=postgres). Creation → completion through the real API and its webhook: `scan-latency`.
import { performance } from 'node:perf_hooks';
import type { SuiteResult } from '../run.ts';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { scanDomain } from '../../src/scan/index.ts';
import { insertScan, newScanId } from '../../src/storage/scans.ts';
import { startWorker } from '../../src/worker/runner.ts';
import { scanDomainTask } from '../../src/worker/tasks/scan-domain.ts';
import { partnerWithKey } from '../../test/accounts-fixtures.ts';
import { createTestCa, startDnsServer, startSite } from '../../test/support/local-sites/index.ts';
import { openTestStore } from '../../test/support/store.ts';

/** Distinct domains, so the one-scan-per-domain lock does not serialise the run. */
const DOMAINS = Array.from({ length: 8 }, (_, i) => `bench-${i}.example-shop.com`);
const SCANS = 24;
const IDLE_SAMPLES = 10;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

async function pool(n: number, concurrency: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) await task(next++);
  }));
}

export default async function scansSuite(): Promise<SuiteResult> {
  const ca = await createTestCa();
  const dns = await startDnsServer(Object.fromEntries(DOMAINS.map((d) => [d, { A: ['127.0.0.1'], TXT: ['v=spf1 -all'] }])));
  const site = await startSite({
    certificate: await ca.issue({ names: DOMAINS }),
    https: { '/': { headers: { 'content-type': 'text/html', 'strict-transport-security': 'max-age=63072000' }, body: '<!doctype html><html><body>bench</body></html>' } },
  });
  const store = await openTestStore();
  try {
    const config = loadConfig({
      ...store.env,
      PUBLIC_BASE_URL: 'https://confgate.bench',
      SCAN_ALLOWED_CIDRS: '127.0.0.1/32',
      SCAN_DNS_SERVERS: dns.server,
      SCAN_HTTP_PORT: String(site.httpPort),
      SCAN_HTTPS_PORT: String(site.httpsPort),
    });
    const { account, keyId } = await partnerWithKey(store.db, config, { plan: 'enterprise', quota: 1_000_000 });
    const direct = { publicBaseUrl: config.publicBaseUrl, dnsServers: [dns.server], allowedCidrs: ['127.0.0.1/32'], httpPort: site.httpPort, httpsPort: site.httpsPort, ca: ca.cert };
    await scanDomain(DOMAINS[0]!, direct); // warm-up: TLS contexts, JIT
    const results: Record<string, unknown> = { scans: SCANS, domains: DOMAINS.length, store: store.db.kind };

    for (const concurrency of [1, 8]) {
      let start = performance.now();
      await pool(SCANS, concurrency, (i) => scanDomain(DOMAINS[i % DOMAINS.length]!, direct));
      const directPerS = SCANS / ((performance.now() - start) / 1000);

      const ids: string[] = [];
      start = performance.now();
      for (let i = 0; i < SCANS; i++) {
        const id = newScanId();
        ids.push(id);
        await store.db.transaction((tx) => insertScan(tx, { id, accountId: account.id, keyId, domain: DOMAINS[i % DOMAINS.length]!, webhookUrl: null, createdAt: new Date() }, config.scan.maxAttempts));
      }
      const worker = startWorker([scanDomainTask(config, { ca: ca.cert })], { db: store.db, clock: () => new Date(), log: createLogger('silent') }, { concurrency });
      for (;;) {
        const rows = await store.db.query<{ n: number }>("SELECT count(*)::int AS n FROM scans WHERE id = ANY($1) AND status IN ('completed', 'failed')", [ids]);
        if (rows[0]!.n === SCANS) break;
        // Not tighter: the embedded store runs in this thread, so polling it competes with the worker.
        await new Promise((r) => setTimeout(r, 50));
      }
      const queuedPerS = SCANS / ((performance.now() - start) / 1000);
      // Pickup latency of scans created one at a time while the worker idles (default poll of 250 ms: the
      // creation's announcement is what wakes it), each after the previous one finished.
      const pickups: number[] = [];
      for (let i = 0; i < IDLE_SAMPLES; i++) {
        await new Promise((r) => setTimeout(r, 300)); // idle: past any claim round the previous scan caused
        const idle = newScanId();
        await store.db.transaction((tx) => insertScan(tx, { id: idle, accountId: account.id, keyId, domain: DOMAINS[i % DOMAINS.length]!, webhookUrl: null, createdAt: new Date() }, config.scan.maxAttempts));
        for (;;) {
          await new Promise((r) => setTimeout(r, 5));
          const row = (await store.db.query<{ ms: number; status: string }>('SELECT EXTRACT(EPOCH FROM (started_at - created_at))::float8 * 1000 AS ms, status FROM scans WHERE id = $1 AND started_at IS NOT NULL', [idle]))[0];
          if (row && (row.status === 'completed' || row.status === 'failed')) {
            pickups.push(row.ms);
            break;
          }
        }
      }
      pickups.sort((a, b) => a - b);
      const pickupMs = percentile(pickups, 0.5);
      await worker.stop(10_000);
      const waits = (await store.db.query<{ ms: number }>('SELECT EXTRACT(EPOCH FROM (started_at - created_at))::float8 * 1000 AS ms FROM scans WHERE id = ANY($1)', [ids])).map((r) => r.ms).sort((a, b) => a - b);
      const failed = (await store.db.query("SELECT id FROM scans WHERE id = ANY($1) AND status = 'failed'", [ids])).length;
      results[`concurrency_${concurrency}`] = {
        direct_scans_per_s: Number(directPerS.toFixed(2)),
        queued_scans_per_s: Number(queuedPerS.toFixed(2)),
        // Queue throughput relative to direct calls; 1.0 would be a free queue.
        ratio: Number((queuedPerS / directPerS).toFixed(3)),
        // Backlog: all scans were queued before the worker started, so these include waiting for a free slot.
        queue_latency_ms: { p50: Math.round(percentile(waits, 0.5)), p95: Math.round(percentile(waits, 0.95)) },
        idle_pickup_ms: { p50: Math.round(pickupMs), max: Math.round(pickups[pickups.length - 1]!) },
        failed,
      };
      console.log(`concurrency ${concurrency}: ${queuedPerS.toFixed(2)} scans/s through the queue vs ${directPerS.toFixed(2)} direct (ratio ${(queuedPerS / directPerS).toFixed(3)}); created → started p50 ${Math.round(percentile(waits, 0.5))} ms, p95 ${Math.round(percentile(waits, 0.95))} ms with a backlog, p50 ${Math.round(pickupMs)} ms when idle`);
    }
    return { suite: 'scans', results };
  } finally {
    await store.destroy();
    await Promise.all([site.close(), dns.close()]);
  }
}
