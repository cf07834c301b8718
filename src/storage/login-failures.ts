// Sign-in throttling (table `login_failures`): at most MAX_FAILURES sign-in attempts per (e-mail, client address)
// in a WINDOW_MS window that a successful sign-in has not cleared, shared by every process through the database.
// An attempt is counted before its password is checked, in one statement, so parallel guesses (on any number of
// API processes) cannot all pass a check made before the first of them is counted; the `failures` column
// therefore counts attempts not (yet) known to have succeeded.
import { createHash } from 'node:crypto';
import type { Queryable } from './db.ts';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;

const subjectOf = (email: string, ip: string) => createHash('sha256').update(`${email}\n${ip}`, 'utf8').digest();

/**
 * Counts one sign-in attempt of the pair; a window older than WINDOW_MS starts over. Answers the time the pair
 * unblocks when this attempt is over the limit (its password must not be checked), otherwise undefined. The
 * count stops one past the limit: later attempts change nothing but cannot overflow it.
 */
export async function countLoginAttempt(db: Queryable, email: string, ip: string, now: Date): Promise<Date | undefined> {
  const rows = await db.query<{ failures: number; window_start: Date }>(
    `INSERT INTO login_failures (subject, failures, window_start) VALUES ($1, 1, $2)
     ON CONFLICT (subject) DO UPDATE SET
       failures = CASE WHEN login_failures.window_start <= $2::timestamptz - make_interval(secs => $3 / 1000.0) THEN 1
                       ELSE LEAST(login_failures.failures + 1, $4::int + 1) END,
       window_start = CASE WHEN login_failures.window_start <= $2::timestamptz - make_interval(secs => $3 / 1000.0) THEN $2 ELSE login_failures.window_start END
     RETURNING failures, window_start`,
    [subjectOf(email, ip), now, WINDOW_MS, MAX_FAILURES],
  );
  const row = rows[0]!;
  return row.failures > MAX_FAILURES ? new Date(new Date(row.window_start).getTime() + WINDOW_MS) : undefined;
}

/** A successful sign-in forgives the pair's earlier failures. */
export async function clearLoginFailures(db: Queryable, email: string, ip: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE subject = $1', [subjectOf(email, ip)]);
}
