// Gauges read from the database at scrape time, so every process reports the same, shared truth.
import type { Queryable } from './db.ts';

export interface QueueGauge {
  kind: string;
  status: string;
  jobs: number;
  oldest_seconds: number | null;
}

export async function queueGauges(db: Queryable, now: Date): Promise<QueueGauge[]> {
  return db.query<QueueGauge>(
    `SELECT kind, status, count(*)::int AS jobs, EXTRACT(EPOCH FROM ($1::timestamptz - min(run_at)))::float8 AS oldest_seconds
     FROM jobs GROUP BY kind, status`,
    [now],
  );
}

export async function scanGauges(db: Queryable): Promise<{ status: string; error_code: string | null; scans: number }[]> {
  return db.query(`SELECT status, error_code, count(*)::int AS scans FROM scans GROUP BY status, error_code`);
}
