// Technical security logs (table security_log): time, client address, route pattern, status, request id
// and user agent — never content, file names or credentials. Purged after the retention period.
import type { Queryable } from './db.ts';

export interface SecurityLogEntry {
  at: Date;
  clientIp: string;
  method: string;
  route: string;
  status: number;
  requestId: string;
  userAgent: string | undefined;
}

export async function insertSecurityLog(db: Queryable, entries: SecurityLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const params: unknown[] = [];
  const rows = entries.map((e, i) => {
    params.push(e.at, e.clientIp, e.method, e.route, e.status, e.requestId, e.userAgent?.slice(0, 256) ?? null);
    const b = i * 7;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7})`;
  });
  await db.query(`INSERT INTO security_log (at, client_ip, method, route, status, request_id, user_agent) VALUES ${rows.join(', ')}`, params);
}

/** Deletes entries older than `before`; returns how many. */
export async function purgeSecurityLog(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query('DELETE FROM security_log WHERE at < $1 RETURNING id', [before]);
  return rows.length;
}
