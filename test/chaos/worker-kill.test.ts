// Chaos: worker processes die with SIGKILL during a burst of scans. One API process and three worker processes
// on PostgreSQL, short scan leases; every 1–2 s a random worker is killed and a replacement started. Every scan
// must still complete, finished once with one event, and every event must reach the receiver (perhaps more
// than once: a delivery cut off mid-attempt is sent again, with the same event id and bytes).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/storage/db.ts';
import { migrate } from '../../src/storage/migrate.ts';
import { partnerWithKey } from '../accounts-fixtures.ts';
import { assertSettled, postScan, startLab } from '../fleet.ts';
import type { Lab } from '../fleet.ts';
import { startService, until } from '../support/service.ts';
import type { Service } from '../support/service.ts';
import { createEmptyStore, openStoreOf } from '../support/store.ts';

const SCANS = 30;
const WORKERS = 3;
const LEASE_MS = 1500;
const domains = Array.from({ length: SCANS }, (_, i) => `site-${i}.chaos-partner.com`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('chaos: SIGKILL of worker processes during a burst of scans (PostgreSQL)', () => {
  let lab: Lab;
  let store: Awaited<ReturnType<typeof createEmptyStore>>;
  let db: Db;
  let key: string;
  let api: Service;
  let env: Record<string, string>;
  const workers: Service[] = [];

  before(async () => {
    // A slow home page (a scan takes about a second: several requests wait for it) and a slow receiver: kills
    // land mid-scan and mid-delivery. Much slower scans would rarely finish between kills at all.
    lab = await startLab({ domains, pageDelayMs: 250, receiverDelayMs: 1500 });
    store = await createEmptyStore('postgres');
    db = await openStoreOf(store.env, 'postgres');
    await migrate(db);
    key = (await partnerWithKey(db, loadConfig(store.env), { plan: 'enterprise', quota: 1000 })).key;
    env = {
      ...store.env,
      ...lab.env,
      SCAN_LEASE_MS: String(LEASE_MS),
      // Room for several deaths per scan (the most allowed). A scan whose worker died on every claim still fails
      // with scan_timeout: a final state, as documented.
      SCAN_MAX_ATTEMPTS: '10',
      // Few jobs per process: a burst that lasts several kill rounds.
      WORKER_CONCURRENCY: '2',
      // A delivery cut off by a kill is sent again after this + 5 s (its lease).
      WEBHOOK_TIMEOUT_MS: '3000',
      WEBHOOK_RETRY_DELAYS: '0.5,0.5,0.5,0.5',
    };
    api = await startService({ ...env, ROLE: 'api' });
    workers.push(...(await Promise.all(Array.from({ length: WORKERS }, () => startService({ ...env, ROLE: 'worker' })))));
  });

  after(async () => {
    await Promise.all([api, ...workers].filter(Boolean).map((s) => s.stop('SIGTERM')));
    await db?.close();
    await store?.remove();
    await lab?.close();
  });

  it('every scan completes once and every event is delivered, whatever the kills', async (t) => {
    const started = Date.now();
    const created = await Promise.all(domains.map(async (domain, i) => {
      const { res, json } = await postScan(api.url, key, { domain, webhook_url: lab.webhookUrl }, `chaos-${i}`);
      assert.equal(res.status, 202);
      return json.data!.id;
    }));

    // The killer: while scans or their deliveries are unfinished, every 0.5–1.5 s one random worker dies and a new
    // one replaces it (on an idle machine the scans alone can be over in a few seconds; the slow deliveries keep the
    // burst going). Replacements start in the background (a start takes a second or more), so kills keep their pace.
    let kills = 0;
    const replacements: Promise<void>[] = [];
    const unfinished = async () => (await db.query<{ n: number }>(
      `SELECT (SELECT count(*)::int FROM scans WHERE status IN ('queued', 'processing'))
            + (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'pending') AS n`))[0]!.n;
    while (kills < 12 && (await unfinished()) > 0) {
      await sleep(500 + Math.random() * 1000);
      const [victim] = workers.splice(Math.floor(Math.random() * workers.length), 1);
      if (!victim) continue; // every worker is still starting
      assert.equal(await victim.stop('SIGKILL'), null, 'killed, not exited');
      kills++;
      replacements.push(startService({ ...env, ROLE: 'worker' }).then((w) => void workers.push(w)));
    }
    await Promise.all(replacements);
    assert.ok(kills >= 4, `at least four kills landed during the burst (${kills})`);

    await until('every scan finished and every delivery made', async () => {
      const [open] = await db.query<{ scans: number; pending: number; jobs: number }>(
        `SELECT (SELECT count(*)::int FROM scans WHERE status IN ('queued', 'processing')) AS scans,
                (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'pending') AS pending,
                (SELECT count(*)::int FROM jobs WHERE kind IN ('scan-domain', 'deliver-webhook')) AS jobs`);
      return open!.scans + open!.pending + open!.jobs === 0 ? true : undefined;
    }, 90_000);
    const figures = await assertSettled(db, lab.receiver, key, new Map(created.map((id) => [id, undefined])));
    assert.ok(figures.reclaimed >= 1, 'some scans were taken over after their worker died');
    // The only failure a kill may cause is running out of claims; a scan is never lost, nor failed otherwise.
    const failed = await db.query<{ error_code: string; attempts: number }>("SELECT error_code, attempts FROM scans WHERE status = 'failed'");
    for (const f of failed) assert.deepEqual(f, { error_code: 'scan_timeout', attempts: 10 });
    const [claims] = await db.query<{ max: number; total: number }>('SELECT max(attempts)::int AS max, sum(attempts)::int AS total FROM scans');
    t.diagnostic(`${SCANS} scans, ${kills} kills in ${Math.round((Date.now() - started) / 1000)} s: ${figures.reclaimed} scans taken over `
      + `(${claims!.total} claims, at most ${claims!.max} for one scan), ${failed.length} scan_timeout, ${figures.repeats} repeated deliveries`);
  });
});
