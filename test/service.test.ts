// The service process as operators run it: start-up on the store under test, readiness, the admin CLI while
// it runs, graceful shutdown on SIGTERM, recovery after SIGKILL, and clear configuration errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
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
  it('closes a kept-alive connection idle for twice REQUEST_TIMEOUT_MS, after announcing a shorter keep-alive', async () => {
    const svc = await startService({ ...empty.env, REQUEST_TIMEOUT_MS: '1000' });
    try {
      const socket = net.connect({ port: svc.port, host: '127.0.0.1' });
      let received = '';
      let answeredAt = 0;
      socket.on('data', (d: Buffer) => {
        received += d.toString('latin1');
        answeredAt = Date.now();
      });
      socket.on('error', () => undefined);
      const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
      // HTTP/1.1 keeps the connection by default; after the answer it sends nothing more.
      socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      const open = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 15_000).unref());
      const closed = await Promise.race([closedAt, open]);
      socket.destroy();
      assert.match(received, /^HTTP\/1\.1 200 /);
      assert.ok(closed !== undefined, 'still open 15 s after the answer (Fastify\'s default keep-alive is 72 s)');
      const idle = closed - answeredAt;
      // Documented: 2000 ms. The window allows for a loaded machine, not for the 72 s default or a 1 s close.
      assert.ok(idle >= 1500 && idle < 12_000, `closed after ${idle} ms idle`);
      assert.match(received, /\r\nkeep-alive: timeout=1\r\n/i, 'clients are told to stop reusing it before it closes');
    } finally {
      await svc.stop('SIGTERM');
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
