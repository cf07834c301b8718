// The `webhook` object of the scan detail (and of the manual retry's answer): the event's delivery summary and
// its ten most recent deliveries, newest first.
import { isoOffset } from './scan-view.ts';
import { eventOfScan, recentDeliveries } from '../storage/webhook-deliveries.ts';
import type { Queryable } from '../storage/db.ts';

const time = (d: Date | null) => (d === null ? null : isoOffset(d));

/** Before the scan finishes there is no event yet: no attempts, no deliveries. */
export async function webhookStatus(db: Queryable, scanId: string) {
  const event = await eventOfScan(db, scanId);
  const deliveries = event ? await recentDeliveries(db, event.id) : [];
  return {
    attempt_count: event?.attempt_count ?? 0,
    attempted_at: time(event?.attempted_at ?? null),
    delivered_at: time(event?.delivered_at ?? null),
    last_status_code: event?.last_status_code ?? null,
    last_error: event?.last_error ?? null,
    deliveries: deliveries.map((d) => ({
      id: d.id,
      kind: d.kind,
      status: d.status,
      attempted_at: time(d.attempted_at),
      status_code: d.status_code,
      error: d.error,
      next_attempt_at: time(d.next_attempt_at),
    })),
  };
}
