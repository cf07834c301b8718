// Chaos: PostgreSQL goes away under load and comes back. The service (one process, API + worker) serves a steady
// load of scan creations and reads while its database is stopped twice — cleanly (`pg_ctl stop -m fast`, as a
// restart does) and as a crash (`-m immediate`: recovery from the WAL). During each outage /readyz answers 503
// and requests fail cleanly (503 `scan_failed` or `not_ready`, never a 500, never a hang); afterwards the service
// recovers by itself and every scan it accepted (202) completes. The database is a private server
// (./private-postgres.ts): stopping it disturbs no other test run on the machine.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { migrate } from '../../src/storage/migrate.ts';
import { partnerWithKey } from '../accounts-fixtures.ts';
import { assertSettled, getScan, postScan, startLab } from '../fleet.ts';
import type { Lab } from '../fleet.ts';
import { startService, until } from '../support/service.ts';
import type { Service } from '../support/service.ts';
import { openStoreOf, TEST_SECRET_KEY } from '../support/store.ts';
import { startPrivatePostgres } from './private-postgres.ts';
import type { PrivatePostgres } from './private-postgres.ts';

const domains = Array.from({ length: 8 }, (_, i) => `shop-${i}.outage-partner.com`);
const CLIENTS = 4;
/** Between a client's scans: a steady load that the single worker drains within seconds afterwards. */
const PAUSE_MS = 150;
const OUTAGE_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the clients saw: `status code` per answer, or `hang`/`network` when there was none. */
type Seen = Map<string, number>;
const note = (seen: Seen, what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
const CLEAN = new Set(['202 -', '200 -', '503 scan_failed', '503 not_ready']);

describe('chaos: PostgreSQL stopped and started under load', () => {
  let lab: Lab;
  let pg: PrivatePostgres;
  let service: Service;
  let env: Record<string, string>;
  let key: string;

  before(async () => {
    lab = await startLab({ domains });
    pg = await startPrivatePostgres();
    // Short leases: jobs whose outcome could not be recorded during the outage run again this soon after it.
    env = { ...lab.env, DATABASE_URL: pg.url, SECRET_KEY: TEST_SECRET_KEY, SCAN_LEASE_MS: '3000', WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_RETRY_DELAYS: '1,1,1,1' };
    const db = await openStoreOf(env, 'postgres');
    await migrate(db);
    key = (await partnerWithKey(db, loadConfig(env), { plan: 'enterprise', quota: 10_000 })).key;
    await db.close();
    service = await startService(env);
  });

  after(async () => {
    // Whatever happened, the database runs again before the service stops (a clean stop) and is then removed.
    try {
      pg?.start();
    } catch {
      // It was running.
    }
    await service?.stop('SIGTERM');
    pg?.destroy();
    await lab?.close();
  });

  it('reports not ready, fails cleanly, recovers without help and loses no accepted scan', { timeout: 180_000 }, async (t) => {
    const seen: Seen = new Map();
    const accepted = new Set<string>();
    let running = true;
    let created = 0;

    /** One client: creates scans (retrying a refused creation with its Idempotency-Key) and reads each back. */
    async function client(n: number): Promise<void> {
      while (running) {
        const domain = domains[created % domains.length]!;
        const idempotencyKey = `outage-${n}-${created++}`;
        // A refused creation is retried until accepted, even after the load stopped: an answer lost in the outage
        // may hide a creation that was committed, and only its replay tells.
        let id: string | undefined;
        while (!id) {
          try {
            const { res, json } = await postScan(service.url, key, { domain, webhook_url: lab.webhookUrl }, idempotencyKey, 10_000);
            note(seen, `${res.status} ${json.error?.code ?? '-'}`);
            if (res.status === 202) id = json.data!.id;
            else if (res.status === 503) await sleep(200);
            else return; // not a clean answer: the assertion on `seen` fails the test
          } catch (err) {
            note(seen, (err as Error).name === 'TimeoutError' ? 'hang' : 'network');
            if (!running) return;
            await sleep(200);
          }
        }
        accepted.add(id);
        try {
          const { res, json } = await getScan(service.url, key, id, 10_000);
          note(seen, `${res.status} ${json.error?.code ?? '-'}`);
        } catch (err) {
          note(seen, (err as Error).name === 'TimeoutError' ? 'hang' : 'network');
        }
        await sleep(PAUSE_MS);
      }
    }

    const ready = async () => (await fetch(`${service.url}/readyz`, { signal: AbortSignal.timeout(10_000) })).status;
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    const recoveries: string[] = [];
    try {
      for (const mode of ['fast', 'immediate'] as const) {
        await sleep(1500);
        const before = accepted.size;
        pg.stop(mode);
        await until('/readyz to report the outage', async () => ((await ready()) === 503 ? true : undefined), 10_000);
        await sleep(OUTAGE_MS);
        const startedAt = Date.now();
        pg.start();
        await until('/readyz to recover', async () => ((await ready()) === 200 ? true : undefined), 30_000);
        const readyAfter = Date.now() - startedAt;
        const acceptedAt = accepted.size;
        await until('a scan accepted after the outage', async () => (accepted.size > acceptedAt ? true : undefined), 30_000);
        recoveries.push(`${mode} stop: ready ${readyAfter} ms after the database started, accepting again within ${Date.now() - startedAt} ms`);
        assert.ok(accepted.size > before);
      }
    } finally {
      running = false;
      await Promise.all(clients);
    }

    const unclean = [...seen].filter(([what]) => !CLEAN.has(what));
    assert.deepEqual(unclean, [], 'every answer was a success or a clean 503');
    assert.ok((seen.get('503 scan_failed') ?? 0) + (seen.get('503 not_ready') ?? 0) > 0, 'the outage was seen by the clients');

    const loadEnded = Date.now();
    const db = await openStoreOf(env, 'postgres');
    try {
      await until('every accepted scan finished and delivered', async () => {
        const [open] = await db.query<{ n: number }>(
          `SELECT (SELECT count(*)::int FROM scans WHERE status IN ('queued', 'processing'))
                + (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'pending') AS n`);
        return open!.n === 0 ? true : undefined;
      }, 60_000);
      recoveries.push(`every accepted scan finished and delivered ${Date.now() - loadEnded} ms after the load ended`);
      await assertSettled(db, lab.receiver, key, new Map([...accepted].map((id) => [id, 'completed'])));
      const [counts] = await db.query<{ scans: number; used: number }>('SELECT (SELECT count(*)::int FROM scans) AS scans, (SELECT sum(used)::int FROM quota_usage) AS used');
      assert.deepEqual(counts, { scans: accepted.size, used: accepted.size }, 'no scan beyond the accepted ones, one quota unit each');
    } finally {
      await db.close();
    }
    t.diagnostic(`${accepted.size} scans accepted; answers: ${JSON.stringify(Object.fromEntries(seen))}`);
    for (const r of recoveries) t.diagnostic(r);
  });
});
