// Monthly scan quotas (table `quota_usage`), shared by all keys of an account, per calendar month in UTC.
// Only the effective creation of a scan consumes: the scans route calls `consumeQuota` inside the transaction
// that inserts the scan, so a rolled-back creation gives its unit back.
import { quotaOf } from './accounts.ts';
import type { Account } from './accounts.ts';
import type { Queryable } from './db.ts';

export interface QuotaState {
  /** False when the quota was already used up (nothing consumed). Always true for `peekQuota`. */
  ok: boolean;
  limit: number;
  used: number;
  remaining: number;
  /** Start of the next calendar month, UTC: when `used` returns to zero. */
  reset: Date;
  /** First day of the current month (UTC), as YYYY-MM-DD. */
  period: string;
}

export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export function periodOf(now: Date): string {
  return monthStart(now).toISOString().slice(0, 10);
}

function state(ok: boolean, limit: number, used: number, now: Date): QuotaState {
  return { ok, limit, used, remaining: Math.max(0, limit - used), reset: nextMonthStart(now), period: periodOf(now) };
}

async function limitOf(db: Queryable, accountId: number): Promise<number> {
  const account = (await db.query<Pick<Account, 'plan' | 'custom_quota'>>('SELECT plan, custom_quota FROM accounts WHERE id = $1', [accountId]))[0];
  if (!account) throw new Error(`no account ${accountId}`);
  return quotaOf(account);
}

/**
 * Consumes one unit of this month's quota, atomically: call it inside the transaction that creates the scan.
 * The conditional UPDATE takes the row lock, and PostgreSQL re-checks `used < limit` on the latest row version
 * after waiting for a concurrent consumer, so N parallel creations with R units left succeed exactly R times.
 * `keyId` attributes the scan to a key for the per-key listing.
 */
export async function consumeQuota(tx: Queryable, accountId: number, now: Date, keyId?: string): Promise<QuotaState> {
  const limit = await limitOf(tx, accountId);
  const period = periodOf(now);
  await tx.query('INSERT INTO quota_usage (account_id, period, used) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING', [accountId, period]);
  const rows = await tx.query<{ used: number }>(
    'UPDATE quota_usage SET used = used + 1 WHERE account_id = $1 AND period = $2 AND used < $3 RETURNING used',
    [accountId, period, limit],
  );
  const consumed = rows[0];
  if (!consumed) {
    const current = await tx.query<{ used: number }>('SELECT used FROM quota_usage WHERE account_id = $1 AND period = $2', [accountId, period]);
    return state(false, limit, current[0]?.used ?? 0, now);
  }
  if (keyId !== undefined) {
    await tx.query(
      `INSERT INTO key_usage (key_id, period, scans) VALUES ($1, $2, 1)
       ON CONFLICT (key_id, period) DO UPDATE SET scans = key_usage.scans + 1`,
      [keyId, period],
    );
  }
  return state(true, limit, consumed.used, now);
}

/** This month's quota without consuming (reads, listings, the usage endpoint). */
export async function peekQuota(db: Queryable, accountId: number, now: Date): Promise<QuotaState> {
  const limit = await limitOf(db, accountId);
  const rows = await db.query<{ used: number }>('SELECT used FROM quota_usage WHERE account_id = $1 AND period = $2', [accountId, periodOf(now)]);
  return state(true, limit, rows[0]?.used ?? 0, now);
}

/** Used this month by every account, for the operator listing. */
export async function usageThisMonth(db: Queryable, now: Date): Promise<Map<number, number>> {
  const rows = await db.query<{ account_id: number; used: number }>('SELECT account_id, used FROM quota_usage WHERE period = $1', [periodOf(now)]);
  return new Map(rows.map((r) => [r.account_id, r.used]));
}
