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

/** One statement for the whole batch, whatever its size: each column is one array parameter. A multi-row VALUES
 * list took 7 parameters per row, and the protocol counts parameters in 16 bits: a flush of more than 9362 rows (a
 * busy second) failed, and kept failing as the retained rows grew, until rows were dropped. */
export async function insertSecurityLog(db: Queryable, entries: SecurityLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const columns: [string[], string[], string[], string[], number[], string[], (string | null)[]] = [[], [], [], [], [], [], []];
  for (const e of entries) {
    columns[0].push(e.at.toISOString());
    columns[1].push(e.clientIp);
    columns[2].push(e.method);
    columns[3].push(e.route);
    columns[4].push(e.status);
    columns[5].push(e.requestId);
    columns[6].push(e.userAgent?.slice(0, 256) ?? null);
  }
  await db.query(
    `INSERT INTO security_log (at, client_ip, method, route, status, request_id, user_agent)
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::text[], $7::text[])`,
    columns,
  );
}

/** Deletes entries older than `before`; returns how many. */
export async function purgeSecurityLog(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query('DELETE FROM security_log WHERE at < $1 RETURNING id', [before]);
  return rows.length;
}
