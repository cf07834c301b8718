// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// A monorepo through the CLI against a service at its default public rate limit (PUBLIC_RATE_LIMIT 60/m per
// address, a token bucket): 500 files go as 50 project requests of 10, and the run completes (issue #22).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { serviceForFile } from './support/file-service.ts';
import { CLEAN_DOCKERFILE, runCli, workdir } from './fixtures/cli/harness.ts';

// No PUBLIC_RATE_LIMIT override: the limit every anonymous CI job meets.
const svc = serviceForFile({ PUBLIC_RATE_LIMIT: '' }, true);

describe('a monorepo of 500 files at the default public rate limit', () => {
  it('is sent as 50 project requests of 10 files and passes', async () => {
    const files = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`services/s${String(i).padStart(3, '0')}/Dockerfile`, CLEAN_DOCKERFILE]));
    const dir = workdir(files);
    mkdirSync(path.join(dir, '.git'));
    const res = await runCli(['--url', svc.url, '--format', 'json', '.'], { cwd: dir });
    assert.equal(res.status, 0, res.stderr);
    const out = JSON.parse(res.stdout);
    assert.equal(out.analyses.length, 50);
    assert.ok(out.analyses.every((a: { files: string[] }) => a.files.length === 10));
    assert.equal(new Set(out.analyses.flatMap((a: { files: string[] }) => a.files)).size, 500);
    assert.match(res.stderr, /500 files: sending 50 project requests of at most 10 files/);
    assert.doesNotMatch(res.stderr, /HTTP 429/, 'within the limit: no request was refused');
  });
});
