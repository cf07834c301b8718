// Partner domain scans (table `scans`): the SQL of their states queued → processing → completed | failed.
// The life cycle itself (which statements make one transition, in which transaction, with which webhook event)
// is src/lifecycle/scans.ts; this module only runs statements.
import { randomBytes } from 'node:crypto';
import type { Queryable } from './db.ts';
import { enqueue, JOBS_CHANNEL } from './jobs.ts';
import { monthStart, nextMonthStart } from './quota.ts';

export const SCAN_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

/** The job kind that runs a scan; its payload is `{scan_id}`. */
export const SCAN_DOMAIN_KIND = 'scan-domain';

export interface ScanRow {
  id: string;
  account_id: number;
  key_id: string;
  domain: string;
  webhook_url: string | null;
  status: ScanStatus;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  attempts: number;
  result: Record<string, unknown> | null;
  error_code: string | null;
  error_message: string | null;
}

export type ScanOutcome =
  | { status: 'completed'; result: Record<string, unknown> }
  | { status: 'failed'; code: string; message: string };

export const SCAN_ID = /^scan_[0-9a-f]{32}$/;

export function newScanId(): string {
  return `scan_${randomBytes(16).toString('hex')}`;
}

export function isFinished(status: ScanStatus): boolean {
  return status === 'completed' || status === 'failed';
}

export interface NewScan {
  id: string;
  accountId: number;
  keyId: string;
  domain: string;
  webhookUrl: string | null;
  createdAt: Date;
}

/** Inserts a queued scan and enqueues its job, in the caller's transaction. */
export async function insertScan(tx: Queryable, scan: NewScan, maxAttempts: number): Promise<ScanRow> {
  const rows = await tx.query<ScanRow>(
    `INSERT INTO scans (id, account_id, key_id, domain, webhook_url, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [scan.id, scan.accountId, scan.keyId, scan.domain, scan.webhookUrl, scan.createdAt],
  );
  await enqueue(tx, SCAN_DOMAIN_KIND, { scan_id: scan.id }, { maxAttempts, uniqueKey: `${SCAN_DOMAIN_KIND}:${scan.id}` });
  return rows[0]!;
}

export async function scanById(db: Queryable, id: string): Promise<ScanRow | undefined> {
  return (await db.query<ScanRow>('SELECT * FROM scans WHERE id = $1', [id]))[0];
}

/** A scan as its creator sees it: undefined for another key's scan, exactly as for an unknown id. */
export async function scanOfKey(db: Queryable, keyId: string, id: string): Promise<ScanRow | undefined> {
  return (await db.query<ScanRow>('SELECT * FROM scans WHERE id = $1 AND key_id = $2', [id, keyId]))[0];
}

export interface ListOptions {
  limit: number;
  status?: ScanStatus;
  /** Keyset position: list scans strictly older than this one (newest first, ties broken by id). */
  after?: { createdAt: Date; id: string };
}

/** What a listing shows of a scan (results stay on the detail). */
export type ScanSummary = Pick<ScanRow, 'id' | 'status' | 'domain' | 'created_at' | 'started_at' | 'finished_at' | 'error_code' | 'error_message'>;

/** One key's scans, newest first. Returns up to `limit` rows. */
export async function listScans(db: Queryable, keyId: string, options: ListOptions): Promise<ScanSummary[]> {
  return db.query<ScanSummary>(
    `SELECT id, status, domain, created_at, started_at, finished_at, error_code, error_message FROM scans
     WHERE key_id = $1 AND ($2::text IS NULL OR status = $2)
       AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::text))
     ORDER BY created_at DESC, id DESC LIMIT $5`,
    [keyId, options.status ?? null, options.after?.createdAt ?? null, options.after?.id ?? null, options.limit],
  );
}

/** An account's scans per UTC day (YYYY-MM-DD) of the calendar month of `now`, across all its keys; days without scans are absent. */
export async function scansPerDayOfAccount(db: Queryable, accountId: number, now: Date): Promise<Map<string, number>> {
  const rows = await db.query<{ day: string; n: number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n FROM scans
     WHERE account_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY 1`,
    [accountId, monthStart(now), nextMonthStart(now)],
  );
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/** What the developer area's history shows of a scan: its score and grade taken out of the result. */
export type AccountScanLine = Pick<ScanRow, 'id' | 'domain' | 'status' | 'created_at' | 'error_code'> & { score: number | null; grade: string | null };

