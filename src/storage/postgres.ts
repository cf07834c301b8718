// PostgreSQL through a `pg` pool: the production store, and the one that scales to many processes.
import pg from 'pg';
import type { Db, Queryable } from './db.ts';

// int8 counts fit in a double; returning numbers keeps both stores' rows identical (PGlite does the same).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface PostgresOptions {
  url: string;
  max?: number;
  /** Called for errors on idle clients (e.g. the server restarted); the pool replaces the client. */
  onIdleError?: (err: Error) => void;
}

export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    application_name: 'confgate',
  });
  pool.on('error', (err) => options.onIdleError?.(err));
  const query: Queryable['query'] = async (sql, params) => (await pool.query(sql, params as unknown[])).rows;
  return {
    kind: 'postgres',
    query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: async (sql, params) => (await client.query(sql, params as unknown[])).rows });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}
