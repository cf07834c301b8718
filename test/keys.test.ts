// API keys end to end: the format, storage at rest, every 401 case of the partner API, the key limit,
// revocation on the very next request, the per-key request rate, and GET /api/v1/usage against OpenAPI.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';
import { KEY_PATTERN, generateApiKey, isWellFormedKey } from '../src/auth/api-key.ts';
import { serverKeys } from '../src/auth/secret.ts';
import { setStatus } from '../src/storage/accounts.ts';
import { createApiKey, webhookSigningKey } from '../src/auth/keys.ts';
import { flushKeyUses, MAX_ACTIVE_KEYS, recordKeyUse, revokeApiKey, storedApiKeys, withPendingUses } from '../src/storage/api-keys.ts';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';
import { openApiChecker } from './support/openapi.ts';
import type { OpenApiChecker } from './support/openapi.ts';
import { REQUEST_ID_PATTERN } from '../src/http/request-id.ts';
import { bearer, partnerWithKey } from './accounts-fixtures.ts';

let t: TestApp;
let openapi: OpenApiChecker;

before(async () => {
  t = await startTestApp({ PARTNER_RATE_LIMIT: '1000/s' });
  openapi = await openApiChecker(t.app);
});
after(() => t.close());

const usage = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/v1/usage', headers });

function assert401(res: Awaited<ReturnType<typeof usage>>) {
  assert.equal(res.statusCode, 401);
  const body = res.json();
  assert.equal(body.error.code, 'unauthorized');
  assert.match(body.error.request_id, REQUEST_ID_PATTERN);
  assert.equal(res.headers['www-authenticate'], 'Bearer');
  openapi.assertConforms('GET', '/api/v1/usage', 401, body);
}

describe('key format', () => {
  it('is svc_live_ + 38 base62 characters with a checksum that rejects any single-character change', () => {
    const key = generateApiKey();
    assert.match(key, KEY_PATTERN);
    assert.ok(isWellFormedKey(key));
    const body = key.slice(9);
    for (let i = 0; i < body.length; i++) {
      const swapped = body[i] === 'a' ? 'b' : 'a';
      assert.equal(isWellFormedKey(`svc_live_${body.slice(0, i)}${swapped}${body.slice(i + 1)}`), false, `changed position ${i}`);
    }
    assert.notEqual(generateApiKey(), key);
  });
  it('rejects other shapes without throwing', () => {
    for (const bad of ['', 'svc_live_', 'svc_test_' + 'a'.repeat(38), 'svc_live_' + 'a'.repeat(37), 'svc_live_' + '-'.repeat(38), 'x'.repeat(10_000)]) {
      assert.equal(isWellFormedKey(bad), false, bad.slice(0, 20));
    }
  });
});

describe('storage at rest', () => {
  it('keeps neither the key nor its digest in clear; the webhook signing key decrypts to SHA-256(key)', async () => {
    const { key, keyId } = await partnerWithKey(t.store.db, t.config);
    const rows = await t.store.db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [keyId]);
    const dump = JSON.stringify(rows, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v));
    const digest = createHash('sha256').update(key).digest();
    assert.ok(!dump.includes(key.slice(9)), 'no key in the row');
    assert.ok(!dump.includes(digest.toString('hex')), 'no digest in the row');
    assert.equal(rows[0]!['prefix'], key.slice(0, 13));
    const signing = await webhookSigningKey(t.store.db, serverKeys(t.config), keyId);
    assert.deepEqual(signing, digest);
  });
  it('a signing key copied onto another key row does not decrypt', async () => {
    const a = await partnerWithKey(t.store.db, t.config);
    const b = await partnerWithKey(t.store.db, t.config);
    await t.store.db.query('UPDATE api_keys SET signing_key_enc = (SELECT signing_key_enc FROM api_keys WHERE id = $1) WHERE id = $2', [a.keyId, b.keyId]);
    await assert.rejects(webhookSigningKey(t.store.db, serverKeys(t.config), b.keyId));
  });
  it('without SECRET_KEY (embedded store) the secret is generated once into DATA_DIR/secret.key, mode 0600', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'confgate-secret-'));
    try {
      const first = serverKeys({ secretKey: undefined, dataDir: dir });
      assert.equal(statSync(path.join(dir, 'secret.key')).mode & 0o777, 0o600);
      assert.deepEqual(serverKeys({ secretKey: undefined, dataDir: dir }), first, 'read back, not regenerated');
      assert.notDeepEqual(serverKeys({ secretKey: 'another-secret-another-secret-another-secret', dataDir: dir }).lookup, first.lookup);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('PostgreSQL requires SECRET_KEY, and a short one is refused', () => {
    assert.throws(() => loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/x' }), (e: Error) => e instanceof ConfigError && /SECRET_KEY is required/.test(e.message));
    assert.throws(() => loadConfig({ SECRET_KEY: 'short' }), /at least 32 characters/);
  });
});

