// `confgate-admin` account and key commands through the real CLI as a subprocess: against a stopped store, and
// against a running service (embedded: forwarded over the admin socket; PostgreSQL: direct), where a key made
// or revoked by the CLI works or fails on the service's very next request. Embedded-store invocations that
// open the store themselves take seconds each, so the error cases run against the service.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createEmptyStore, STORE, TEST_DATABASE_URL } from './support/store.ts';
import { run, startService, stop } from './accounts-fixtures.ts';

describe(`confgate-admin accounts and keys, stopped store (${STORE})`, () => {
  let store: Awaited<ReturnType<typeof createEmptyStore>>;
  before(async () => {
    store = await createEmptyStore();
  });
  after(() => store.remove());

  it('creates, approves, suspends, re-plans and lists accounts; creates, lists and revokes keys', async () => {
    const created = await run(['account', 'create', '--email', 'Ops@Example.test', '--plan', 'pro', '--json'], store.env);
    assert.equal(created.code, 0, created.stderr);
    assert.equal(created.json.email, 'ops@example.test');
    assert.equal(created.json.status, 'pending');
    assert.equal(created.json.quota, 5000);
    assert.equal((await run(['account', 'approve', '--email', 'ops@example.test', '--json'], store.env)).json.status, 'approved');
    const plan = await run(['account', 'set-plan', '--email', 'ops@example.test', '--plan', 'enterprise', '--quota', '12345', '--json'], store.env);
    assert.deepEqual([plan.json.plan, plan.json.quota], ['enterprise', 12345]);
    assert.equal((await run(['account', 'set-operator', '--email', 'ops@example.test', '--json'], store.env)).json.operator, true);

    const key = await run(['key', 'create', '--email', 'ops@example.test', '--json'], store.env);
    assert.equal(key.code, 0, key.stderr);
    assert.match(key.json.key, /^svc_live_[0-9A-Za-z]{38}$/);
    assert.match(key.json.id, /^key_[0-9a-f]{16}$/);
    const listed = await run(['key', 'list', '--email', 'ops@example.test', '--json'], store.env);
    assert.equal(listed.json.keys.length, 1);
    assert.equal(listed.json.keys[0].prefix, key.json.key.slice(0, 13));
    assert.ok(!listed.stdout.includes(key.json.key), 'the key is shown only at creation');
    const revoked = await run(['key', 'revoke', '--id', key.json.id, '--json'], store.env);
    assert.equal(revoked.code, 0);
    assert.match(revoked.json.revoked_at, /^\d{4}-/);

    assert.equal((await run(['account', 'suspend', '--email', 'ops@example.test', '--json'], store.env)).json.status, 'suspended');
    const list = await run(['account', 'list', '--json'], store.env);
    assert.equal(list.json.accounts.length, 1);
    assert.deepEqual(list.json.accounts[0].usage.used, 0);
    assert.match(list.json.accounts[0].usage.reset, /-01T00:00:00.000Z$/);
    const text = await run(['account', 'list'], store.env);
    assert.match(text.stdout, /ops@example\.test {2}suspended {2}enterprise \(12345\/month\)/);
  });
});

describe(`confgate-admin while the service runs (${STORE})`, () => {
  let store: Awaited<ReturnType<typeof createEmptyStore>>;
  let service: Awaited<ReturnType<typeof startService>>;
  before(async () => {
    store = await createEmptyStore();
    service = await startService(store.env);
  });
  after(async () => {
    await stop(service.child);
    await store.remove();
  });

  it('a key created by the CLI works at once; approval, suspension and revocation apply to the next request', async () => {
    const usage = (key: string) => fetch(`${service.url}/api/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal((await run(['account', 'create', '--email', 'live@example.test', '--plan', 'starter', '--json'], store.env)).code, 0);
    const key = await run(['key', 'create', '--email', 'live@example.test', '--json'], store.env);
    assert.equal(key.code, 0, key.stderr);
    assert.equal((await usage(key.json.key)).status, 401, 'pending account');
    assert.equal((await run(['account', 'approve', '--email', 'live@example.test', '--json'], store.env)).code, 0);
    const ok = await usage(key.json.key);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('x-ratelimit-limit'), '1000');
    assert.equal((await run(['account', 'suspend', '--email', 'live@example.test', '--json'], store.env)).code, 0);
    assert.equal((await usage(key.json.key)).status, 401, 'suspended');
    assert.equal((await run(['account', 'approve', '--email', 'live@example.test', '--json'], store.env)).code, 0);
    assert.equal((await usage(key.json.key)).status, 200);
    const listed = await run(['key', 'list', '--email', 'live@example.test', '--json'], store.env);
    assert.equal(listed.json.keys[0].requests, 2);
    assert.equal((await run(['key', 'revoke', '--id', key.json.id, '--json'], store.env)).code, 0);
    const refused = await usage(key.json.key);
    assert.equal(refused.status, 401);
    assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'unauthorized');
  });

  it('fails clearly (exit 1, stable codes) on bad input', async () => {
    const cases: [string[], string][] = [
      [['account', 'create', '--email', 'a@example.test', '--plan', 'gold', '--json'], 'invalid_option'],
      [['account', 'create', '--email', 'a@example.test', '--plan', 'enterprise', '--json'], 'invalid_option'],
      [['account', 'create', '--email', 'a@example.test', '--plan', 'free', '--quota', '5', '--json'], 'invalid_option'],
      [['account', 'create', '--email', 'nope', '--plan', 'free', '--json'], 'invalid_option'],
      [['account', 'approve', '--email', 'nobody@example.test', '--json'], 'not_found'],
      [['key', 'revoke', '--id', 'key_0000000000000000', '--json'], 'not_found'],
    ];
    for (const [args, code] of cases) {
      const res = await run(args, store.env);
      assert.equal(res.code, 1, args.join(' '));
      assert.equal(res.json.error.code, code, args.join(' '));
    }
    assert.equal((await run(['account', 'create', '--email', 'dup@example.test', '--plan', 'free', '--json'], store.env)).code, 0);
    assert.equal((await run(['account', 'create', '--email', 'dup@example.test', '--plan', 'free', '--json'], store.env)).json.error.code, 'already_exists');
    assert.equal((await run(['account', 'create', '--plan', 'free'], store.env)).code, 2, 'missing required option is a usage error');
  });

  it('refuses a sixth active key with key_limit_reached', async () => {
    await run(['account', 'create', '--email', 'five@example.test', '--plan', 'free', '--approve', '--json'], store.env);
    for (let i = 0; i < 5; i++) assert.equal((await run(['key', 'create', '--email', 'five@example.test', '--json'], store.env)).code, 0);
    const sixth = await run(['key', 'create', '--email', 'five@example.test', '--json'], store.env);
    assert.equal(sixth.code, 1);
    assert.equal(sixth.json.error.code, 'key_limit_reached');
  });
});

describe('start-up without SECRET_KEY on PostgreSQL', () => {
  it('stops with a clear configuration error', async () => {
    const res = await run([], { DATABASE_URL: TEST_DATABASE_URL, PORT: '0' }, 'src/main.ts');
    assert.equal(res.code, 1);
    assert.match(res.stderr, /configuration error: SECRET_KEY is required with DATABASE_URL/);
    assert.doesNotMatch(res.stderr, /\n\s+at /, 'no stack trace');
  });
});
