// The database going away, quickly: requests answer 503 `not_ready` (never a 500) while PostgreSQL cannot be
// reached, and a connection cut off in the middle of a transaction fails that transaction without taking the
// process down. (test/chaos/postgres-restart.test.ts stops and starts a real server under load.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { generateApiKey } from '../src/auth/api-key.ts';
import { loadConfig } from '../src/config.ts';
import { createServer } from '../src/http/server.ts';
import { createLogger } from '../src/logger.ts';
import type { Db } from '../src/storage/db.ts';
import { StoreUnavailableError } from '../src/storage/db.ts';
import { openPostgres } from '../src/storage/postgres.ts';
import { freePort } from './support/service.ts';
import { openTestStore, STORE, TEST_SECRET_KEY } from './support/store.ts';

describe('requests while PostgreSQL is unreachable', () => {
  let app: FastifyInstance;
  let db: Db;
  const logs: string[] = [];

  before(async () => {
    // Nothing listens on this port: every connection attempt is refused, as while the server restarts.
    const config = loadConfig({ LOG_LEVEL: 'info', DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/confgate`, SECRET_KEY: TEST_SECRET_KEY });
    db = await openPostgres({ url: config.databaseUrl! });
    const stream = new Writable({ write: (chunk: Buffer, _enc, cb) => void (logs.push(chunk.toString()), cb()) });
    app = await createServer({ config, db, clock: () => new Date() }, { logger: createLogger(config.logLevel, stream) });
  });
  after(async () => {
    await app.close();
    await db.close();
  });

  it('answer 503 not_ready with Retry-After on every route that needs the database', async () => {
    const auth = { authorization: `Bearer ${generateApiKey()}` };
    for (const request of [
      { method: 'GET' as const, url: '/readyz' },
      { method: 'GET' as const, url: '/api/v1/scans', headers: auth },
      { method: 'GET' as const, url: '/api/v1/scans/scan_00000000000000000000000000000000', headers: auth },
      { method: 'POST' as const, url: '/api/v1/scans', headers: auth, payload: { domain: 'example.com' } },
      { method: 'GET' as const, url: '/api/v1/usage', headers: auth },
    ]) {
      const res = await app.inject(request);
      assert.equal(res.statusCode, 503, `${request.method} ${request.url}: ${res.body}`);
      assert.equal(res.json().error.code, 'not_ready');
      if (request.url !== '/readyz') assert.equal(res.headers['retry-after'], '1');
    }
    assert.equal(logs.filter((l) => l.includes('unhandled error')).length, 0, 'not logged as a bug');
  });
});

// A real server is needed to cut a connection: PostgreSQL only.
if (STORE === 'postgres') describe('a connection lost in the middle of a transaction', () => {
  it('fails the transaction as unavailable; the process survives and the pool recovers', async () => {
    const store = await openTestStore('postgres');
    try {
      const failure = await store.db.transaction(async (tx) => {
        const [{ pid }] = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')) as [{ pid: number }];
        // Cut off from another session while this transaction is idle between statements: the client emits
        // 'error' with nobody waiting on a query (unheard, that event would crash the process).
        await store.db.query('SELECT pg_terminate_backend($1)', [pid]);
        await new Promise((r) => setTimeout(r, 200));
        await tx.query('SELECT 1');
      }).then(() => undefined, (err: unknown) => err);
      assert.ok(failure instanceof StoreUnavailableError, String(failure));
      assert.deepEqual(await store.db.query<{ one: number }>('SELECT 1 AS one'), [{ one: 1 }], 'the pool hands out a working connection');
    } finally {
      await store.destroy();
    }
  });
});
