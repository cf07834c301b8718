// The three job queues the queue suite compares, behind one small interface, each on its own PostgreSQL database:
// ours (src/storage/jobs.ts + src/worker/runner.ts), pg-boss and graphile-worker, configured for fast pickup (their
// shortest documented poll intervals; ours is woken by its announcement and polls at its default 250 ms).
import PgBoss from 'pg-boss';
import { Logger, makeWorkerUtils, run } from 'graphile-worker';
import { createLogger } from '../src/logger.ts';
import { migrate } from '../src/storage/migrate.ts';
import { enqueue } from '../src/storage/jobs.ts';
import { openPostgres } from '../src/storage/postgres.ts';
import { startWorker } from '../src/worker/runner.ts';

/** Lease of our hanging job and pg-boss's expiry in the kill -9 case: how soon each may hand a dead worker's job on. */
export const LEASE_MS = 5000;
export const PG_BOSS_EXPIRE_S = 5;

export interface QueueSystem {
  name: string;
  enqueue(kind: string, data: Record<string, unknown>): Promise<void>;
  work(kind: string, concurrency: number, handler: (data: Record<string, unknown>) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export async function ours(url: string): Promise<QueueSystem> {
  const db = await openPostgres({ url });
  await migrate(db);
  const workers: { stop(ms: number): Promise<void> }[] = [];
  return {
    name: 'ours',
    enqueue: async (kind, data) => void (await enqueue(db, kind, data, { maxAttempts: 3 })),
    async work(kind, concurrency, handler) {
      workers.push(startWorker([{ kind, leaseMs: LEASE_MS, run: (job) => handler(job.payload) }], { db, clock: () => new Date(), log: createLogger('silent') }, { concurrency }));
    },
    async close() {
      for (const w of workers) await w.stop(5000);
      await db.close();
    },
  };
}

export async function pgBoss(url: string): Promise<QueueSystem> {
  const boss = new PgBoss({ connectionString: url, maintenanceIntervalSeconds: 1, monitorStateIntervalSeconds: 1 });
  boss.on('error', () => undefined);
  await boss.start();
  const queues = new Set<string>();
  const queue = async (name: string) => {
    if (!queues.has(name)) await boss.createQueue(name);
    queues.add(name);
  };
  return {
    name: 'pg-boss',
    async enqueue(kind, data) {
      await queue(kind);
      await boss.send(kind, data, { expireInSeconds: PG_BOSS_EXPIRE_S, retryLimit: 3 });
    },
    async work(kind, concurrency, handler) {
      await queue(kind);
      // Its shortest poll (0.5 s). A fetch loop waits the poll interval between fetches even when jobs are waiting,
      // so throughput comes from the batch: `concurrency` loops fetching 25 jobs each, run at once.
      for (let i = 0; i < concurrency; i++) {
        await boss.work(kind, { pollingIntervalSeconds: 0.5, batchSize: 25 }, async (jobs) => void (await Promise.all(jobs.map((job) => handler(job.data as Record<string, unknown>)))));
      }
    },
    close: () => boss.stop({ graceful: false, wait: true }),
  };
}

export async function graphileWorker(url: string): Promise<QueueSystem> {
  const utils = await makeWorkerUtils({ connectionString: url });
  await utils.migrate();
  const runners: { stop(): Promise<void> }[] = [];
  return {
    name: 'graphile-worker',
    enqueue: async (kind, data) => void (await utils.addJob(kind, data, { maxAttempts: 3 })),
    async work(kind, concurrency, handler) {
      runners.push(await run({ connectionString: url, concurrency, noHandleSignals: true, pollInterval: 500, logger: quietLogger(), taskList: { [kind]: async (payload) => handler(payload as Record<string, unknown>) } }));
    },
    async close() {
      for (const r of runners) await r.stop();
      await utils.release();
    },
  };
}

/** graphile-worker logs each job at info; the suite measures, it does not read logs. */
function quietLogger(): Logger {
  return new Logger(() => () => undefined);
}
