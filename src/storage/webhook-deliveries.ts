// Webhook events and their deliveries (tables `webhook_events`, `webhook_deliveries`). An event is planned with
// its first automatic delivery and that delivery's job in the transaction that finishes the scan; each later
// automatic retry is a new pending row with its own job, inserted in the transaction that records the failed
// attempt before it. Manual deliveries are recorded once attempted. No network I/O here.
import { randomBytes } from 'node:crypto';
import type { Queryable } from './db.ts';
import { enqueue } from './jobs.ts';

/** The job kind that sends one automatic delivery; its payload is `{delivery_id}`. */
export const DELIVER_WEBHOOK_KIND = 'deliver-webhook';
/** Delivery rows kept per event (the scan detail lists them); older finished rows are deleted. */
const KEPT_DELIVERIES = 10;
/** Claims of a delivery job before its attempt is recorded as interrupted (workers dying mid-attempt). */
const DELIVERY_JOB_ATTEMPTS = 3;

export type WebhookEventType = 'scan.completed' | 'scan.failed';
export type DeliveryKind = 'automatic' | 'manual';
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookEventRow {
  id: string;
  scan_id: string;
  /** The API key that created the scan: its SHA-256 signs the deliveries. */
  key_id: string;
  type: WebhookEventType;
  url: string;
  body: Uint8Array;
  created_at: Date;
  attempt_count: number;
  attempted_at: Date | null;
  delivered_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  kind: DeliveryKind;
  attempt_number: number | null;
  status: DeliveryStatus;
  attempted_at: Date | null;
  status_code: number | null;
  error: string | null;
  next_attempt_at: Date | null;
}

/** What one attempt came to: success is a 2xx answer; `error` says why not otherwise. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

export function newEventId(): string {
  return `evt_${randomBytes(16).toString('hex')}`;
}

const newDeliveryId = () => `dlv_${randomBytes(12).toString('hex')}`;

async function schedule(tx: Queryable, eventId: string, attemptNumber: number, runAt: Date): Promise<void> {
  const id = newDeliveryId();
  await tx.query(
    `INSERT INTO webhook_deliveries (id, event_id, kind, attempt_number, status, next_attempt_at) VALUES ($1, $2, 'automatic', $3, 'pending', $4)`,
    [id, eventId, attemptNumber, runAt],
  );
  await enqueue(tx, DELIVER_WEBHOOK_KIND, { delivery_id: id }, { runAt, maxAttempts: DELIVERY_JOB_ATTEMPTS, uniqueKey: `${DELIVER_WEBHOOK_KIND}:${id}` });
}

export interface NewEvent {
  id: string;
  scanId: string;
  type: WebhookEventType;
  url: string;
  body: Buffer;
  createdAt: Date;
}

/** Stores the event and plans its first automatic delivery for `createdAt` (at once). Call it in the
 * transaction that finished the scan. */
export async function planWebhookEvent(tx: Queryable, event: NewEvent): Promise<void> {
  await tx.query(
    'INSERT INTO webhook_events (id, scan_id, type, url, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [event.id, event.scanId, event.type, event.url, event.body, event.createdAt],
  );
  await schedule(tx, event.id, 1, event.createdAt);
}

const EVENT_COLUMNS = 'SELECT e.*, s.key_id FROM webhook_events e JOIN scans s ON s.id = e.scan_id';

export async function eventOfScan(db: Queryable, scanId: string): Promise<WebhookEventRow | undefined> {
  return (await db.query<WebhookEventRow>(`${EVENT_COLUMNS} WHERE e.scan_id = $1`, [scanId]))[0];
}

/** A pending delivery with its event, or undefined when it was attempted (or dropped) meanwhile. */
export async function pendingDelivery(db: Queryable, deliveryId: string): Promise<{ delivery: DeliveryRow; event: WebhookEventRow } | undefined> {
  const delivery = (await db.query<DeliveryRow>("SELECT * FROM webhook_deliveries WHERE id = $1 AND status = 'pending'", [deliveryId]))[0];
  if (!delivery) return undefined;
  const event = (await db.query<WebhookEventRow>(`${EVENT_COLUMNS} WHERE e.id = $1`, [delivery.event_id]))[0];
  return event ? { delivery, event } : undefined;
}

