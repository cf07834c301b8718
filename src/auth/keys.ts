// API keys above storage: making a key (generated, hashed for lookup, its signing key encrypted), finding the
// owner of a presented key, and decrypting a key's webhook signing key. Storage (src/storage/api-keys.ts) only
// runs the statements.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyInfo, KeyOwner } from '../storage/api-keys.ts';
import { encryptedSigningKey, insertApiKeyWithinLimit, keyOwnerByHash } from '../storage/api-keys.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { displayPrefix, generateApiKey, lookupHash, signingKeyOf } from './api-key.ts';
import { decrypt, encrypt } from './secret.ts';
import type { ServerKeys } from './secret.ts';

export type CreateKeyResult = { ok: true; key: string; info: ApiKeyInfo } | { ok: false; reason: 'key_limit_reached' };

/** Creates a key unless the account already holds MAX_ACTIVE_KEYS active ones. */
export async function createApiKey(db: Db, keys: ServerKeys, accountId: number, now: Date): Promise<CreateKeyResult> {
  const key = generateApiKey();
  const id = `key_${randomBytes(8).toString('hex')}`;
  const prefix = displayPrefix(key);
  const inserted = await insertApiKeyWithinLimit(db, {
    id, accountId, lookupHash: lookupHash(keys.lookup, key), signingKeyEnc: encrypt(keys.encryption, signingKeyOf(key), id), prefix, createdAt: now,
  });
  if (!inserted) return { ok: false, reason: 'key_limit_reached' };
  return { ok: true, key, info: { id, account_id: accountId, prefix, created_at: now, last_used_at: null, revoked_at: null, request_count: 0, scans_this_month: 0 } };
}

/** What a cache holds a presented key's owner under: its lookup hash (lookupHash), never the key. */
export function keyCacheId(hash: Buffer): string {
  return `key:${hash.toString('base64')}`;
}

/** The key and its account for a presented (well-formed) key's lookup hash, or undefined. */
export async function findKeyOwner(db: Queryable, hash: Buffer): Promise<KeyOwner | undefined> {
  const row = await keyOwnerByHash(db, hash);
  // The index lookup already matched; comparing again in constant time keeps the final decision timing-safe.
  if (!row || !timingSafeEqual(Buffer.from(row.lookup_hash), hash)) return undefined;
  return { key_id: row.key_id, account_id: row.account_id, status: row.status, revoked: row.revoked };
}

/** The webhook HMAC key of an API key (the 32 raw bytes of SHA-256(key)), decrypted; undefined for an
 * unknown key id. Revoked keys still have one: their scans' webhooks keep being signed. */
export async function webhookSigningKey(db: Queryable, keys: ServerKeys, keyId: string): Promise<Buffer | undefined> {
  const enc = await encryptedSigningKey(db, keyId);
  return enc ? decrypt(keys.encryption, enc, keyId) : undefined;
}
