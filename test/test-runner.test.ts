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
