// The retention job: runs hourly and deletes what must not outlive its retention period (technical security
// logs: at most 14 days; scan idempotency keys: 24 hours). Each run schedules the next, keyed by its hour, so any number of workers keep
// exactly one pending purge.
import type { Queryable } from '../../storage/db.ts';
import { enqueue } from '../../storage/jobs.ts';
import { IDEMPOTENCY_RETENTION_MS, purgeIdempotencyKeys } from '../../storage/scan-idempotency.ts';
import { purgeSecurityLog } from '../../storage/security-log.ts';
import type { Task } from '../runner.ts';

export const PURGE_KIND = 'purge';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function schedulePurge(db: Queryable, now: Date): Promise<void> {
  const next = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);
  await enqueue(db, PURGE_KIND, {}, { runAt: next, uniqueKey: `${PURGE_KIND}:${next.toISOString()}`, maxAttempts: 3 });
}

export function purgeTask(retentionDays: number): Task {
  return {
    kind: PURGE_KIND,
    leaseMs: 5 * 60_000,
    async run(_job, ctx) {
      const now = ctx.clock();
      const removed = await purgeSecurityLog(ctx.db, new Date(now.getTime() - retentionDays * DAY));
      if (removed > 0) ctx.log.info({ removed }, 'security log entries purged');
      const keys = await purgeIdempotencyKeys(ctx.db, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS));
      if (keys > 0) ctx.log.info({ removed: keys }, 'scan idempotency keys purged');
      await schedulePurge(ctx.db, now);
    },
  };
}
