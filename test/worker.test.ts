// The job runner over the real queue: runs due jobs once, retries failures with backoff, a stop waits for the
// job in flight, a postponed job comes back at its time (or at once when its reason went away), a job enqueued due now wakes an idle worker (no poll needed), and a freed slot claims the next
// job while the others still run.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../src/logger.ts';
import { enqueue } from '../src/storage/jobs.ts';
import { Postpone, startWorker } from '../src/worker/runner.ts';
import type { Task } from '../src/worker/runner.ts';
import { openTestStore } from './support/store.ts';
import type { TestStore } from './support/store.ts';

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(async () => store.destroy());

describe('worker', () => {
  it('runs each due job once and removes it', async () => {
    const seen: number[] = [];
    const task: Task = { kind: 'record', leaseMs: 10_000, run: async (job) => void seen.push(job.payload['n'] as number) };
    const clock = () => new Date();
    const worker = startWorker([task], { db: store.db, clock, log: createLogger('silent') }, { concurrency: 2, autostart: false });
    for (const n of [1, 2, 3]) await enqueue(store.db, 'record', { n });
    while ((await worker.tick()) > 0);
    assert.deepEqual(seen.sort(), [1, 2, 3]);
    const left = await store.db.query("SELECT id FROM jobs WHERE kind = 'record'");
    assert.equal(left.length, 0);
  });
  it('retries a failing job at the time its task asks for, then records the error', async () => {
    let now = new Date('2031-01-01T00:00:00Z');
    let calls = 0;
    const task: Task = {
      kind: 'flaky',
      leaseMs: 10_000,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('temporary');
      },
      retryAt: (_job, at) => new Date(at.getTime() + 60_000),
    };
    const worker = startWorker([task], { db: store.db, clock: () => now, log: createLogger('silent') }, { concurrency: 1, autostart: false });
    await enqueue(store.db, 'flaky', {}, { runAt: now });
    assert.equal(await worker.tick(), 1);
    const [row] = await store.db.query<{ last_error: string; attempts: number }>("SELECT last_error, attempts FROM jobs WHERE kind = 'flaky'");
    assert.deepEqual(row, { last_error: 'temporary', attempts: 1 });
    assert.equal(await worker.tick(), 0, 'not due before the retry time');
    now = new Date(now.getTime() + 60_000);
    assert.equal(await worker.tick(), 1);
    assert.equal(calls, 2);
    assert.equal((await store.db.query("SELECT id FROM jobs WHERE kind = 'flaky'")).length, 0);
  });
  it('a postponed job returns without using an attempt, at its time, or at once when its reason went away meanwhile', async () => {
    const later = new Date(Date.now() + 60_000);
    const cases = [
      { kind: 'postpone-stays', gone: undefined, due: false },
      { kind: 'postpone-busy', gone: async () => false, due: false },
      { kind: 'postpone-freed', gone: async () => true, due: true },
    ];
    for (const c of cases) {
      const task: Task = { kind: c.kind, leaseMs: 10_000, run: async () => { throw new Postpone(later, 'busy', c.gone); } };
      const worker = startWorker([task], { db: store.db, clock: () => new Date(), log: createLogger('silent') }, { concurrency: 1, autostart: false });
      await enqueue(store.db, c.kind, {}, { runAt: new Date(Date.now() - 1000) }); // due by the worker's clock too
      assert.equal(await worker.tick(), 1, c.kind);
      const [row] = await store.db.query<{ attempts: number; leased: boolean; due: boolean; at_later: boolean }>(
        'SELECT attempts, lease_owner IS NOT NULL AS leased, run_at <= now() AS due, run_at = $2 AS at_later FROM jobs WHERE kind = $1',
        [c.kind, later],
      );
      assert.deepEqual(row, { attempts: 0, leased: false, due: c.due, at_later: !c.due }, c.kind);
      await store.db.query('DELETE FROM jobs WHERE kind = $1', [c.kind]);
    }
  });
  it('stop() waits for the job in flight', async () => {
    let finished = false;
    const task: Task = { kind: 'slow', leaseMs: 10_000, run: () => new Promise((r) => setTimeout(() => { finished = true; r(); }, 300)) };
    await enqueue(store.db, 'slow', {});
    const worker = startWorker([task], { db: store.db, clock: () => new Date(), log: createLogger('silent') }, { concurrency: 1, pollMs: 10 });
    while ((await store.db.query("SELECT id FROM jobs WHERE kind = 'slow' AND lease_owner IS NOT NULL")).length === 0) await new Promise((r) => setTimeout(r, 10));
    await worker.stop(5000);
    assert.equal(finished, true);
  });
  /** Polls the condition (not the worker): these tests' workers poll once an hour, so only announcements wake them. */
  async function until(what: string, done: () => boolean): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!done()) {
      if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  const HOUR = 3_600_000;

  it('an idle worker claims a job enqueued due now without waiting for its poll', async () => {
    const seen: number[] = [];
    const task: Task = { kind: 'announced', leaseMs: 10_000, run: async (job) => void seen.push(job.payload['n'] as number) };
    const worker = startWorker([task], { db: store.db, clock: () => new Date(), log: createLogger('silent') }, { concurrency: 1, pollMs: HOUR });
    try {
      await new Promise((r) => setTimeout(r, 100)); // the worker is idle, its next poll an hour away
      await store.db.transaction((tx) => enqueue(tx, 'announced', { n: 1 }));
      await until('the announced job to run', () => seen.length === 1);
      await enqueue(store.db, 'announced', { n: 2 });
      await until('the second announced job to run', () => seen.length === 2);
      assert.deepEqual(seen, [1, 2]);
    } finally {
      await worker.stop(5000);
    }
  });

  it('a job enqueued for later is not announced: it waits for its time', async () => {
    let ran = false;
    const task: Task = { kind: 'later', leaseMs: 10_000, run: async () => void (ran = true) };
    const worker = startWorker([task], { db: store.db, clock: () => new Date(), log: createLogger('silent') }, { concurrency: 1, pollMs: HOUR });
    try {
      await enqueue(store.db, 'later', {}, { runAt: new Date(Date.now() + HOUR) });
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(ran, false);
      assert.equal((await store.db.query("SELECT id FROM jobs WHERE kind = 'later' AND lease_owner IS NULL")).length, 1);
    } finally {
      await worker.stop(5000);
    }
  });

  it('a slot that frees claims the next job while a slow one still runs', async () => {
    let release = () => {};
    const slowHeld = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const task: Task = {
      kind: 'mixed',
      leaseMs: 10_000,
      run: async (job) => {
        const name = job.payload['name'] as string;
        if (name === 'slow') await slowHeld;
        order.push(name);
      },
    };
    await enqueue(store.db, 'mixed', { name: 'slow' }, { runAt: new Date(Date.now() - 1000) });
    for (const name of ['a', 'b', 'c']) await enqueue(store.db, 'mixed', { name });
    const worker = startWorker([task], { db: store.db, clock: () => new Date(), log: createLogger('silent') }, { concurrency: 2, pollMs: HOUR });
    try {
      await until('a, b and c to run beside the slow job', () => order.length === 3);
      assert.deepEqual(order, ['a', 'b', 'c'], 'the slow job still holds its slot');
      release();
      await until('the slow job to finish', () => order.length === 4);
    } finally {
      release();
      await worker.stop(5000);
    }
  });
});
