// The store layer on the backend under test: migrations (idempotent, concurrent, tamper-evident), the job
// queue's leases, the embedded store's lock and memory settings, and durability across SIGKILL.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { createInterface } from 'node:readline';
import { claim, complete, enqueue, fail, queueStats } from '../src/storage/jobs.ts';
import { loadMigrations, migrate, migrationStatus } from '../src/storage/migrate.ts';
import { openStore } from '../src/storage/open.ts';
import { StoreError } from '../src/storage/db.ts';
import { insertSecurityLog } from '../src/storage/security-log.ts';
import { loadConfig } from '../src/config.ts';
import { createEmptyStore, openTestStore, STORE } from './support/store.ts';
import type { TestStore } from './support/store.ts';

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(async () => store.destroy());

describe('migrations', () => {
  it('are all applied, and applying again is a no-op', async () => {
    const status = await migrationStatus(store.db);
    assert.equal(status.pending.length, 0);
    assert.equal(status.applied.length, loadMigrations().length);
    assert.deepEqual(await migrate(store.db), []);
  });
  it('refuse to run when an applied migration changed', async () => {
    const tampered = loadMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'x' } : m));
    await assert.rejects(migrate(store.db, tampered), /was changed after it was applied/);
  });
  // PostgreSQL only: the embedded store admits one process by design (tested below).
  if (STORE === 'postgres') it('several instances starting at once apply each migration exactly once', async () => {
    const empty = await createEmptyStore('postgres');
    const config = loadConfig(empty.env);
    const dbs = await Promise.all([1, 2, 3].map(() => openStore(config)));
    try {
      const applied = await Promise.all(dbs.map((db) => migrate(db)));
      const all = applied.flat().sort();
      assert.deepEqual(all, loadMigrations().map((m) => m.version));
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      await empty.remove();
    }
  });
});

describe('job queue', () => {
  it('leases a job to one owner; an expired lease lets another owner claim it', async () => {
    const t0 = new Date('2030-01-01T00:00:00Z');
    const id = await enqueue(store.db, 'lease-test', { n: 1 }, { runAt: t0 });
    assert.ok(id);
    const a = await claim(store.db, 'A', ['lease-test'], 10, t0, 60_000);
    assert.deepEqual(a.map((j) => j.id), [id]);
    assert.deepEqual(await claim(store.db, 'B', ['lease-test'], 10, new Date(t0.getTime() + 30_000), 60_000), [], 'still leased');
    const b = await claim(store.db, 'B', ['lease-test'], 10, new Date(t0.getTime() + 61_000), 60_000);
    assert.deepEqual(b.map((j) => [j.id, j.attempts]), [[id, 2]]);
    assert.equal(await complete(store.db, id, 'A'), false, 'the old owner can no longer finish it');
    assert.equal(await complete(store.db, id, 'B'), true);
  });
  it('failed jobs retry later and die when out of attempts', async () => {
    const t0 = new Date('2030-02-01T00:00:00Z');
    const id = (await enqueue(store.db, 'fail-test', {}, { runAt: t0, maxAttempts: 2 }))!;
    await claim(store.db, 'A', ['fail-test'], 1, t0, 1000);
    await fail(store.db, id, 'A', 'first', new Date(t0.getTime() + 5000));
    assert.deepEqual(await claim(store.db, 'A', ['fail-test'], 1, new Date(t0.getTime() + 4000), 1000), [], 'not due yet');
    const again = await claim(store.db, 'A', ['fail-test'], 1, new Date(t0.getTime() + 5000), 1000);
    assert.equal(again.length, 1);
    await fail(store.db, id, 'A', 'second', new Date(t0.getTime() + 10_000));
    const [row] = await store.db.query<{ status: string; last_error: string }>('SELECT status, last_error FROM jobs WHERE id = $1', [id]);
    assert.deepEqual(row, { status: 'dead', last_error: 'second' });
    assert.ok((await queueStats(store.db, t0)).dead >= 1);
  });
  it('a job enqueued due now is due to a worker whose clock reads the same millisecond (Dates have no microseconds)', async () => {
    const id = (await enqueue(store.db, 'due-now', {}))!;
    // The row's run_at as a worker's clock could read it at that instant: a Date, truncated to the millisecond.
    const [row] = await store.db.query<{ run_at: Date; us: number }>("SELECT run_at, (EXTRACT(MICROSECONDS FROM run_at)::int % 1000) AS us FROM jobs WHERE id = $1", [id]);
    assert.equal(row!.us, 0, 'stored to the millisecond');
    const jobs = await claim(store.db, 'A', ['due-now'], 1, new Date(row!.run_at.getTime()), 1000);
    assert.deepEqual(jobs.map((j) => j.id), [id]);
    assert.equal(await complete(store.db, id, 'A'), true);
  });
  it('a unique key allows one pending job', async () => {
    assert.ok(await enqueue(store.db, 'u', {}, { uniqueKey: 'only-one' }));
    assert.equal(await enqueue(store.db, 'u', {}, { uniqueKey: 'only-one' }), undefined);
  });
});

