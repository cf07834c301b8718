// The partner read cache and the change announcements it listens to (issue #25): on PostgreSQL, the listening
// connection survives its backend being terminated again and again with exactly one connection, and unlisten
// leaves none; the cache drops everything and stops caching the moment that connection is lost, and caches again
// only once LISTEN succeeded; entries expire after ENTRY_TTL_MS whatever the announcements; and a key revoked or
// an account suspended through one service instance is refused by another on its very next request.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import type { Config } from '../src/config.ts';
import { createServer } from '../src/http/server.ts';
import { CHANGES_CHANNEL, ENTRY_TTL_MS, openReadCache, ReadCache } from '../src/http/read-cache.ts';
import { createLogger } from '../src/logger.ts';
import { setStatus } from '../src/storage/accounts.ts';
import { revokeApiKey } from '../src/storage/api-keys.ts';
import type { Db } from '../src/storage/db.ts';
import { openPostgres } from '../src/storage/postgres.ts';
import { bearer, partnerWithKey } from './accounts-fixtures.ts';
import { until } from './support/service.ts';
import { openTestStore, STORE, TEST_DATABASE_URL } from './support/store.ts';
import type { TestStore } from './support/store.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('read cache: entries expire after ENTRY_TTL_MS', () => {
  let store: TestStore;
  before(async () => {
    store = await openTestStore();
  });
  after(() => store.destroy());

  it('serves an entry until its lifetime ends, then loads again (announcements or not)', async () => {
    const clock = { now: 1_000_000 };
    const { cache, close } = await openReadCache(store.db, (err) => assert.fail(err), { now: () => clock.now });
    try {
      assert.equal(cache.live, true);
      let loads = 0;
      const read = () => cache.get('probe', ['scans'], async () => {
        loads++;
        return (await store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM scans'))[0]!.n;
      });
      // Table of (ms after the first load, loads so far): the first load at 0 lives until ENTRY_TTL_MS.
      const cases: Array<[number, number]> = [[0, 1], [1, 1], [ENTRY_TTL_MS - 1, 1], [ENTRY_TTL_MS, 2], [ENTRY_TTL_MS + 1, 2], [2 * ENTRY_TTL_MS - 1, 2], [2 * ENTRY_TTL_MS, 3]];
      const start = clock.now;
      for (const [at, expected] of cases) {
        clock.now = start + at;
        assert.equal(await read(), 0);
        assert.equal(loads, expected, `at +${at} ms`);
      }
    } finally {
      await close();
    }
  });
  it('keeps the lifetime of the load that made the entry, not of the last hit', () => {
    const clock = { now: 0 };
    const cache = new ReadCache(true, { ttlMs: 100, now: () => clock.now });
    let loads = 0;
    const read = () => cache.get('k', ['scans'], async () => ++loads);
    return (async () => {
      assert.equal(await read(), 1);
      for (const at of [50, 99]) {
        clock.now = at;
        assert.equal(await read(), 1, `hit at ${at}`);
      }
      clock.now = 100;
      assert.equal(await read(), 2, 'expired at 100 although hit at 99');
    })();
  });
});

