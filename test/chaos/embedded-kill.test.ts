// Chaos: the single process on the embedded store (PGlite in DATA_DIR) killed with SIGKILL in the middle of a
// burst of writes (file analyses and scan creations). Restarted on the same directory, the store opens
// consistently, `confgate-admin status` works, and every scan acknowledged with a 202 is there and completes
// with its event delivered. Requests cut off by the kill were never acknowledged; a replay with the same
// Idempotency-Key settles each of them exactly once (created now, or found).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { migrate } from '../../src/storage/migrate.ts';
import { partnerWithKey } from '../accounts-fixtures.ts';
import { assertSettled, getScan, isFinal, postScan, startLab } from '../fleet.ts';
import type { Lab } from '../fleet.ts';
import { adminCli, startService, until } from '../support/service.ts';
import { createEmptyStore, openStoreOf } from '../support/store.ts';

const SCANS = 24;
/** The kill comes once this many scans and analyses were acknowledged: the others are in flight or not sent yet. */
const KILL_AFTER = 8;
const domains = Array.from({ length: SCANS }, (_, i) => `app-${i}.embedded-partner.com`);
const DOCKERFILE = 'FROM node:latest\nRUN apt-get update && apt-get install -y curl\nUSER root\nCMD ["node", "server.js"]\n';

describe('chaos: SIGKILL of the embedded-store process during a burst of writes', () => {
  let lab: Lab;
  let store: Awaited<ReturnType<typeof createEmptyStore>>;
  let env: Record<string, string>;
  let key: string;

  before(async () => {
    lab = await startLab({ domains, pageDelayMs: 200 });
    store = await createEmptyStore('embedded');
    env = { ...store.env, ...lab.env, PUBLIC_RATE_LIMIT: '10000/s', SCAN_LEASE_MS: '2000' };
    // The embedded store admits one process: set up the partner before the service opens it.
    const db = await openStoreOf(store.env, 'embedded');
    await migrate(db);
    key = (await partnerWithKey(db, loadConfig(env), { plan: 'enterprise', quota: 1000 })).key;
    await db.close();
  });

  after(async () => {
    await store?.remove();
    await lab?.close();
  });

  it('reopens consistently; every acknowledged scan is there and completes', { timeout: 180_000 }, async (t) => {
    const first = await startService(env);
    const acknowledged = new Map<number, string>();
    let killed = false;
    let analysed = 0;
    const kill = async () => {
      if (killed) return;
      killed = true;
      assert.equal(await first.stop('SIGKILL'), null, 'killed, not exited');
    };
    const due = () => acknowledged.size >= KILL_AFTER && analysed >= KILL_AFTER;
    // Two clients create scans one after another, four send analyses: a mixed stream of writes until the kill.
    let next = 0;
    const creations = Array.from({ length: 2 }, async () => {
      while (!killed && next < SCANS) {
        // Leave the last creations for after the kill (they are replayed), however slowly the analyses warm up:
        // the kill must come mid-burst, so past SCANS - 4 acknowledged, creations wait for it.
        if (acknowledged.size >= SCANS - 4) {
          await new Promise((r) => setTimeout(r, 10));
          continue;
        }
        const i = next++;
        try {
          const { res, json } = await postScan(first.url, key, { domain: domains[i]!, webhook_url: lab.webhookUrl }, `embedded-${i}`);
          assert.equal(res.status, 202);
          acknowledged.set(i, json.data!.id);
          if (due()) await kill();
        } catch (err) {
          if (!killed) throw err; // cut off by the kill: not acknowledged
        }
      }
    });
    const analyses = Array.from({ length: 4 }, async () => {
      while (!killed) {
        try {
          const res = await fetch(`${first.url}/api/analyze`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ filename: 'Dockerfile', file_type: 'dockerfile', content: DOCKERFILE }),
          });
          assert.equal(res.status, 200);
          analysed++;
          if (due()) await kill();
        } catch (err) {
          if (!killed) throw err;
        }
      }
    });
    await Promise.all([...creations, ...analyses]);
    await kill();
    assert.ok(acknowledged.size >= KILL_AFTER && acknowledged.size < SCANS, `killed mid-burst (${acknowledged.size} of ${SCANS} acknowledged)`);

    const restartedAt = Date.now();
    const second = await startService(env);
    const reopenMs = Date.now() - restartedAt;
    const settled = new Map<string, string | undefined>();
    try {
      // The operator's view while it runs (forwarded through the admin socket).
      const status = adminCli(['status', '--json'], env);
      assert.equal(status.status, 0, status.stderr);
      assert.equal(JSON.parse(status.stdout).store, 'embedded');

      // Acknowledged scans survived the kill; the cut-off creations, replayed, exist exactly once.
      for (const id of acknowledged.values()) {
        const { res } = await getScan(second.url, key, id);
        assert.equal(res.status, 200, `${id} survived the kill`);
      }
      const ids = new Set<string>();
      for (const [i, domain] of domains.entries()) {
        const { res, json } = await postScan(second.url, key, { domain, webhook_url: lab.webhookUrl }, `embedded-${i}`);
        assert.equal(res.status, 202);
        if (acknowledged.has(i)) assert.equal(json.data!.id, acknowledged.get(i), 'a replay finds the acknowledged scan');
        ids.add(json.data!.id);
      }
      for (const id of ids) {
        await until(`${id} to finish`, async () => (isFinal((await getScan(second.url, key, id)).json.data?.status) ? true : undefined), 60_000);
      }
      await until('every event delivered', async () => (new Set(lab.receiver.requests.map((r) => r.headers['x-service-event-id'])).size >= ids.size ? true : undefined), 30_000);
      for (const id of ids) settled.set(id, 'completed');
    } finally {
      assert.equal(await second.stop('SIGTERM'), 0, second.output());
    }

    // Stopped: the admin CLI opens the store itself, and the store holds exactly the scans above.
    const status = adminCli(['status', '--json'], env);
    assert.equal(status.status, 0, status.stderr);
    assert.deepEqual(JSON.parse(status.stdout).queue.dead, 0);
    const db = await openStoreOf(store.env, 'embedded');
    try {
      const figures = await assertSettled(db, lab.receiver, key, settled);
      const [counts] = await db.query<{ scans: number; used: number }>('SELECT (SELECT count(*)::int FROM scans) AS scans, (SELECT sum(used)::int FROM quota_usage) AS used');
      assert.deepEqual(counts, { scans: SCANS, used: SCANS }, 'one scan and one quota unit per creation, acknowledged or replayed');
      t.diagnostic(`${acknowledged.size} of ${SCANS} scans and ${analysed} analyses acknowledged before the kill; `
        + `reopened and ready in ${reopenMs} ms; ${figures.reclaimed} scans resumed after the kill, ${figures.repeats} repeated deliveries`);
    } finally {
      await db.close();
    }
  });
});
