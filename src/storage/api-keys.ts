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
    // Every partner request runs it (on PostgreSQL, uncached): prepared once per connection.
    { name: 'key_owner_by_hash' },
  );
  return rows[0];
}

/** Uses of keys not written yet, per store: a key's use is counted on every authenticated request, and one
 * UPDATE per request (a row lock on one hot row, a commit) cost more than the read it served. They are written
 * together every KEY_USE_FLUSH_MS. Reads in this process see every use at once: a snapshot of the stored keys
 * says which flushes it includes (flushes and snapshots take turns), and `withPendingUses` adds the uses it does
 * not: those not taken yet, those a flush is writing and those taken by a later flush. Another process sees them
 * after the next flush. */
interface PendingUse {
  count: number;
  last: Date;
}
interface KeyUses {
  pending: Map<string, PendingUse>;
  /** Recent flushes, oldest first (kept a while: a snapshot taken before one still needs its uses added). */
  flushed: { seq: number; uses: Map<string, PendingUse> }[];
  /** The sequence number of the last flush that completed. */
  done: number;
  /** The uses a flush has taken and is writing: in no snapshot yet, nor in `flushed` or `pending`, until it ends. */
  writing: Map<string, PendingUse> | undefined;
  seq: number;
  timer: NodeJS.Timeout | undefined;
  /** Flushes and snapshots run one at a time. */
  turn: Promise<unknown>;
}
const keyUses = new WeakMap<Queryable, KeyUses>();
export const KEY_USE_FLUSH_MS = 100;
const KEPT_FLUSHES = 50;

function usesOf(db: Queryable): KeyUses {
  let u = keyUses.get(db);
  if (!u) keyUses.set(db, (u = { pending: new Map(), flushed: [], done: 0, writing: undefined, seq: 0, timer: undefined, turn: Promise.resolve() }));
  return u;
}

function inTurn<T>(u: KeyUses, fn: () => Promise<T>): Promise<T> {
  const run = u.turn.then(fn, fn);
  u.turn = run.catch(() => undefined);
  return run;
}

function scheduleFlush(db: Queryable, u: KeyUses): void {
  u.timer ??= setTimeout(() => void flushKeyUses(db).catch(() => undefined), KEY_USE_FLUSH_MS).unref();
}

/** Adds `use` (the later one, in the order uses happened) to `into`. */
function add(into: Map<string, PendingUse>, id: string, use: PendingUse): void {
  const had = into.get(id);
  if (!had) into.set(id, { ...use });
  else {
    had.count += use.count;
    had.last = use.last;
  }
}

/** Counts one authenticated request of `keyId` at `now` (written within KEY_USE_FLUSH_MS). */
export function recordKeyUse(db: Queryable, keyId: string, now: Date): void {
  const u = usesOf(db);
  const use = u.pending.get(keyId);
  if (use) {
    use.count++;
    use.last = now;
  } else {
    u.pending.set(keyId, { count: 1, last: now });
  }
  scheduleFlush(db, u);
}

/** Writes the pending uses in one statement (the app flushes when it closes). On failure they stay pending for
 * the next flush, and the error is thrown. */
export async function flushKeyUses(db: Queryable): Promise<void> {
  const u = usesOf(db);
  clearTimeout(u.timer);
  u.timer = undefined;
  await inTurn(u, async () => {
    if (u.pending.size === 0) return;
    const uses = u.pending;
    u.pending = new Map();
    u.writing = uses;
    const ids = [...uses.keys()];
    const list = [...uses.values()];
    try {
      await db.query(
        `UPDATE api_keys k SET last_used_at = u.last, request_count = k.request_count + u.n
         FROM unnest($1::text[], $2::int[], $3::timestamptz[]) AS u (id, n, last) WHERE k.id = u.id`,
        [ids, list.map((x) => x.count), list.map((x) => x.last.toISOString())],
      );
    } catch (err) {
      // Back in front of the uses made meanwhile.
      u.writing = undefined;
      const newer = u.pending;
      u.pending = uses;
      for (const [id, use] of newer) add(u.pending, id, use);
      scheduleFlush(db, u);
      throw err;
    }
    u.writing = undefined;
    u.flushed.push({ seq: ++u.seq, uses });
    u.done = u.seq;
    if (u.flushed.length > KEPT_FLUSHES) u.flushed.shift();
  });
}

/** Keys as stored, and which flushes of this process they include. */
export interface StoredKeys {
  keys: ApiKeyInfo[];
  flushesIncluded: number;
}

/** An account's keys as stored (add `withPendingUses`), newest first, revoked ones included. */
export async function storedApiKeys(db: Queryable, accountId: number, now: Date): Promise<StoredKeys> {
  const u = usesOf(db);
  return inTurn(u, async () => ({
    flushesIncluded: u.done,
    keys: await db.query<ApiKeyInfo>(
      `SELECT k.id, k.account_id, k.prefix, k.created_at, k.last_used_at, k.revoked_at, k.request_count, COALESCE(u.scans, 0) AS scans_this_month
       FROM api_keys k LEFT JOIN key_usage u ON u.key_id = k.id AND u.period = $2
       WHERE k.account_id = $1 ORDER BY k.created_at DESC, k.id`,
      [accountId, periodOf(now)],
    ),
  }));
}

/** Stored keys with this process's uses that the snapshot does not include. */
export function withPendingUses(db: Queryable, stored: StoredKeys): ApiKeyInfo[] {
  const u = usesOf(db);
  const missing = new Map<string, PendingUse>();
  for (const f of u.flushed) if (f.seq > stored.flushesIncluded) for (const [id, use] of f.uses) add(missing, id, use);
  // A flush being written is in no snapshot (snapshots and flushes take turns): its uses count too (a request's own
  // use was missing from its answer when the timer's flush took it while the route read a cached snapshot).
  if (u.writing) for (const [id, use] of u.writing) add(missing, id, use);
  for (const [id, use] of u.pending) add(missing, id, use);
  if (missing.size === 0) return stored.keys;
  return stored.keys.map((k) => {
    const use = missing.get(k.id);
    if (!use) return k;
    return { ...k, last_used_at: use.last, request_count: k.request_count + use.count };
  });
}

/** An account's keys, newest first, revoked ones included (with revoked_at), with every use counted. */
export async function listApiKeys(db: Queryable, accountId: number, now: Date): Promise<ApiKeyInfo[]> {
  return withPendingUses(db, await storedApiKeys(db, accountId, now));
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
