// The service process as operators run it: start-up on the store under test, readiness, the admin CLI while
// it runs, graceful shutdown on SIGTERM, recovery after SIGKILL, and clear configuration errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createEmptyStore, STORE } from './support/store.ts';
import { adminCli, startService } from './support/service.ts';

let empty: Awaited<ReturnType<typeof createEmptyStore>>;
before(async () => {
  empty = await createEmptyStore();
});
after(async () => empty.remove());

describe('service process', () => {
  it('starts, serves, answers the admin CLI while running, and stops cleanly on SIGTERM', async () => {
    const svc = await startService(empty.env);
    const ready = (await (await fetch(`${svc.url}/readyz`)).json()) as { data: { store: string } };
    assert.equal(ready.data.store, STORE);
    const status = adminCli(['status', '--json'], empty.env);
    assert.equal(status.status, 0, status.stderr);
    const parsed = JSON.parse(status.stdout);
    assert.equal(parsed.store, STORE);
    assert.deepEqual(parsed.pending_migrations, []);
    assert.equal(await svc.stop('SIGTERM'), 0);
    assert.match(svc.output(), /"msg":"stopped"/);
    if (STORE === 'embedded') assert.equal(existsSync(path.join(empty.env['DATA_DIR']!, 'confgate.lock')), false, 'lock released');
  });
  it('comes back after SIGKILL with its data', async () => {
    const first = await startService(empty.env);
    await first.stop('SIGKILL');
    const second = await startService(empty.env);
    try {
      const status = adminCli(['status', '--json'], empty.env);
      assert.equal(status.status, 0, status.stderr);
      assert.ok(JSON.parse(status.stdout).schema_version >= 1);
    } finally {
      assert.equal(await second.stop('SIGTERM'), 0);
    }
  });
  it('the admin CLI opens the store itself when no service runs', () => {
    const res = adminCli(['migrate', '--json'], empty.env);
    assert.equal(res.status, 0, res.stderr);
    assert.deepEqual(JSON.parse(res.stdout).applied_now, []);
  });
});

describe('start-up errors', () => {
  for (const [env, message] of [
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ PUBLIC_BASE_URL: 'not a url' }, /PUBLIC_BASE_URL must be an absolute/],
    [{ ROLE: 'everything' }, /ROLE must be one of/],
  ] as const) {
    it(`${Object.keys(env)[0]} invalid: exit 1 with a clear message and no stack`, () => {
      const res = spawnSync(process.execPath, ['src/main.ts'], { env: { ...process.env, ...empty.env, ...env }, encoding: 'utf8', timeout: 30_000 });
      assert.equal(res.status, 1);
      assert.match(res.stderr, message);
      assert.doesNotMatch(res.stderr, /\n\s+at /, 'no stack trace');
    });
  }
  it('admin CLI: usage errors exit 2', () => {
    assert.equal(adminCli(['frobnicate'], empty.env).status, 2);
    assert.equal(adminCli(['status', '--bogus'], empty.env).status, 2);
  });
});
