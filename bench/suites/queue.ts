// Our job queue against pg-boss and graphile-worker on the same PostgreSQL (each on a fresh database of
// BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/test): throughput (2000 no-op jobs
// queued, then drained by one worker with 8 slots), pickup latency on an idle queue (one job at a time, enqueue →
// handler start, 20 samples) and kill -9 (a worker process takes a job that never ends and is killed with SIGKILL:
// how long until another worker runs the job). docs/architecture.md records the decision these figures support.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { SuiteResult } from '../run.ts';
import { graphileWorker, ours, pgBoss } from '../queue-systems.ts';
import type { QueueSystem } from '../queue-systems.ts';

const SERVER = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const JOBS = 2000;
const CONCURRENCY = 8;
const IDLE_SAMPLES = 20;
/** How long the kill -9 case waits for the job to run again. */
const REDELIVERY_WAIT_MS = 30_000;
const SYSTEMS: Array<[string, (url: string) => Promise<QueueSystem>]> = [['ours', ours], ['pg-boss', pgBoss], ['graphile-worker', graphileWorker]];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: SERVER });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `confgate_queue_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  try {
    return await fn(u.toString());
  } finally {
    // Without FORCE: terminating a library's idle connections is an error event it may not handle. Its pools close
    // their connections shortly after it stops.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin(`DROP DATABASE IF EXISTS ${name}`);
        break;
      } catch (err) {
        if (attempt === 20) console.log(`could not drop ${name}: ${(err as Error).message}`);
        if (attempt === 20) break;
        await sleep(500);
      }
    }
  }
}

async function throughput(make: (url: string) => Promise<QueueSystem>): Promise<number> {
  return withDatabase(async (url) => {
    const q = await make(url);
    try {
      for (let i = 0; i < JOBS; i++) await q.enqueue('noop', { i });
      let done = 0;
      const start = performance.now();
      await q.work('noop', CONCURRENCY, async () => void done++);
      while (done < JOBS) await sleep(5);
      return JOBS / ((performance.now() - start) / 1000);
    } finally {
      await q.close();
    }
  });
}

async function idlePickup(make: (url: string) => Promise<QueueSystem>): Promise<number[]> {
  return withDatabase(async (url) => {
    const q = await make(url);
    try {
      let started: ((t: number) => void) | undefined;
      await q.work('ping', 1, async () => started?.(performance.now()));
      await q.enqueue('ping', {}); // warm-up: connections, prepared paths
      await sleep(1500);
      const samples: number[] = [];
      for (let i = 0; i < IDLE_SAMPLES; i++) {
        await sleep(300 + Math.floor(Math.random() * 400)); // idle, and not in step with any poll
        const ran = new Promise<number>((resolve) => (started = resolve));
        const at = performance.now();
        await q.enqueue('ping', { i });
        samples.push((await ran) - at);
      }
      return samples.sort((a, b) => a - b);
    } finally {
      await q.close();
    }
  });
}

/** Seconds from SIGKILL of the worker holding the job to the job running in another worker; null when it did not
 * within REDELIVERY_WAIT_MS. */
async function killNine(name: string, make: (url: string) => Promise<QueueSystem>): Promise<number | null> {
  return withDatabase(async (url) => {
    const q = await make(url);
    try {
      await q.enqueue('hang', {});
      const child = spawn(process.execPath, ['bench/queue-worker.ts', name, url], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      for (let waited = 0; !out.includes('claimed'); waited += 20) {
        if (waited > 20_000) throw new Error(`${name}: the worker process took no job: ${out}`);
        await sleep(20);
      }
      child.kill('SIGKILL');
      const killed = performance.now();
      let again: number | undefined;
      await q.work('hang', 1, async () => void (again ??= performance.now()));
      while (again === undefined && performance.now() - killed < REDELIVERY_WAIT_MS) await sleep(50);
      return again === undefined ? null : (again - killed) / 1000;
    } finally {
      await q.close();
    }
  });
}

export default async function queue(): Promise<SuiteResult> {
  const results: Record<string, unknown> = { server: new URL(SERVER).host, jobs: JOBS, concurrency: CONCURRENCY, idle_samples: IDLE_SAMPLES };
  console.log(`${'queue'.padEnd(16)} ${'jobs/s'.padStart(8)} ${'idle p50'.padStart(9)} ${'idle p95'.padStart(9)} ${'kill -9 → rerun'.padStart(16)}`);
  for (const [name, make] of SYSTEMS) {
    const perSecond = await throughput(make);
    const idle = await idlePickup(make);
    const rerun = await killNine(name, make);
    const figures = {
      jobs_per_s: Math.round(perSecond),
      idle_pickup_ms: { p50: Number(percentile(idle, 0.5).toFixed(1)), p95: Number(percentile(idle, 0.95).toFixed(1)) },
      kill9_rerun_s: rerun === null ? `not within ${REDELIVERY_WAIT_MS / 1000} s` : Number(rerun.toFixed(2)),
    };
    results[name] = figures;
    console.log(`${name.padEnd(16)} ${String(figures.jobs_per_s).padStart(8)} ${String(figures.idle_pickup_ms.p50).padStart(9)} ${String(figures.idle_pickup_ms.p95).padStart(9)} ${String(figures.kill9_rerun_s).padStart(16)}`);
  }
  return { suite: 'queue', results };
}