describe('security log batches', () => {
  // A busy second of requests is one flush. As a multi-row VALUES list (7 parameters a row) more than 9362 rows
  // overflowed the protocol's 16-bit parameter count, and the retried, growing batch failed until rows were dropped.
  it('writes a batch of 12 000 rows in one flush, keeping every value', async () => {
    const requestIds = Array.from({ length: 12_000 }, (_, i) => `req_batch_${i}`);
    const at = new Date('2031-02-03T04:05:06.789Z');
    await insertSecurityLog(store.db, requestIds.map((requestId, i) => ({
      at, clientIp: '::1', method: 'POST', route: '/api/analyze', status: i % 2 ? 200 : 429, requestId, userAgent: i % 3 ? `ua "quoted", {braced} \\ ${i}` : undefined,
    })));
    const rows = await store.db.query<{ n: number }>("SELECT count(*)::int AS n FROM security_log WHERE request_id LIKE 'req_batch_%'");
    assert.equal(rows[0]?.n, 12_000);
    const sample = await store.db.query<{ request_id: string; at: Date; status: number; user_agent: string | null; client_ip: string }>(
      "SELECT request_id, at, status, user_agent, client_ip FROM security_log WHERE request_id IN ('req_batch_3', 'req_batch_4', 'req_batch_11999') ORDER BY request_id",
    );
    assert.deepEqual(sample.map((r) => [r.request_id, new Date(r.at).toISOString(), r.status, r.user_agent, r.client_ip]), [
      ['req_batch_11999', at.toISOString(), 200, 'ua "quoted", {braced} \\ 11999', '::1'],
      ['req_batch_3', at.toISOString(), 200, null, '::1'],
      ['req_batch_4', at.toISOString(), 429, 'ua "quoted", {braced} \\ 4', '::1'],
    ]);
    await store.db.query("DELETE FROM security_log WHERE request_id LIKE 'req_batch_%'");
  });
});

describe('durability', () => {
  it('committed data survives SIGKILL of the writing process', async () => {
    const empty = await createEmptyStore();
    try {
      const child = spawn(process.execPath, ['test/support/committer.ts'], { env: { ...process.env, ...empty.env, DATABASE_URL: empty.env['DATABASE_URL'] ?? '' }, stdio: ['ignore', 'pipe', 'inherit'] });
      const committed: number[] = [];
      const lines = createInterface({ input: child.stdout! });
      await new Promise<void>((resolve) => {
        lines.on('line', (line) => {
          if (/^\d+$/.test(line)) committed.push(Number(line));
          if (committed.length === 25) {
            child.kill('SIGKILL');
            resolve();
          }
        });
      });
      await new Promise((r) => child.once('exit', r));
      const db = await openStore(loadConfig(empty.env)); // also proves a stale lock is taken over
      try {
        const rows = await db.query<{ id: number }>("SELECT id FROM jobs WHERE kind = 'durability'");
        const present = new Set(rows.map((r) => r.id));
        assert.ok(committed.every((id) => present.has(id)), 'every acknowledged commit is present');
      } finally {
        await db.close();
      }
    } finally {
      await empty.remove();
    }
  });
  if (STORE === 'embedded') it('the embedded store admits one process at a time', async () => {
    await assert.rejects(openStore(loadConfig(store.env)), (err: Error) => err instanceof StoreError && /in use by process/.test(err.message));
  });
});

if (STORE === 'embedded') describe('embedded store memory', () => {
  it('runs with 32 MB of shared buffers, inside the initial 128 MiB of WebAssembly memory', async () => {
    const [row] = await store.db.query<{ shared_buffers: string }>('SHOW shared_buffers');
    assert.equal(row?.shared_buffers, '32MB');
    assert.equal(store.db.wasmMemoryBytes?.(), 128 * 1024 * 1024);
  });
});
