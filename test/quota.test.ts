// Monthly quotas: consumption through the module functions (atomic under concurrency, on both stores), the
// calendar-month rollover with the injectable clock, and the HTTP behaviour through a test-only creation
// route built exactly as the scans route will be (consume inside the creating transaction, headers, 429).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import type { Config } from '../src/config.ts';
import { serverKeys } from '../src/auth/secret.ts';
import { createApiKey } from '../src/auth/keys.ts';
import { buildServer } from '../src/http/server.ts';
import { createLogger } from '../src/logger.ts';
import { partnerOf, quotaExceeded, quotaHeaders } from '../src/http/routes/partner-auth.ts';
import { setPlan } from '../src/storage/accounts.ts';
import { consumeQuota, peekQuota } from '../src/storage/quota.ts';
import { openTestStore } from './support/store.ts';
import type { TestStore } from './support/store.ts';
import { bearer, partnerWithKey } from './accounts-fixtures.ts';

let store: TestStore;
let app: FastifyInstance;
let config: Config;
const clock = { now: new Date('2031-01-15T12:00:00Z') };

before(async () => {
  store = await openTestStore();
  await store.db.query('CREATE TABLE test_creations (id serial PRIMARY KEY, account_id bigint NOT NULL, fail boolean NOT NULL)');
  config = loadConfig({ LOG_LEVEL: 'silent', PARTNER_RATE_LIMIT: '100000/s', ...store.env });
  app = await buildServer({ config, db: store.db, clock: () => clock.now }, { logger: createLogger('silent') });
  // Stands in for POST /api/v1/scans: creation and consumption commit or roll back together.
  app.post('/api/v1/test-creations', async (req, reply) => {
    const partner = partnerOf(req);
    const fail = (req.query as Record<string, string>)['fail'] === '1';
    const q = await store.db.transaction(async (tx) => {
      const state = await consumeQuota(tx, partner.accountId, clock.now, partner.keyId);
      if (!state.ok) throw quotaExceeded(state);
      await tx.query('INSERT INTO test_creations (account_id, fail) VALUES ($1, $2)', [partner.accountId, fail]);
      if (fail) throw new Error('creation failed after consuming');
      return state;
    });
    return reply.code(202).headers(quotaHeaders(q)).send({ request_id: req.id, data: { ok: true } });
  });
  await app.ready();
});
after(async () => {
  await app.close();
  await store.destroy();
});

const create = (key: string, query = '') => app.inject({ method: 'POST', url: `/api/v1/test-creations${query}`, headers: bearer(key) });

async function useUp(accountId: number, n: number, now = clock.now) {
  for (let i = 0; i < n; i++) assert.equal((await store.db.transaction((tx) => consumeQuota(tx, accountId, now))).ok, true);
}

describe('consumeQuota and peekQuota', () => {
  it('counts per plan and stops at the limit without consuming', async () => {
    const { account } = await partnerWithKey(store.db, config, { now: clock.now });
    assert.deepEqual(await peekQuota(store.db, account.id, clock.now), {
      ok: true, limit: 100, used: 0, remaining: 100, reset: new Date('2031-02-01T00:00:00Z'), period: '2031-01-01',
    });
    await useUp(account.id, 99);
    const last = await store.db.transaction((tx) => consumeQuota(tx, account.id, clock.now));
    assert.equal(last.ok, true);
    assert.equal(last.remaining, 0);
    const over = await store.db.transaction((tx) => consumeQuota(tx, account.id, clock.now));
    assert.deepEqual({ ok: over.ok, used: over.used, remaining: over.remaining }, { ok: false, used: 100, remaining: 0 });
  });
  it('a plan change applies to the next consumption', async () => {
    const { account } = await partnerWithKey(store.db, config);
    await useUp(account.id, 100);
    await setPlan(store.db, account.id, 'enterprise', 102);
    assert.equal((await peekQuota(store.db, account.id, clock.now)).remaining, 2);
    await setPlan(store.db, account.id, 'starter', undefined);
    assert.equal((await peekQuota(store.db, account.id, clock.now)).limit, 1000);
  });
  it('many parallel consumptions on a nearly exhausted account: exactly the remaining number succeed', async () => {
    const { account } = await partnerWithKey(store.db, config);
    await setPlan(store.db, account.id, 'enterprise', 20);
    await useUp(account.id, 15);
    const results = await Promise.all(Array.from({ length: 40 }, () => store.db.transaction((tx) => consumeQuota(tx, account.id, clock.now))));
    assert.equal(results.filter((r) => r.ok).length, 5);
    assert.equal((await peekQuota(store.db, account.id, clock.now)).used, 20);
  });
  it('rolls over at the start of the calendar month (UTC)', async () => {
    const { account } = await partnerWithKey(store.db, config);
    const endOfJanuary = new Date('2031-01-31T23:59:59.999Z');
    await useUp(account.id, 100, endOfJanuary);
    assert.equal((await store.db.transaction((tx) => consumeQuota(tx, account.id, endOfJanuary))).ok, false);
    const february = new Date('2031-02-01T00:00:00.000Z');
    const fresh = await store.db.transaction((tx) => consumeQuota(tx, account.id, february));
    assert.deepEqual({ ok: fresh.ok, used: fresh.used, reset: fresh.reset.toISOString(), period: fresh.period }, { ok: true, used: 1, reset: '2031-03-01T00:00:00.000Z', period: '2031-02-01' });
    assert.equal((await peekQuota(store.db, account.id, endOfJanuary)).used, 100, 'January keeps its count');
    const december = await peekQuota(store.db, account.id, new Date('2031-12-31T23:00:00Z'));
    assert.equal(december.reset.toISOString(), '2032-01-01T00:00:00.000Z', 'year boundary');
  });
});

