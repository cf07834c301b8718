// API keys (table `api_keys`). What rests: an HMAC lookup hash (authentication), the key's SHA-256 digest
// encrypted with AES-256-GCM (the webhook signing key), and a short display prefix. Never the key. The hashing,
// encryption and key generation live above, in src/auth/keys.ts; this module only runs statements.
import type { AccountStatus } from './accounts.ts';
import type { Db, Queryable } from './db.ts';
import { periodOf } from './quota.ts';

export const MAX_ACTIVE_KEYS = 5;

export interface ApiKeyInfo {
  id: string;
  account_id: number;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  request_count: number;
  /** Scans created with this key in the current calendar month. */
  scans_this_month: number;
}

export interface NewApiKey {
  id: string;
  accountId: number;
  lookupHash: Buffer;
  signingKeyEnc: Buffer;
  prefix: string;
  createdAt: Date;
}

/** Inserts a key unless the account already holds MAX_ACTIVE_KEYS active ones (false then). The account row is
 * locked for the count, so two concurrent creations cannot both take the fifth slot. */
export async function insertApiKeyWithinLimit(db: Db, key: NewApiKey): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [key.accountId]);
    const active = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL', [key.accountId]);
    if ((active[0]?.n ?? 0) >= MAX_ACTIVE_KEYS) return false;
    await tx.query(
      `INSERT INTO api_keys (id, account_id, lookup_hash, signing_key_enc, prefix, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [key.id, key.accountId, key.lookupHash, key.signingKeyEnc, key.prefix, key.createdAt],
    );
    return true;
  });
}

export interface KeyOwner {
  key_id: string;
  account_id: number;
  status: AccountStatus;
  revoked: boolean;
}

/** The key and its account for a lookup hash, with the stored hash (the caller compares it in constant time). */
export async function keyOwnerByHash(db: Queryable, hash: Buffer): Promise<(KeyOwner & { lookup_hash: Uint8Array }) | undefined> {
  const rows = await db.query<KeyOwner & { lookup_hash: Uint8Array }>(
    `SELECT k.id AS key_id, k.account_id, a.status, k.revoked_at IS NOT NULL AS revoked, k.lookup_hash
     FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.lookup_hash = $1`,
    [hash],
  );
  return rows[0];
}

export async function recordKeyUse(db: Queryable, keyId: string, now: Date): Promise<void> {
  await db.query('UPDATE api_keys SET last_used_at = $2, request_count = request_count + 1 WHERE id = $1', [keyId, now]);
}

/** An account's keys, newest first, revoked ones included (with revoked_at). */
export async function listApiKeys(db: Queryable, accountId: number, now: Date): Promise<ApiKeyInfo[]> {
  return db.query<ApiKeyInfo>(
    `SELECT k.id, k.account_id, k.prefix, k.created_at, k.last_used_at, k.revoked_at, k.request_count, COALESCE(u.scans, 0) AS scans_this_month
     FROM api_keys k LEFT JOIN key_usage u ON u.key_id = k.id AND u.period = $2
     WHERE k.account_id = $1 ORDER BY k.created_at DESC, k.id`,
    [accountId, periodOf(now)],
  );
}

export async function keyById(db: Queryable, id: string): Promise<{ id: string; account_id: number; revoked_at: Date | null } | undefined> {
  return (await db.query<{ id: string; account_id: number; revoked_at: Date | null }>('SELECT id, account_id, revoked_at FROM api_keys WHERE id = $1', [id]))[0];
}

/** Revokes a key (idempotent: the first revocation time stays). `accountId` restricts it to its owner. */
export async function revokeApiKey(db: Queryable, id: string, now: Date, accountId?: number): Promise<{ id: string; revoked_at: Date } | undefined> {
  return (await db.query<{ id: string; revoked_at: Date }>(
    `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 AND ($3::bigint IS NULL OR account_id = $3) RETURNING id, revoked_at`,
    [id, now, accountId ?? null],
  ))[0];
}

/** The encrypted webhook signing key of an API key; undefined for an unknown key id. */
export async function encryptedSigningKey(db: Queryable, keyId: string): Promise<Buffer | undefined> {
  const rows = await db.query<{ signing_key_enc: Uint8Array }>('SELECT signing_key_enc FROM api_keys WHERE id = $1', [keyId]);
  const row = rows[0];
  return row ? Buffer.from(row.signing_key_enc) : undefined;
}