/** An account's latest scans across all its keys, newest first. Returns up to `limit` rows. */
export async function recentScansOfAccount(db: Queryable, accountId: number, limit: number): Promise<AccountScanLine[]> {
  return db.query<AccountScanLine>(
    `SELECT id, domain, status, created_at, (result->>'score')::int AS score, result->>'grade' AS grade, error_code FROM scans
     WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [accountId, limit],
  );
}

/** The worker took the scan's job (again): processing. A finished scan is left alone (returns false). */
export async function markProcessing(db: Queryable, id: string, attempts: number, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE scans SET status = 'processing', started_at = COALESCE(started_at, $3), attempts = $2
     WHERE id = $1 AND status IN ('queued', 'processing') RETURNING id`,
    [id, attempts, now],
  );
  return rows.length > 0;
}

/**
 * The final state and the domain lock's release, in the caller's transaction. Returns the finished scan only
 * when this statement made the transition (a second finish, e.g. by a worker that outlived its lease, gets
 * undefined and must not act on it).
 */
export async function markFinished(tx: Queryable, id: string, outcome: ScanOutcome, now: Date): Promise<ScanRow | undefined> {
  const rows = await tx.query<ScanRow>(
    `UPDATE scans SET status = $2, finished_at = $3, result = $4, error_code = $5, error_message = $6
     WHERE id = $1 AND status IN ('queued', 'processing') RETURNING *`,
    outcome.status === 'completed'
      ? [id, outcome.status, now, JSON.stringify(outcome.result), null, null]
      : [id, outcome.status, now, null, outcome.code, outcome.message],
  );
  await releaseDomain(tx, id, now);
  return rows[0];
}

/**
 * Whether a scan's domain is free of another scan's lock now. Waits for a transaction that is deleting the lock
 * row (`FOR SHARE`), so a release in progress counts as free: with `releaseDomain`'s wake-up, a scan found busy
 * is never left waiting for its retry time after its domain was freed.
 */
export async function domainFree(db: Queryable, domain: string, scanId: string): Promise<boolean> {
  const rows = await db.query('SELECT scan_id FROM scan_domain_locks WHERE domain = $1 AND scan_id <> $2 FOR SHARE', [domain, scanId]);
  return rows.length === 0;
}

/**
 * Releases the domain lock a scan holds and makes the scans of that domain that were postponed because it was
 * busy due now, announced at commit (`JOBS_CHANNEL`): a waiting scan starts as soon as its domain frees instead
 * of at its 2–3 s retry. Woken are only jobs that are released (no lease), due later, and have never failed
 * (`last_error IS NULL`): a failed scan's back-off is for infrastructure faults and stays as it was. A waiter
 * postponed too late to be seen here finds its domain free when it checks after postponing (`domainFree`). The
 * jobs looked at are only the ready ones due later (the `jobs_ready_idx` range after now), joined to their
 * scan by primary key.
 */
export async function releaseDomain(tx: Queryable, scanId: string, now: Date): Promise<void> {
  const released = await tx.query<{ domain: string }>('DELETE FROM scan_domain_locks WHERE scan_id = $1 RETURNING domain', [scanId]);
  if (released.length === 0) return;
  await tx.query(
    `WITH woken AS (
       UPDATE jobs SET run_at = $2
       FROM scans
       WHERE jobs.status = 'ready' AND jobs.kind = $3 AND jobs.run_at > $2 AND jobs.lease_owner IS NULL
         AND jobs.last_error IS NULL AND scans.id = jobs.payload ->> 'scan_id' AND scans.domain = $1
         AND scans.status IN ('queued', 'processing')
       RETURNING jobs.id)
     SELECT pg_notify('${JOBS_CHANNEL}', '') FROM (SELECT 1 FROM woken LIMIT 1) AS any_woken`,
    [released[0]!.domain, now, SCAN_DOMAIN_KIND],
  );
}

/**
 * Takes the domain's lock for a scan's job, so one domain is scanned by one worker at a time. The lock is free
 * when nobody holds it, when this scan already holds it (its job was claimed again after its worker died), or
 * when its holder's job no longer has a live lease. One statement: concurrent takers queue on the row.
 */
export async function lockDomain(db: Queryable, domain: string, scanId: string, jobId: number, now: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO scan_domain_locks (domain, scan_id, job_id) VALUES ($1, $2, $3)
     ON CONFLICT (domain) DO UPDATE SET scan_id = EXCLUDED.scan_id, job_id = EXCLUDED.job_id
     WHERE scan_domain_locks.scan_id = EXCLUDED.scan_id
        OR NOT EXISTS (SELECT 1 FROM jobs WHERE jobs.id = scan_domain_locks.job_id AND jobs.lease_until >= $4)
     RETURNING scan_id`,
    [domain, scanId, jobId, now],
  );
  return rows.length > 0;
}
