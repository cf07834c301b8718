// The life cycle of a partner scan, above storage: create, start and finish, each one transaction (or one
// statement) whose parts succeed or fail together. The HTTP routes and the worker call these; storage only runs
// the statements. queued → processing → completed | failed.
import type { Db } from '../storage/db.ts';
import { consumeQuota } from '../storage/quota.ts';
import type { QuotaState } from '../storage/quota.ts';
import { claimIdempotencyKey, requestFingerprint } from '../storage/scan-idempotency.ts';
import { insertScan, lockDomain, markFinished, markProcessing, newScanId, scanOfKey } from '../storage/scans.ts';
import type { ScanOutcome, ScanRow } from '../storage/scans.ts';
import { planWebhookEvent } from '../storage/webhook-deliveries.ts';
import { scanEvent } from './scan-event.ts';

export interface ScanRequest {
  accountId: number;
  keyId: string;
  /** Normalised (src/scan/normalize.ts). */
  domain: string;
  /** Validated (src/net/hostname.ts), or null. */
  webhookUrl: string | null;
  idempotencyKey?: string;
}

export type Creation =
  | { kind: 'created'; scan: ScanRow; quota: QuotaState }
  | { kind: 'replayed'; scan: ScanRow }
  | { kind: 'idempotency-conflict' }
  | { kind: 'quota-exceeded'; quota: QuotaState };

/** Rolls the creating transaction back (the idempotency claim with it) and carries the answer out of it. */
class Refusal extends Error {
  readonly creation: Creation;
  constructor(creation: Creation) {
    super(creation.kind);
    this.creation = creation;
  }
}

/**
 * Creates a scan: claims the idempotency key, consumes one unit of quota, inserts the scan and enqueues its job,
 * all in one transaction (all or none). A replayed key answers the earlier scan and consumes nothing.
 */
export async function createScan(db: Db, request: ScanRequest, now: Date, maxAttempts: number): Promise<Creation> {
  const id = newScanId();
  try {
    return await db.transaction(async (tx): Promise<Creation> => {
      if (request.idempotencyKey !== undefined) {
        const fingerprint = requestFingerprint(request.domain, request.webhookUrl);
        const claim = await claimIdempotencyKey(tx, request.keyId, request.idempotencyKey, fingerprint, id, now);
        if (claim.kind === 'conflict') throw new Refusal({ kind: 'idempotency-conflict' });
        if (claim.kind === 'replay') return { kind: 'replayed', scan: (await scanOfKey(tx, request.keyId, claim.scanId))! };
      }
      const quota = await consumeQuota(tx, request.accountId, now, request.keyId);
      if (!quota.ok) throw new Refusal({ kind: 'quota-exceeded', quota });
      const scan = await insertScan(tx, { id, accountId: request.accountId, keyId: request.keyId, domain: request.domain, webhookUrl: request.webhookUrl, createdAt: now }, maxAttempts);
      return { kind: 'created', scan, quota };
    });
  } catch (err) {
    if (err instanceof Refusal) return err.creation;
    throw err;
  }
}

/** Rolls the starting transaction back (the domain lock with it) when the scan is no longer startable. */
class NotStartable extends Error {}

/**
 * Starts (or restarts) a scan for a claimed job, in one transaction: takes the domain's lock (one running scan per
 * domain across all workers), then marks the scan processing. 'busy' when another scan of the domain holds the
 * lock; 'finished' when the scan is no longer queued or processing (an earlier claim finished it after this worker
 * read it, or it is gone): the lock is not kept and nothing is to be run.
 */
export async function startScan(db: Db, scan: Pick<ScanRow, 'id' | 'domain'>, job: { id: number; attempts: number }, now: Date): Promise<'started' | 'busy' | 'finished'> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockDomain(tx, scan.domain, scan.id, job.id, now))) return 'busy';
      if (!(await markProcessing(tx, scan.id, job.attempts, now))) throw new NotStartable();
      return 'started';
    });
  } catch (err) {
    if (err instanceof NotStartable) return 'finished';
    throw err;
  }
}

/**
 * The one transition to a final state, exactly once, in one transaction: the state, the domain lock's release,
 * and for a scan with a `webhook_url` its `scan.completed` / `scan.failed` event with its first delivery job. No
 * finished scan can miss its event, and none gets two. Returns the scan only to the caller that finished it.
 */
export async function finishScan(db: Db, id: string, outcome: ScanOutcome, now: Date): Promise<ScanRow | undefined> {
  return db.transaction(async (tx) => {
    const scan = await markFinished(tx, id, outcome, now);
    if (scan?.webhook_url) await planWebhookEvent(tx, scanEvent(scan, scan.webhook_url, now));
    return scan;
  });
}
