// Developer-area sessions (table `sessions`), keyed by the SHA-256 of the cookie's random token.
import { createHash, randomBytes } from 'node:crypto';
import type { Account } from './accounts.ts';
import type { Queryable } from './db.ts';

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** Starts a session; returns the token for the cookie (the database keeps only its hash). */
export async function createSession(db: Queryable, accountId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query('INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    hashToken(token), accountId, now, new Date(now.getTime() + SESSION_TTL_MS),
  ]);
  // Expired sessions of anyone are swept here rather than by a job: sign-ins are rare and the delete is cheap.
  await db.query('DELETE FROM sessions WHERE expires_at < $1', [now]);
  return token;
}

/** The signed-in account for a token, unless the session expired or the account was suspended. */
export async function sessionAccount(db: Queryable, token: string, now: Date): Promise<Account | undefined> {
  return (await db.query<Account>(
    `SELECT a.id, a.email, a.status, a.plan, a.custom_quota, a.is_operator, a.created_at, a.approved_at
     FROM sessions s JOIN accounts a ON a.id = s.account_id
     WHERE s.token_hash = $1 AND s.expires_at > $2 AND a.status <> 'suspended'`,
    [hashToken(token), now],
  ))[0];
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}
