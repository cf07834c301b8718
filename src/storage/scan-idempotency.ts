// Idempotency keys of scan creations (table `scan_idempotency_keys`), scoped to the API key. The claim is the
// first statement of the creating transaction: an INSERT … ON CONFLICT DO NOTHING on the primary key, so of
// concurrent requests with one key exactly one inserts; the others wait for its transaction and then read
// its row (or insert themselves if it rolled back, e.g. on quota_exceeded). Rows are purged after 24 hours.
import { createHash } from 'node:crypto';
import type { Queryable } from './db.ts';

/** How long a key is honoured at least (the hourly purge deletes older ones). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;

export type IdempotencyClaim = { kind: 'new' } | { kind: 'replay'; scanId: string } | { kind: 'conflict' };

/** What "the same request" means: the normalised domain and webhook URL, not their spelling. */
export function requestFingerprint(domain: string, webhookUrl: string | null): Buffer {
  return createHash('sha256').update(JSON.stringify([domain, webhookUrl])).digest();
}

/** Records `key` for `scanId` (to be inserted in the same transaction), or reports the earlier use of the key. */
export async function claimIdempotencyKey(tx: Queryable, keyId: string, key: string, fingerprint: Buffer, scanId: string, now: Date): Promise<IdempotencyClaim> {
  // Twice at most: the earlier row can vanish between the two statements (purged, or its scan deleted).
  for (let round = 0; round < 2; round++) {
    const inserted = await tx.query(
      `INSERT INTO scan_idempotency_keys (key_id, idempotency_key, fingerprint, scan_id, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (key_id, idempotency_key) DO NOTHING RETURNING scan_id`,
      [keyId, key, fingerprint, scanId, now],
    );
    if (inserted.length > 0) return { kind: 'new' };
    const rows = await tx.query<{ fingerprint: Uint8Array; scan_id: string }>(
      'SELECT fingerprint, scan_id FROM scan_idempotency_keys WHERE key_id = $1 AND idempotency_key = $2',
      [keyId, key],
    );
    const earlier = rows[0];
    if (earlier) return Buffer.from(earlier.fingerprint).equals(fingerprint) ? { kind: 'replay', scanId: earlier.scan_id } : { kind: 'conflict' };
  }
  throw new Error('idempotency key row kept changing');
}

export async function purgeIdempotencyKeys(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query('DELETE FROM scan_idempotency_keys WHERE created_at < $1 RETURNING key_id', [before]);
  return rows.length;
}
