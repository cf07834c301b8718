// The analysis pool on real worker threads: the same reports as on the event loop, the expected refusal, and what
// happens when a thread hangs, stops or throws, or too many analyses wait (a misbehaving thread module stands in for
// a bug; test/fixtures/analysis-threads/misbehaving.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLogger } from '../logger.ts';
import { UnsupportedFileType } from '../analysis/analyze.ts';
import { AnalysisPool, PER_THREAD } from './analysis-pool.ts';
import { ApiError } from './errors.ts';

const engine = { helpBaseUrl: 'http://confgate.test' };
const log = createLogger('silent');
const MISBEHAVING = new URL('../../test/fixtures/analysis-threads/misbehaving.ts', import.meta.url);
const DOCKERFILE = { filename: 'Dockerfile', content: 'FROM node:latest\nRUN apt-get install curl\n' };
const COMPOSE = { filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    privileged: true\n' };

function pool(settings: Partial<{ threads: number; timeoutMs: number; queueLimit: number }>, threadUrl?: URL): AnalysisPool {
  return new AnalysisPool({ threads: 1, timeoutMs: 10_000, queueLimit: 256, ...settings }, engine, log, threadUrl);
}

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (err) => err instanceof ApiError && err.code === code && err.status === 503);
}

describe('AnalysisPool', () => {
  it('gives the reports the event loop gives, for files and projects, on two threads', async () => {
    const threads = pool({ threads: 2 });
    const inline = pool({ threads: 0 });
    try {
      for (const p of [threads, inline]) p.warm();
      const jobs = (p: AnalysisPool) => Promise.all([p.analyzeFile(DOCKERFILE), p.analyzeFile({ ...COMPOSE, fileType: 'compose' }), p.analyzeProject([DOCKERFILE, COMPOSE])]);
      const [a, b] = await Promise.all([jobs(threads), jobs(inline)]);
      assert.deepEqual(a.map((x) => [x.json, x.counts]), b.map((x) => [x.json, x.counts]));
      const [file, compose, project] = a;
      assert.ok(file.report().findings.length > 0);
      assert.deepEqual(file.counts, [{ fileType: 'dockerfile', score: file.report().score, severity: file.report().severity }]);
      assert.equal(compose.report().file_type, 'compose');
      assert.deepEqual(project.counts.map((c) => c.fileType), ['dockerfile', 'compose', 'project']);
      assert.equal(project.counts[2]!.score, project.report().score);
    } finally {
      await Promise.all([threads.close(), inline.close()]);
    }
  });

  it('refuses a file of no supported type with its index, on a thread and on the event loop', async () => {
    for (const threads of [1, 0]) {
      const p = pool({ threads });
      try {
        await assert.rejects(p.analyzeFile({ filename: 'notes.txt', content: 'hello' }), (err) => err instanceof UnsupportedFileType && err.index === 0);
        await assert.rejects(p.analyzeProject([DOCKERFILE, { filename: 'notes.txt', content: 'hello' }]), (err) => err instanceof UnsupportedFileType && err.index === 1);
      } finally {
        await p.close();
      }
    }
  });

  it('fails an analysis past the timeout with analysis_failed and replaces its thread', async () => {
    const p = pool({ timeoutMs: 300 }, MISBEHAVING);
    try {
      await rejectsWith(p.analyzeFile({ filename: 'hang', content: '' }), 'analysis_failed');
      assert.deepEqual({ ...p.stats(), stopped: [...p.stats().stopped] }, { threads: 0, queued: 0, held: 0, stopped: [['timeout', 1]] });
      assert.equal((await p.analyzeFile(DOCKERFILE)).report().file_type, 'dockerfile');
      assert.equal(p.stats().threads, 1);
    } finally {
      await p.close();
    }
  });

  it('fails what a thread held when it exits or throws, and goes on on a new thread', async () => {
    const p = pool({}, MISBEHAVING);
    try {
      for (const filename of ['crash', 'throw']) {
        const held = await Promise.allSettled([p.analyzeFile({ filename, content: '' }), p.analyzeFile(DOCKERFILE)]);
        for (const r of held) assert.equal(r.status === 'rejected' && (r.reason as ApiError).code, 'analysis_failed', filename);
        assert.equal((await p.analyzeFile(DOCKERFILE)).report().file_type, 'dockerfile', `after ${filename}`);
      }
      assert.deepEqual([...p.stats().stopped], [['exit', 1], ['Error', 1]], 'the exit, then the error thrown out of the job');
    } finally {
      await p.close();
    }
  });

  it('refuses with analysis_busy beyond the queue limit, and fails what waits when closed', async () => {
    const p = pool({ queueLimit: 1 }, MISBEHAVING);
    // The thread holds PER_THREAD analyses (the first hangs), the queue one more.
    const held = [rejectsWith(p.analyzeFile({ filename: 'hang', content: '' }), 'analysis_failed')];
    for (let i = 1; i <= PER_THREAD; i++) held.push(rejectsWith(p.analyzeFile(DOCKERFILE), 'analysis_failed'));
    assert.deepEqual([p.stats().threads, p.stats().held, p.stats().queued], [1, PER_THREAD, 1]);
    await assert.rejects(p.analyzeFile(DOCKERFILE), (err) => err instanceof ApiError && err.code === 'analysis_busy' && err.headers['Retry-After'] === '1');
    await p.close();
    await Promise.all(held);
    await rejectsWith(p.analyzeFile(DOCKERFILE), 'analysis_failed');
  });
});
