// `npm test` (scripts/test.ts) on a machine that lacks what a test needs: it says what is missing and how to get
// it before running any test, and exits 2.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';

describe('npm test on a machine without Chromium', () => {
  it('stops before any test with the missing browser and the command that installs it', () => {
    const res = spawnSync(process.execPath, ['scripts/test.ts', 'src/core/scoring.test.ts', 'test/browser/web-pages.test.ts'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, TEST_STORES: 'embedded', CONFGATE_TEST_CHROMIUM: '/nonexistent/chromium' },
    });
    assert.equal(res.status, 2, res.stdout + res.stderr);
    assert.match(res.stderr, /need Chromium at \/nonexistent\/chromium, which is missing\. Nothing was run\./);
    assert.match(res.stderr, /apt-get update && apt-get install -y --no-install-recommends chromium/);
    assert.doesNotMatch(res.stdout, /^### /m, 'no test run started');
  });
});

describe('npm test runs store-agnostic files once and times each part', () => {
  it('runs a file that does not read the store once, one that does once per store, and prints each part’s time', () => {
    const res = spawnSync(process.execPath, ['scripts/test.ts', 'src/core/scoring.test.ts', 'test/lint.test.ts', 'test/worker.test.ts'], {
      encoding: 'utf8',
      timeout: 240_000,
      // Without the parent runner's context, which would make the child runners report to it instead.
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_TEST_CONTEXT')), TEST_STORES: 'embedded,postgres' },
    });
    assert.equal(res.status, 0, res.stdout + res.stderr);
    const parts = [...res.stdout.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    assert.deepEqual(parts, ['unit', 'integration (any store)', 'integration-embedded', 'integration-postgres']);
    const summary = res.stdout.slice(res.stdout.lastIndexOf('## summary'));
    for (const [part, files] of [['unit', 1], ['integration \\(any store\\)', 1], ['integration-embedded', 1], ['integration-postgres', 1]] as const) {
      assert.match(summary, new RegExp(`^${part}: ${files} files, [1-9]\\d* passed, 0 failed in \\d+\\.\\d s$`, 'm'));
    }
    assert.match(summary, /^total: \d+\.\d s$/m);
    // lint.test.ts (no store) ran in the store-agnostic part only; worker.test.ts (opens a store) in each store's.
    const section = (name: string) => res.stdout.slice(res.stdout.indexOf(`### ${name}`)).split(/^### /m)[1] ?? '';
    assert.match(section('integration (any store)'), /lint: storage imports nothing above it/);
    assert.doesNotMatch(section('integration-embedded'), /lint: storage imports nothing above it/);
    assert.match(section('integration-embedded'), /▶ worker/);
    assert.match(section('integration-postgres'), /▶ worker/);
  });
});

describe('npm test -- --list: which files run once and which once per store', () => {
  it('lists the split without running anything; files that start the service are split by what they assert', () => {
    const res = spawnSync(process.execPath, ['scripts/test.ts', '--list'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, TEST_STORES: 'embedded,postgres' } });
    assert.equal(res.status, 0, res.stdout + res.stderr);
    assert.doesNotMatch(res.stdout, /^### /m, 'no test run started');
    const [onceText, perStoreText] = res.stdout.split(/^## once per store \(embedded, postgres\): \d+ files$/m);
    assert.ok(perStoreText !== undefined, res.stdout);
    const listed = (text: string) => new Set([...text.matchAll(/^(test\/\S+\.test\.ts)/gm)].map((m) => m[1]));
    const once = listed(onceText!);
    const perStore = listed(perStoreText);
    // [file, 'once' | 'per store']: the analysis API, pages and the CLI once; the partner API, accounts, keys,
    // quotas, scans, webhooks, storage, and what asserts on tables, counters or readiness once per store.
    const expected: Array<[string, 'once' | 'per store']> = [
      ['test/project-analysis.test.ts', 'once'],
      ['test/rule-config-api.test.ts', 'once'],
      // Reads every table for the fixed content (main's privacy check since the rebase): on each store.
      ['test/fixes-api.test.ts', 'per store'],
      ['test/cli-fix.test.ts', 'once'],
      ['test/cli.test.ts', 'once'],
      ['test/openapi-document.test.ts', 'once'],
      ['test/hostile/slow-clients.test.ts', 'once'],
      ['test/browser/fixes-page.test.ts', 'once'],
      ['test/browser/layout.test.ts', 'once'],
      ['test/browser/web-pages.test.ts', 'once'],
      ['test/lint.test.ts', 'once'],
      ['test/scans.test.ts', 'per store'],
      ['test/webhooks.test.ts', 'per store'],
      ['test/keys.test.ts', 'per store'],
      ['test/quota.test.ts', 'per store'],
      ['test/storage.test.ts', 'per store'],
      ['test/worker.test.ts', 'per store'],
      ['test/accounts-web.test.ts', 'per store'],
      ['test/browser/developer-flow.test.ts', 'per store'],
      ['test/analysis-api.test.ts', 'per store'],
      ['test/privacy.test.ts', 'per store'],
      ['test/hostile/http-fuzz.test.ts', 'per store'],
    ];
    for (const [file, where] of expected) {
      assert.deepEqual([once.has(file), perStore.has(file)], where === 'once' ? [true, false] : [false, true], `${file}: ${where}`);
    }
  });
});