describe('over HTTP', () => {
  it('creations carry the rate-limit headers; exhaustion gives 429 quota_exceeded with them', async () => {
    const { key, account } = await partnerWithKey(store.db, config);
    await setPlan(store.db, account.id, 'enterprise', 3);
    for (const remaining of ['2', '1', '0']) {
      const res = await create(key);
      assert.equal(res.statusCode, 202);
      assert.equal(res.headers['x-ratelimit-limit'], '3');
      assert.equal(res.headers['x-ratelimit-remaining'], remaining);
      assert.equal(res.headers['x-ratelimit-reset'], '2031-02-01T00:00:00.000Z');
    }
    const res = await create(key);
    assert.equal(res.statusCode, 429);
    assert.equal(res.json().error.code, 'quota_exceeded');
    assert.equal(res.headers['x-ratelimit-limit'], '3');
    assert.equal(res.headers['x-ratelimit-remaining'], '0');
    assert.equal(res.headers['x-ratelimit-reset'], '2031-02-01T00:00:00.000Z');
    const rows = await store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM test_creations WHERE account_id = $1', [account.id]);
    assert.equal(rows[0]!.n, 3, 'the refused request created nothing');
  });
  it('the quota is shared by the keys of an account and attributed per key', async () => {
    const a = await partnerWithKey(store.db, config);
    const second = await createApiKey(store.db, serverKeys(config), a.account.id, clock.now);
    assert.ok(second.ok);
    await setPlan(store.db, a.account.id, 'enterprise', 2);
    assert.equal((await create(a.key)).statusCode, 202);
    assert.equal((await create(second.key)).statusCode, 202);
    assert.equal((await create(second.key)).statusCode, 429);
    const usage = (await app.inject({ method: 'GET', url: '/api/v1/usage', headers: bearer(a.key) })).json();
    assert.equal(usage.data.quota.used, 2);
    assert.deepEqual(usage.data.keys.map((k: { scans_this_month: number }) => k.scans_this_month).sort(), [1, 1]);
  });
  it('a failed creation gives its unit back; unauthenticated and read requests consume nothing', async () => {
    const { key, account } = await partnerWithKey(store.db, config);
    assert.equal((await create(key, '?fail=1')).statusCode, 500);
    assert.equal((await app.inject({ method: 'POST', url: '/api/v1/test-creations' })).statusCode, 401);
    assert.equal((await app.inject({ method: 'GET', url: '/api/v1/usage', headers: bearer(key) })).statusCode, 200);
    assert.equal((await peekQuota(store.db, account.id, clock.now)).used, 0);
  });
  it('parallel HTTP creations on a nearly exhausted account: exactly the remaining number get 202', async () => {
    const { key, account } = await partnerWithKey(store.db, config);
    await setPlan(store.db, account.id, 'enterprise', 10);
    await useUp(account.id, 7);
    const statuses = (await Promise.all(Array.from({ length: 25 }, () => create(key)))).map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 202).length, 3);
    assert.equal(statuses.filter((s) => s === 429).length, 22);
  });
});
