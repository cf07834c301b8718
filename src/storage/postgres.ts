// PostgreSQL through a `pg` pool: the production store, and the one that scales to many processes.
import pg from 'pg';
import type { Db, Queryable } from './db.ts';
import { StoreUnavailableError } from './db.ts';

// int8 counts fit in a double; returning numbers keeps both stores' rows identical (PGlite does the same).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface PostgresOptions {
  url: string;
  max?: number;
  /** Called for errors on idle clients (e.g. the server restarted); the pool replaces the client. */
  onIdleError?: (err: Error) => void;
}

/** Socket-level failures, and SQLSTATEs of lost connections (class 08), a server shutting down or starting
 * (57P01–57P03) or out of connections (53300). */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);
/** node-postgres reports some losses without a code: a connection that ended, a connect() that timed out. */
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/** The driver's error as StoreUnavailableError when it means the database cannot be reached; others unchanged. */
export function classify(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const code = (err as Error & { code?: unknown }).code;
  const unavailable = typeof code === 'string' ? UNAVAILABLE_CODES.has(code) || code.startsWith('08') : UNAVAILABLE_MESSAGES.test(err.message);
  return unavailable ? new StoreUnavailableError(`the database is not reachable: ${err.message}`, { cause: err }) : err;
}

const classified = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    throw classify(err);
  }
};

/** TCP keepalive on the listening connection: it only receives, so without probes a connection that died
 * silently (a host or network gone, no FIN or RST) would look idle for ever. With probes after 10 s of silence the
 * kernel finds it dead and the client ends (Linux: after its retries, about 11 more minutes by default; the read
 * cache's entry lifetime, src/http/read-cache.ts, bounds what it can serve meanwhile). */
const LISTEN_KEEPALIVE_MS = 10_000;
const LISTEN_RETRY_MS = 1000;

/** LISTEN on its own connection (a pooled one would be handed to others), reconnecting after a loss. One
 * connection at a time: a lost one is ended (node-postgres reports one loss as several 'error' events and an
 * 'end'; each loss counts once), one reconnection is scheduled per loss, and unlisten ends every client it made.
 * `onLost` is called once when a listening connection is lost; `onNotify('')` once when LISTEN succeeded again. */
function listener(url: string, channel: string, onNotify: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>> {
  const clients = new Set<pg.Client>();
  let listening: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let connecting: Promise<void> = Promise.resolve();
  const end = (c: pg.Client) => c.end().catch(() => undefined).finally(() => clients.delete(c));
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connecting = connect(false).catch(() => undefined);
    }, LISTEN_RETRY_MS);
  };
  const connect = async (first: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: 'confgate-listen', keepAlive: true, keepAliveInitialDelayMillis: LISTEN_KEEPALIVE_MS });
    clients.add(c);
    let gone = false;
    const lose = () => {
      // Every 'error' and the 'end' of one connection land here: the first one counts.
      if (gone) return;
      gone = true;
      void end(c);
      if (listening !== c) return;
      listening = undefined;
      if (closed) return;
      onLost?.();
      schedule();
    };
    c.on('error', lose);
    c.on('end', lose);
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      gone = true;
      await end(c);
      if (first) throw classify(err);
      schedule();
      return;
    }
    if (closed || gone) {
      // Closed while connecting, or lost right after LISTEN: end it (and try again unless closed).
      gone = true;
      await end(c);
      if (first && !closed) throw classify(new Error('Connection terminated unexpectedly'));
      schedule();
      return;
    }
    listening = c;
    if (!first) onNotify('');
  };
  connecting = connect(true);
  return connecting.then(() => async () => {
    closed = true;
    clearTimeout(retry);
    await connecting;
    await Promise.all([...clients].map(end));
  });
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
  const writeListeners = new Set<(statements: readonly string[]) => void>();
  const wrote = (statements: readonly string[]) => {
    for (const fn of writeListeners) fn(statements);
  };
  const query: Queryable['query'] = async (sql, params, options) => {
    try {
      return await classified(async () => (await (options?.name ? pool.query({ name: options.name, text: sql, values: params as unknown[] }) : pool.query(sql, params as unknown[]))).rows);
    } finally {
      if (writeListeners.size > 0 && !/^\s*SELECT\b/i.test(sql)) wrote([sql]);
    }
  };
  return {
    kind: 'postgres',
    query,
    async transaction(fn) {
      const client = await classified(() => pool.connect());
      // A connection lost while checked out emits 'error' on the client, which would crash the process unheard
      // (the pool listens only to idle clients). The pending query rejects on its own; the client is discarded.
      let lost: Error | undefined;
      const onLost = (err: Error) => void (lost = err);
      client.on('error', onLost);
      const statements: string[] = [];
      try {
        await classified(() => client.query('BEGIN'));
        const result = await fn({
          query: (sql, params, options) => {
            if (writeListeners.size > 0) statements.push(sql);
            return classified(async () => (await (options?.name ? client.query({ name: options.name, text: sql, values: params as unknown[] }) : client.query(sql, params as unknown[]))).rows);
          },
        });
        await classified(() => client.query('COMMIT'));
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.off('error', onLost);
        client.release(lost);
        wrote(statements);
      }
    },
    async exec(sql) {
      await classified(() => pool.query(sql));
    },
    listen: (channel, onNotify, onLost) => listener(options.url, channel, onNotify, onLost),
    onLocalWrite(fn) {
      writeListeners.add(fn);
      return () => void writeListeners.delete(fn);
    },
    async close() {
      await pool.end();
    },
  };
}
