// The durable job queue (table `jobs`). Claims take a lease with FOR UPDATE SKIP LOCKED, so any number of
// worker processes share one PostgreSQL; a job whose worker died is claimed again once its lease expires.
import type { Queryable } from './db.ts';

export interface Job {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  run_at: Date;
}

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** At most one pending job per key; enqueueing a duplicate is a no-op that returns undefined. */
  uniqueKey?: string;
}

/** The channel a job due now is announced on (at commit), so idle workers claim it at once instead of at their
 * next poll. */
export const JOBS_CHANNEL = 'confgate_jobs';

// "Due now" is the database's now() to the millisecond: workers claim with their own clock, a JavaScript Date
// (milliseconds), so a job stamped 12:00:00.123456 and announced at commit would not be due to a worker that woke
// at 12:00:00.123 — and, announced once, would wait for the next poll (an hour in tests, 250 ms in service).
const NOW_MS = "date_trunc('milliseconds', now())";

export async function enqueue(db: Queryable, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>(
    `WITH job AS (
       INSERT INTO jobs (kind, payload, run_at, max_attempts, unique_key)
       VALUES ($1, $2, COALESCE($3, ${NOW_MS}), $4, $5)
       ON CONFLICT (unique_key) DO NOTHING RETURNING id, run_at)
     SELECT job.id FROM job LEFT JOIN LATERAL (SELECT pg_notify('${JOBS_CHANNEL}', '') WHERE job.run_at <= now()) n ON true`,
    [kind, JSON.stringify(payload), options.runAt ?? null, options.maxAttempts ?? 5, options.uniqueKey ?? null],
  );
  return rows[0]?.id;
}

/**
 * Claims up to `limit` due jobs of the given kinds for `owner`, leasing them until now + leaseMs, or now + the
 * kind's own entry in `leaseByKind` (kinds differ: a scan's lease decides how soon a dead worker's scan resumes).
 */
export async function claim(db: Queryable, owner: string, kinds: string[], limit: number, now: Date, leaseMs: number, leaseByKind: Record<string, number> = {}): Promise<Job[]> {
  return db.query<Job>(
    `UPDATE jobs SET lease_owner = $1, attempts = attempts + 1,
       lease_until = $4::timestamptz + make_interval(secs => COALESCE(($6::jsonb ->> kind)::float8, $5) / 1000.0)
     WHERE id IN (
       SELECT id FROM jobs
       WHERE status = 'ready' AND kind = ANY($2) AND run_at <= $4 AND (lease_until IS NULL OR lease_until < $4)
       ORDER BY run_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, payload, attempts, max_attempts, run_at`,
    [owner, kinds, limit, now, leaseMs, JSON.stringify(leaseByKind)],
  );
}

/** Heartbeat: the lease holder keeps its job for another leaseMs. False when the lease was lost meanwhile. */
export async function extendLease(db: Queryable, id: number, owner: string, now: Date, leaseMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET lease_until = $3::timestamptz + make_interval(secs => $4 / 1000.0)
     WHERE id = $1 AND lease_owner = $2 RETURNING id`,
    [id, owner, now, leaseMs],
  );
  return rows.length > 0;
}

/** Not now, and not a failure: release the job until `runAt` and give back the attempt its claim counted. */
export async function postpone(db: Queryable, id: number, owner: string, runAt: Date): Promise<void> {
  await db.query(
    `UPDATE jobs SET lease_owner = NULL, lease_until = NULL, attempts = GREATEST(attempts - 1, 0), run_at = $3
     WHERE id = $1 AND lease_owner = $2`,
    [id, owner, runAt],
  );
}

/** A postponed job due at once after all: only if nobody moved or claimed it since it was postponed to `runAt`. */
export async function resume(db: Queryable, id: number, runAt: Date): Promise<void> {
  await db.query(
    `WITH due AS (UPDATE jobs SET run_at = ${NOW_MS} WHERE id = $1 AND lease_owner IS NULL AND run_at = $2 RETURNING id)
     SELECT pg_notify('${JOBS_CHANNEL}', '') FROM due`,
    [id, runAt],
  );
}

/** Done: the job leaves the queue. Only the lease holder may finish it. */
export async function complete(db: Queryable, id: number, owner: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM jobs WHERE id = $1 AND lease_owner = $2 RETURNING id', [id, owner]);
  return rows.length > 0;
}

/** Failed: run again at `retryAt`, or mark it dead when out of attempts (or when retryAt is null). */
export async function fail(db: Queryable, id: number, owner: string, error: string, retryAt: Date | null): Promise<void> {
  await db.query(
    `UPDATE jobs SET lease_owner = NULL, lease_until = NULL, last_error = $3,
       status = CASE WHEN $4::timestamptz IS NULL OR attempts >= max_attempts THEN 'dead' ELSE 'ready' END,
       run_at = COALESCE($4::timestamptz, run_at)
     WHERE id = $1 AND lease_owner = $2`,
    [id, owner, error.slice(0, 500), retryAt],
  );
}

export interface QueueStats {
  ready: number;
  dead: number;
  oldest_ready_seconds: number | null;
}

export async function queueStats(db: Queryable, now: Date): Promise<QueueStats> {
  const rows = await db.query<QueueStats>(
    `SELECT count(*) FILTER (WHERE status = 'ready')::int AS ready, count(*) FILTER (WHERE status = 'dead')::int AS dead,
       EXTRACT(EPOCH FROM ($1::timestamptz - min(run_at) FILTER (WHERE status = 'ready')))::float8 AS oldest_ready_seconds
     FROM jobs`,
    [now],
  );
  return rows[0] ?? { ready: 0, dead: 0, oldest_ready_seconds: null };
}
