// The job runner: claims due jobs, runs each with its task, and records the outcome. One per process;
// `WORKER_CONCURRENCY` jobs at once. A slot that frees claims the next job at once (no waiting for the rest of a
// batch); a job enqueued due now is announced at commit (`JOBS_CHANNEL`), so an idle worker claims it within
// milliseconds; the poll (`pollMs`) remains for jobs that become due later (retries, postponements) and for
// announcements lost with a connection. Stopping finishes in-flight jobs (up to a grace period) and claims no more.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Db } from '../storage/db.ts';
import { claim, complete, extendLease, fail, JOBS_CHANNEL, postpone, resume } from '../storage/jobs.ts';
import type { Job } from '../storage/jobs.ts';

export interface TaskContext {
  db: Db;
  clock: () => Date;
  log: Logger;
}

export interface Task {
  kind: string;
  /** How long a claim lasts; a worker killed mid-job frees the job after this. The runner renews the lease
   * (every third of it) while the job runs, so a long job is never taken over by another worker. */
  leaseMs: number;
  run(job: Job, ctx: TaskContext): Promise<void>;
  /** When to retry after a failure (attempts counts this one); null = give up now. */
  retryAt?(job: Job, now: Date): Date | null;
}

export interface WorkerOptions {
  concurrency: number;
  /** How often an idle worker looks for jobs that became due without an announcement. */
  pollMs?: number;
}

export interface Worker {
  readonly owner: string;
  /** Runs one claim round now (tests; also called by the poll loop). Resolves when claimed jobs finished. */
  tick(): Promise<number>;
  stop(graceMs: number): Promise<void>;
}

/** Thrown by a task that cannot run the job yet (e.g. a resource is busy): the job returns to the queue at
 * `runAt` without counting an attempt. */
export class Postpone extends Error {
  override name = 'Postpone';
  readonly runAt: Date;
  /** Asked once the postponement is committed: true when the reason went away meanwhile (e.g. the busy resource
   * was freed between the task's check and the postponement, too early for its holder to wake this job), and
   * the job is made due again at once. */
  readonly gone: (() => Promise<boolean>) | undefined;
  constructor(runAt: Date, reason: string, gone?: () => Promise<boolean>) {
    super(reason);
    this.runAt = runAt;
    this.gone = gone;
  }
}

const defaultRetry = (job: Job, now: Date) => new Date(now.getTime() + Math.min(2 ** job.attempts, 300) * 1000);

export function startWorker(tasks: Task[], ctx: TaskContext, options: WorkerOptions & { autostart?: boolean }): Worker {
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const byKind = new Map(tasks.map((t) => [t.kind, t]));
  const kinds = [...byKind.keys()];
  const leaseByKind = Object.fromEntries(tasks.map((t) => [t.kind, t.leaseMs]));
  const defaultLeaseMs = Math.max(...tasks.map((t) => t.leaseMs));
  const inflight = new Set<Promise<void>>();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: Promise<(() => Promise<void>) | undefined> = Promise.resolve(undefined);

  async function runJob(job: Job): Promise<void> {
    const task = byKind.get(job.kind)!;
    const heartbeat = setInterval(() => {
      extendLease(ctx.db, job.id, owner, ctx.clock(), task.leaseMs).catch((e: Error) => ctx.log.warn({ job: job.id, error: e.message }, 'could not renew lease'));
    }, Math.max(task.leaseMs / 3, 100));
    heartbeat.unref();
    try {
      await task.run(job, ctx);
      await complete(ctx.db, job.id, owner);
    } catch (err) {
      if (err instanceof Postpone) {
        try {
          await postpone(ctx.db, job.id, owner, err.runAt);
          if (err.gone && (await err.gone())) await resume(ctx.db, job.id, err.runAt);
        } catch (e) {
          ctx.log.error({ job: job.id, error: (e as Error).message }, 'could not postpone job');
        }
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      const retryAt = (task.retryAt ?? defaultRetry)(job, ctx.clock());
      ctx.log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, error: message }, 'job failed');
      await fail(ctx.db, job.id, owner, message, retryAt).catch((e: Error) => ctx.log.error({ job: job.id, error: e.message }, 'could not record job failure'));
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Claims up to the free slots and starts the jobs; `onDone` runs as each one finishes. */
  async function claimRound(onDone: () => void): Promise<Array<Promise<void>>> {
    const free = options.concurrency - inflight.size;
    if (stopping || free <= 0 || byKind.size === 0) return [];
    let jobs: Job[];
    try {
      jobs = await claim(ctx.db, owner, kinds, free, ctx.clock(), defaultLeaseMs, leaseByKind);
    } catch (err) {
      ctx.log.warn({ error: (err as Error).message }, 'could not claim jobs');
      return [];
    }
    return jobs.map((job) => {
      const p = runJob(job).finally(() => {
        inflight.delete(p);
        onDone();
      });
      inflight.add(p);
      return p;
    });
  }

  async function tick(): Promise<number> {
    const runs = await claimRound(() => undefined);
    await Promise.all(runs);
    return runs.length;
  }

  // The running loop: one claim at a time; a wake-up during a claim (a freed slot, an announcement) claims again
  // right after it, and a full round (more may be waiting) too. Idle, it polls.
  let claiming = false;
  let wanted = false;
  async function pump(): Promise<void> {
    if (stopping) return;
    if (claiming) return void (wanted = true);
    claiming = true;
    clearTimeout(timer);
    try {
      do {
        wanted = false;
        const free = options.concurrency - inflight.size;
        const runs = await claimRound(wake);
        if (runs.length > 0 && runs.length === free) wanted = true;
      } while (wanted && !stopping && inflight.size < options.concurrency);
    } finally {
      claiming = false;
      if (!stopping) timer = setTimeout(wake, options.pollMs ?? 250);
    }
  }
  function wake(): void {
    void pump();
  }
  if (options.autostart !== false) {
    unlisten = ctx.db.listen(JOBS_CHANNEL, wake).catch((err: Error) => {
      ctx.log.warn({ error: err.message }, 'could not listen for new jobs; polling only');
      return undefined;
    });
    wake();
  }

  return {
    owner,
    tick,
    async stop(graceMs) {
      stopping = true;
      if (timer) clearTimeout(timer);
      await (await unlisten)?.();
      await Promise.race([Promise.allSettled([...inflight]), new Promise((r) => setTimeout(r, graceMs).unref())]);
    },
  };
}