// PostgreSQL only: the embedded store has no connection to lose, and one process.
if (STORE === 'postgres') describe('PostgreSQL change listener and read cache across connection losses', () => {
  let store: TestStore;
  let admin: pg.Client;
  let database: string;
  before(async () => {
    store = await openTestStore('postgres');
    database = new URL(store.env['DATABASE_URL']!).pathname.slice(1);
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
  });
  after(async () => {
    await admin?.end();
    await store?.destroy();
  });

  /** The listening connections on this test's own database (no other process uses it). */
  const listeners = async () => (await admin.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'confgate-listen' AND backend_type = 'client backend'", [database],
  )).rows.map((r) => r.pid);
  const terminate = async (pid: number) => void (await admin.query('SELECT pg_terminate_backend($1)', [pid]));

  it('one connection after three terminations of its backend, notifications still delivered, none after unlisten', async () => {
    const notes: string[] = [];
    let reconnected = 0;
    let lost = 0;
    const unlisten = await store.db.listen('probe_channel', (p) => (p === '' ? reconnected++ : notes.push(p)), () => void lost++);
    try {
      assert.equal((await listeners()).length, 1);
      for (let round = 1; round <= 3; round++) {
        const [pid] = await listeners();
        await terminate(pid!);
        // Back when LISTEN succeeded again: onNotify('') once per loss.
        await until(`reconnection ${round}`, async () => (reconnected >= round ? true : undefined), 10_000);
        const now = await listeners();
        assert.equal(now.length, 1, `round ${round}: exactly one listening connection`);
        assert.notEqual(now[0], pid, `round ${round}: a new backend`);
        assert.deepEqual([lost, reconnected], [round, round], `round ${round}: one loss and one reconnection per termination`);
        notes.length = 0;
        await store.db.query(`NOTIFY probe_channel, 'round ${round}'`);
        await until(`notification ${round}`, async () => (notes.length > 0 ? true : undefined), 5000);
        await sleep(200);
        assert.deepEqual(notes, [`round ${round}`], `round ${round}: delivered once`);
      }
      // A little later still one: no reconnection left scheduled by a second error event of a loss.
      await sleep(1500);
      assert.equal((await listeners()).length, 1);
      assert.deepEqual([lost, reconnected], [3, 3]);
    } finally {
      await unlisten();
    }
    assert.deepEqual(await listeners(), [], 'none left after unlisten');
  });

  it('unlisten during a reconnection leaves no connection behind', async () => {
    const unlisten = await store.db.listen('probe_channel', () => undefined);
    const [pid] = await listeners();
    await terminate(pid!);
    await until('the loss seen', async () => ((await listeners()).length === 0 ? true : undefined), 5000);
    await unlisten();
    await sleep(1500); // past the scheduled reconnection
    assert.deepEqual(await listeners(), []);
  });

  it('the read cache drops everything and stops caching when the connection is lost, caches again after LISTEN', async () => {
    const { cache, close } = await openReadCache(store.db, (err) => assert.fail(err));
    try {
      let loads = 0;
      const read = (key: string) => cache.get(key, ['accounts'], async () => {
        loads++;
        return (await store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts'))[0]!.n;
      });
      await read('a');
      await read('b');
      await read('a');
      assert.deepEqual([cache.live, cache.size, loads], [true, 2, 2], 'cached while listening');

      const [pid] = await listeners();
      await terminate(pid!);
      await until('the cache to go not-live', async () => (cache.live ? undefined : true), 5000);
      assert.equal(cache.size, 0, 'everything dropped on the loss');
      // While not listening (the reconnection waits a second), every read goes to the store and nothing is kept.
      loads = 0;
      await read('a');
      await read('a');
      assert.deepEqual([cache.live, loads, cache.size], [false, 2, 0], 'not cached while not listening');

      await until('the cache to be live again', async () => (cache.live ? true : undefined), 10_000);
      assert.equal((await listeners()).length, 1, 'live again only with a listening connection');
      loads = 0;
      await read('a');
      await read('a');
      assert.deepEqual([loads, cache.size], [1, 1], 'caching again');
      // And the announcements are heard on the new connection: another pool's change drops the entry.
      const other = await openPostgres({ url: store.env['DATABASE_URL']! });
      try {
        await other.query(`NOTIFY ${CHANGES_CHANNEL}, 'accounts'`);
      } finally {
        await other.close();
      }
      await until('the announcement to drop the entry', async () => (cache.size === 0 ? true : undefined), 5000);
    } finally {
      await close();
    }
    assert.equal(cache.live, false, 'not live after close');
    assert.deepEqual(await listeners(), []);
  });
});

// PostgreSQL only: two service instances, each with its own pool (as two processes have), on one database.
if (STORE === 'postgres') describe('revocation and suspension are immediate across service instances (PostgreSQL)', () => {
  const N = 50;
  let store: TestStore;
  let config: Config;
  let other: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;
  before(async () => {
    store = await openTestStore('postgres');
    config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://confgate.test', PARTNER_RATE_LIMIT: '100000/s', ...store.env });
    other = await openPostgres({ url: store.env['DATABASE_URL']! });
    a = await createServer({ config, db: store.db, clock: () => new Date() }, { logger: createLogger('silent') });
    b = await createServer({ config, db: other, clock: () => new Date() }, { logger: createLogger('silent') });
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await other?.close();
    await store?.destroy();
  });

  const usage = (app: FastifyInstance, key: string) => app.inject({ method: 'GET', url: '/api/v1/usage', headers: bearer(key) });

  for (const change of ['revoke the key', 'suspend the account'] as const) {
    it(`${change} through one instance: the other refuses the key on its very next request, ${N} times of ${N}`, async () => {
      const accepted: number[] = [];
      for (let i = 0; i < N; i++) {
        const { key, keyId, account } = await partnerWithKey(store.db, config);
        // Used through B first (twice: any cache of B's holds it now).
        assert.equal((await usage(b, key)).statusCode, 200);
        assert.equal((await usage(b, key)).statusCode, 200);
        if (change === 'revoke the key') await revokeApiKey(store.db, keyId, new Date());
        else await setStatus(store.db, account.id, 'suspended', new Date());
        // The change has committed and returned: B's next request, same tick, no wait for any announcement.
        const res = await usage(b, key);
        if (res.statusCode !== 401) accepted.push(i);
        else assert.equal(res.json().error.code, 'unauthorized');
      }
      assert.deepEqual(accepted, [], 'iterations where B still accepted the key');
    });
  }
});