describe('authentication: every 401', () => {
  it('no Authorization header', async () => assert401(await usage()));
  it('another scheme', async () => assert401(await usage({ authorization: `Basic ${generateApiKey()}` })));
  it('an empty bearer', async () => assert401(await usage({ authorization: 'Bearer ' })));
  it('a malformed key (bad checksum)', async () => {
    const { key } = await partnerWithKey(t.store.db, t.config);
    const typo = key.slice(0, 20) + (key[20] === 'x' ? 'y' : 'x') + key.slice(21);
    const res = await usage(bearer(typo));
    assert401(res);
    assert.match(res.json().error.message, /malformed/);
  });
  it('a well-formed key nobody holds', async () => assert401(await usage(bearer(generateApiKey()))));
  it('a key of a pending account', async () => {
    const { key } = await partnerWithKey(t.store.db, t.config, { approved: false });
    assert401(await usage(bearer(key)));
  });
  it('a key of a suspended account, from the next request on', async () => {
    const { key, account } = await partnerWithKey(t.store.db, t.config);
    assert.equal((await usage(bearer(key))).statusCode, 200);
    await setStatus(t.store.db, account.id, 'suspended', new Date());
    assert401(await usage(bearer(key)));
    await setStatus(t.store.db, account.id, 'approved', new Date());
    assert.equal((await usage(bearer(key))).statusCode, 200);
  });
  it('a revoked key, on the very next request', async () => {
    const { key, keyId } = await partnerWithKey(t.store.db, t.config);
    assert.equal((await usage(bearer(key))).statusCode, 200);
    await revokeApiKey(t.store.db, keyId, new Date());
    assert401(await usage(bearer(key)));
  });
  it('401 comes before body parsing and routing details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/usage', headers: { 'content-type': 'application/json' }, payload: '{' });
    assert401(res);
  });
  it('never logs the key', async () => {
    const { key } = await partnerWithKey(t.store.db, t.config);
    await usage(bearer(key));
    assert.ok(!t.logs.join('').includes(key.slice(9)));
  });
});

