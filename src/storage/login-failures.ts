// Sign-in throttling (table `login_failures`): at most MAX_FAILURES failed attempts per (e-mail, client
// address) in a WINDOW_MS window, shared by every process through the database.
import { createHash } from 'node:crypto';
import type { Queryable } from './db.ts';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;

const subjectOf = (email: string, ip: string) => createHash('sha256').update(`${email}\n${ip}`, 'utf8').digest();

/** When sign-in is blocked for this pair: the time it unblocks; otherwise undefined. */
export async function loginBlockedUntil(db: Queryable, email: string, ip: string, now: Date): Promise<Date | undefined> {
  const rows = await db.query<{ failures: number; window_start: Date }>('SELECT failures, window_start FROM login_failures WHERE subject = $1', [subjectOf(email, ip)]);
  const row = rows[0];
  if (!row || row.failures < MAX_FAILURES) return undefined;
  const until = new Date(new Date(row.window_start).getTime() + WINDOW_MS);
  return until > now ? until : undefined;
}

/** Counts a failure; a window older than WINDOW_MS starts over. */
export async function recordLoginFailure(db: Queryable, email: string, ip: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO login_failures (subject, failures, window_start) VALUES ($1, 1, $2)
     ON CONFLICT (subject) DO UPDATE SET
       failures = CASE WHEN login_failures.window_start <= $2::timestamptz - make_interval(secs => $3 / 1000.0) THEN 1 ELSE login_failures.failures + 1 END,
       window_start = CASE WHEN login_failures.window_start <= $2::timestamptz - make_interval(secs => $3 / 1000.0) THEN $2 ELSE login_failures.window_start END`,
    [subjectOf(email, ip), now, WINDOW_MS],
  );
}

export async function clearLoginFailures(db: Queryable, email: string, ip: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE subject = $1', [subjectOf(email, ip)]);
}
