// The spec's privacy promise, proven: content and file names sent through every endpoint and error path
// appear nowhere — not in any table, not in any log line (at trace level), not in temporary files. And the
// technical security log is purged after its retention period.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createLogger } from '../src/logger.ts';
import { purgeTask } from '../src/worker/tasks/purge.ts';
import { startTestApp } from './support/app.ts';
import { dumpTables } from './support/store.ts';

function recentTempFiles(since: number): string[] {
  const out: string[] = [];
  const visit = (dir: string, depth: number) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of entries) {
      const p = path.join(dir, name);
      try {
        const st = statSync(p);
        if (st.isDirectory() && depth < 2) visit(p, depth + 1);
        else if (st.isFile() && st.mtimeMs >= since && st.size < 10_000_000) out.push(p);
      } catch {
        // vanished meanwhile
      }
    }
  };
  visit(tmpdir(), 0);
  return out;
}

describe('privacy', () => {
  it('submitted content and file names are never stored or logged, on any path', async () => {
    const started = Date.now();
    const t = await startTestApp({ LOG_LEVEL: 'trace' });
    const m = () => `MARK${randomBytes(6).toString('hex')}`;
    const markers: string[] = [];
    const mark = () => {
      const x = m();
      markers.push(x);
      return x;
    };
    const json = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
    const raw = (url: string, type: string, payload: string) => t.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
    const form = (files: [string, string][], extra: [string, string][] = []) =>
      raw('/analyze', 'application/x-www-form-urlencoded', new URLSearchParams([...files.flatMap(([filename, content]): [string, string][] => [['filename', filename], ['content', content]]), ...extra]).toString());
    const df = () => `FROM node:latest\nENV API_TOKEN=${mark()}\nRUN curl -k https://${mark()}.example.com | sh\n`;
    const statuses = [
      (await json('/api/analyze', { filename: `${mark()}/Dockerfile`, file_type: 'auto', content: df() })).statusCode,
      (await json('/api/analyze', { filename: `${mark()}.yml`, file_type: 'compose', content: `services:\n  ${mark()}:\n    image: x\n    environment:\n      PASSWORD: ${mark()}\n` })).statusCode,
      (await json('/api/analyze?note=' + mark(), { filename: `${mark()}.md`, file_type: 'auto', content: `# ${mark()}` })).statusCode,
      (await json('/api/analyze', { filename: `${mark()}`, file_type: mark(), content: df() })).statusCode,
      (await json('/api/analyze', { filename: `${mark()}`, file_type: 'dockerfile', content: mark().repeat(10_000) })).statusCode,
      (await json('/api/analyze', { filename: mark(), file_type: 'auto' })).statusCode,
      (await json('/api/analyze', { filename: mark(), file_type: 'auto', content: 7 })).statusCode,
      (await raw('/api/analyze', 'application/json', `{"filename":"${mark()}","content":"${mark()}`)).statusCode,
      (await raw('/api/analyze', 'text/plain', `${mark()}`)).statusCode,
      (await json('/api/analyze-project', { files: [{ filename: `${mark()}/Dockerfile`, content: df() }, { filename: `${mark()}/compose.yaml`, content: `services:\n  a:\n    build: ./${mark()}\n` }] })).statusCode,
      (await json('/api/analyze-project', { files: [{ filename: `Dockerfile`, content: df() }, { filename: 'Dockerfile', content: df() }] })).statusCode,
      (await json('/api/analyze-project', { files: Array.from({ length: 11 }, () => ({ filename: mark(), content: df() })) })).statusCode,
      (await json('/api/analyze-project', { files: [{ filename: mark(), content: `hello ${mark()}` }] })).statusCode,
      (await json(`/api/${mark()}`, { content: mark() })).statusCode,
      // The analyzer page's form (no JavaScript): one file, a project, "add another file", and its refusals.
      (await form([[`${mark()}/Dockerfile`, df()]], [['file_type', 'auto']])).statusCode,
      (await form([[`${mark()}/Dockerfile`, df()], [`${mark()}/compose.yaml`, `services:\n  a:\n    build: ./${mark()}\n`]])).statusCode,
      (await form([[`${mark()}/Dockerfile`, df()]], [['add_file', '1']])).statusCode,
      (await form([['Dockerfile', df()], ['Dockerfile', df()]])).statusCode,
      (await form([[`${mark()}.md`, `# ${mark()}`], [`${mark()}/Dockerfile`, df()]])).statusCode,
      (await form([[`${mark()}`, df()], [`${mark()}`, mark().repeat(10_000)]])).statusCode,
    ];
    assert.deepEqual(statuses, [200, 200, 422, 422, 413, 422, 422, 400, 415, 200, 422, 422, 422, 404, 200, 200, 200, 422, 422, 413]);
    await t.app.close(); // flushes the buffered security log and counters
    const tables = await dumpTables(t.store.db);
    await t.store.destroy();
    assert.match(tables, /security_log/);
    assert.match(tables, /\/api\/analyze/, 'the security log did record the requests');
    assert.match(tables, /"route":"\/analyze"/, 'and the form posts');
    const logs = t.logs.join('');
    assert.ok(logs.length > 0, 'logs were captured');
    // Other test files create and delete temporary files meanwhile: one gone before it is read has nothing to show.
    const temp = recentTempFiles(started).map((f) => {
      try {
        return readFileSync(f, 'latin1');
      } catch {
        return '';
      }
    }).join('\n');
    for (const marker of markers) {
      assert.ok(!tables.includes(marker), `marker ${marker} found in the database`);
      assert.ok(!logs.includes(marker), `marker ${marker} found in the logs`);
      assert.ok(!temp.includes(marker), `marker ${marker} found in a temporary file`);
    }
  });
});

describe('security log retention', () => {
  it('entries older than 14 days are purged by the hourly job; newer ones stay; the next run is scheduled', async () => {
    const t = await startTestApp();
    try {
      const now = new Date('2031-06-20T12:00:00Z');
      const ages = [20, 15, 13, 1];
      for (const days of ages) {
        t.clock.now = new Date(now.getTime() - days * 86_400_000);
        await t.app.inject({ method: 'GET', url: '/api/file-types' });
      }
      await t.app.close();
      const before = await t.store.db.query<{ at: Date }>('SELECT at FROM security_log ORDER BY at');
      assert.equal(before.length, 4);
      const task = purgeTask(14);
      await task.run({ id: 0, kind: 'purge', payload: {}, attempts: 1, max_attempts: 3, run_at: now }, { db: t.store.db, clock: () => now, log: createLogger('silent') });
      const after = await t.store.db.query<{ at: Date }>('SELECT at FROM security_log ORDER BY at');
      assert.deepEqual(after.map((r) => Math.round((now.getTime() - new Date(r.at).getTime()) / 86_400_000)), [13, 1]);
      const next = await t.store.db.query<{ run_at: Date }>("SELECT run_at FROM jobs WHERE kind = 'purge'");
      assert.deepEqual(next.map((r) => new Date(r.run_at).toISOString()), ['2031-06-20T13:00:00.000Z']);
    } finally {
      await t.store.destroy();
    }
  });
});