/** The event's most recent deliveries, newest first. */
export async function recentDeliveries(db: Queryable, eventId: string): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    'SELECT * FROM webhook_deliveries WHERE event_id = $1 ORDER BY seq DESC LIMIT $2',
    [eventId, KEPT_DELIVERIES],
  );
}

/** Updates the event's summary with an attempt made at `at`. The latest attempt wins, whatever order
 * concurrent attempts (a manual retry during an automatic one) are recorded in. */
async function summarise(tx: Queryable, eventId: string, outcome: AttemptOutcome, at: Date): Promise<void> {
  await tx.query(
    `UPDATE webhook_events SET attempt_count = attempt_count + 1,
       attempted_at = GREATEST(attempted_at, $2),
       last_status_code = CASE WHEN attempted_at IS NULL OR $2 >= attempted_at THEN $3 ELSE last_status_code END,
       last_error = CASE WHEN attempted_at IS NULL OR $2 >= attempted_at THEN $4 ELSE last_error END,
       delivered_at = CASE WHEN $5 THEN GREATEST(delivered_at, $2) ELSE delivered_at END
     WHERE id = $1`,
    [eventId, at, outcome.statusCode, outcome.error, outcome.ok],
  );
  await tx.query(
    `DELETE FROM webhook_deliveries WHERE event_id = $1 AND status <> 'pending'
       AND seq NOT IN (SELECT seq FROM webhook_deliveries WHERE event_id = $1 ORDER BY seq DESC LIMIT $2)`,
    [eventId, KEPT_DELIVERIES],
  );
}

/**
 * Records the outcome of a pending automatic delivery, once (a late duplicate finds it no longer pending and
 * changes nothing: returns false), and plans the retry that follows a failure at `retryAt` (null: none left).
 */
export async function recordAutomaticAttempt(tx: Queryable, delivery: DeliveryRow, outcome: AttemptOutcome, at: Date, retryAt: Date | null): Promise<boolean> {
  const next = outcome.ok ? null : retryAt;
  const rows = await tx.query(
    `UPDATE webhook_deliveries SET status = $2, attempted_at = $3, status_code = $4, error = $5, next_attempt_at = $6
     WHERE id = $1 AND status = 'pending' RETURNING id`,
    [delivery.id, outcome.ok ? 'succeeded' : 'failed', at, outcome.statusCode, outcome.error, next],
  );
  if (rows.length === 0) return false;
  if (next) await schedule(tx, delivery.event_id, (delivery.attempt_number ?? 0) + 1, next);
  await summarise(tx, delivery.event_id, outcome, at);
  return true;
}

/**
 * Records a manual delivery (attempted before this call). A success also ends the automatic schedule: the
 * receiver has the event, so a pending retry (row and job) is dropped rather than sent again.
 */
export async function recordManualAttempt(tx: Queryable, eventId: string, outcome: AttemptOutcome, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_deliveries (id, event_id, kind, status, attempted_at, status_code, error) VALUES ($1, $2, 'manual', $3, $4, $5, $6)`,
    [newDeliveryId(), eventId, outcome.ok ? 'succeeded' : 'failed', at, outcome.statusCode, outcome.error],
  );
  if (outcome.ok) {
    const dropped = await tx.query<{ id: string }>(`DELETE FROM webhook_deliveries WHERE event_id = $1 AND status = 'pending' RETURNING id`, [eventId]);
    if (dropped.length > 0) {
      await tx.query('DELETE FROM jobs WHERE unique_key = ANY($1)', [dropped.map((d) => `${DELIVER_WEBHOOK_KIND}:${d.id}`)]);
      // The failed attempt that planned the dropped retry no longer points at it.
      await tx.query("UPDATE webhook_deliveries SET next_attempt_at = NULL WHERE event_id = $1 AND status = 'failed'", [eventId]);
    }
  }
  await summarise(tx, eventId, outcome, at);
}