describe('GET /api/v1/usage', () => {
  it('answers the plan, quota, keys and the rate-limit headers, conforming to OpenAPI; sends no CORS headers', async () => {
    const { key, keyId } = await partnerWithKey(t.store.db, t.config, { plan: 'starter' });
    const res = await usage({ ...bearer(key), origin: 'https://evil.example' });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    openapi.assertConforms('GET', '/api/v1/usage', 200, body);
    assert.equal(body.data.plan, 'starter');
    assert.equal(body.data.quota.limit, 1000);
    assert.equal(body.data.quota.used, 0);
    assert.equal(body.data.keys.length, 1);
    assert.equal(body.data.keys[0].id, keyId);
    assert.equal(body.data.keys[0].requests, 1, 'this request counted');
    assert.equal(res.headers['x-ratelimit-limit'], '1000');
    assert.equal(res.headers['x-ratelimit-remaining'], '1000');
    assert.match(String(res.headers['x-ratelimit-reset']), /^\d{4}-\d{2}-01T00:00:00\.000Z$/);
    assert.ok(!Object.keys(res.headers).some((h) => h.startsWith('access-control-')), 'no CORS');
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/usage', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    assert.ok(!Object.keys(preflight.headers).some((h) => h.startsWith('access-control-')), 'no CORS on preflight');
  });
  // Uses are written in batches (one statement per KEY_USE_FLUSH_MS, not one per request): the API answers
  // every use at once, the table has them after the flush.
  it('records last use and counts every request, at once in the answer and in the table after the flush', async () => {
    const { key, keyId } = await partnerWithKey(t.store.db, t.config);
    t.clock.now = new Date('2030-05-06T07:08:09.000Z');
    let second;
    try {
      const first = await usage(bearer(key));
      assert.equal(first.statusCode, 200, first.body);
      const res = await usage(bearer(key));
      assert.equal(res.statusCode, 200, res.body);
      second = res.json();
    } finally {
      t.clock.now = new Date();
    }
    assert.equal(second.data.keys[0].requests, 2);
    assert.equal(second.data.keys[0].last_used_at, '2030-05-06T07:08:09.000Z');
    await flushKeyUses(t.store.db);
    const rows = await t.store.db.query<{ last_used_at: Date; request_count: number }>('SELECT last_used_at, request_count FROM api_keys WHERE id = $1', [keyId]);
    assert.equal(new Date(rows[0]!.last_used_at).toISOString(), '2030-05-06T07:08:09.000Z');
    assert.equal(rows[0]!.request_count, 2);
    assert.equal((await usage(bearer(key))).json().data.keys[0].requests, 3, 'written and pending uses add up');
  });
  // A flush takes the pending uses and writes them; until its statement ends they are in no snapshot, in no past
  // flush and no longer pending. A read in between (a cached snapshot, or one taken just before) must still count
  // them: CI saw a request's own use missing from its answer. The flush is held by a transaction on the key's row.
  it('counts the uses a flush is still writing', async () => {
    const { account, keyId } = await partnerWithKey(t.store.db, t.config);
    const db = t.store.db;
    const now = new Date();
    await flushKeyUses(db);
    const snapshot = await storedApiKeys(db, account.id, now);
    recordKeyUse(db, keyId, now);
    recordKeyUse(db, keyId, now);
    const countNow = () => withPendingUses(db, snapshot).find((k) => k.id === keyId)!.request_count;
    assert.equal(countNow(), 2, 'pending');
    let flushing: Promise<void> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('SELECT id FROM api_keys WHERE id = $1 FOR UPDATE', [keyId]);
      flushing = flushKeyUses(db);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(countNow(), 2, 'being written');
    });
    await flushing;
    assert.equal(countNow(), 2, 'written, after the snapshot');
    const after = await storedApiKeys(db, account.id, now);
    assert.equal(withPendingUses(db, after).find((k) => k.id === keyId)!.request_count, 2, 'written, in a new snapshot');
  });
});

describe('key limit', () => {
  it(`allows ${MAX_ACTIVE_KEYS} active keys; the next is refused until one is revoked`, async () => {
    const { account, keyId } = await partnerWithKey(t.store.db, t.config);
    const keys = serverKeys(t.config);
    for (let i = 1; i < MAX_ACTIVE_KEYS; i++) assert.equal((await createApiKey(t.store.db, keys, account.id, new Date())).ok, true);
    assert.deepEqual(await createApiKey(t.store.db, keys, account.id, new Date()), { ok: false, reason: 'key_limit_reached' });
    await revokeApiKey(t.store.db, keyId, new Date());
    assert.equal((await createApiKey(t.store.db, keys, account.id, new Date())).ok, true);
  });
  it('holds under concurrent creation', async () => {
    const { account } = await partnerWithKey(t.store.db, t.config);
    const keys = serverKeys(t.config);
    const results = await Promise.all(Array.from({ length: 8 }, () => createApiKey(t.store.db, keys, account.id, new Date())));
    assert.equal(results.filter((r) => r.ok).length, MAX_ACTIVE_KEYS - 1);
  });
});

describe('request rate per key', () => {
  it('answers 429 rate_limited with Retry-After over the limit, per key, and recovers', async () => {
    const limited = await startTestApp({ PARTNER_RATE_LIMIT: '3/m' });
    try {
      const a = await partnerWithKey(limited.store.db, limited.config);
      const b = await partnerWithKey(limited.store.db, limited.config);
      const call = (key: string) => limited.app.inject({ method: 'GET', url: '/api/v1/usage', headers: bearer(key) });
      for (let i = 0; i < 3; i++) assert.equal((await call(a.key)).statusCode, 200);
      const res = await call(a.key);
      assert.equal(res.statusCode, 429);
      assert.equal(res.json().error.code, 'rate_limited');
      assert.equal(res.headers['retry-after'], '20');
      assert.equal((await call(b.key)).statusCode, 200, 'other keys unaffected');
      limited.clock.now = new Date(limited.clock.now.getTime() + 20_000);
      assert.equal((await call(a.key)).statusCode, 200);
    } finally {
      await limited.close();
    }
  });
});
