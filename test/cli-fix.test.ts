// npm test: store-agnostic — the CLI against /api/analyze-project only; nothing read or asserted depends on the store.
// The CLI's --fix, --fix=all and --diff (issue 23), run as a subprocess against the real service: files are written
// only once every analysis succeeded, the gate judges the fixed files (exit 0/1/2 as usual), --diff prints a unified
// diff on stdout and writes nothing.
import assert from 'node:assert/strict';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cliService, fakeServer, runCli, workdir } from './fixtures/cli/harness.ts';

const svc = cliService();
const cli = (args: string[], cwd: string, input?: string) => runCli(['--url', svc.url, ...args], { cwd, ...(input === undefined ? {} : { input }) });

/** High (an issue title pasted into a script): fails the default gate; the safe fix moves it to env:. */
const WORKFLOW = 'on: issues\npermissions: {}\njobs:\n  greet:\n    runs-on: ubuntu-24.04\n    timeout-minutes: 5\n    steps:\n      - run: |\n          echo "${{ github.event.issue.title }}"\n';
const WORKFLOW_FIXED = 'on: issues\npermissions: {}\njobs:\n  greet:\n    runs-on: ubuntu-24.04\n    timeout-minutes: 5\n    steps:\n      - run: |\n          echo "${ISSUE_TITLE}"\n        env:\n          ISSUE_TITLE: ${{ github.event.issue.title }}\n';
const DOCKERFILE = 'FROM debian:12\nMAINTAINER ops@example.com\nRUN apt-get install -y curl\n';
const DOCKERFILE_SAFE = 'FROM debian:12\nLABEL org.opencontainers.image.authors="ops@example.com"\nRUN apt-get install --no-install-recommends -y curl\n';
const WORKFLOW_PATH = '.github/workflows/greet.yml';

const read = (dir: string, name: string) => readFileSync(path.join(dir, name), 'utf8');

describe('confgate.py --fix / --diff', () => {
  it('without --fix the workflow fails the gate; --fix writes the safe fixes and the gate passes the fixed file', async () => {
    const dir = workdir({ [WORKFLOW_PATH]: WORKFLOW, Dockerfile: DOCKERFILE });
    chmodSync(path.join(dir, 'Dockerfile'), 0o640);
    const before = await cli([WORKFLOW_PATH], dir);
    assert.equal(before.status, 1, before.stdout + before.stderr);
    // A bare --fix takes no value: the path after it is a path.
    const res = await cli(['--fix', WORKFLOW_PATH, 'Dockerfile'], dir);
    assert.equal(res.status, 0, res.stdout + res.stderr);
    assert.equal(read(dir, WORKFLOW_PATH), WORKFLOW_FIXED);
    assert.equal(read(dir, 'Dockerfile'), DOCKERFILE_SAFE);
    assert.equal(statSync(path.join(dir, 'Dockerfile')).mode & 0o777, 0o640, 'the file keeps its mode');
    assert.match(res.stderr, /applied 3 fixes in 2 of 2 files \(safe fixes\)/);
    assert.match(res.stdout, /^PASS/m);
    // Fixing again changes nothing.
    const again = await cli(['--fix', WORKFLOW_PATH, 'Dockerfile'], dir);
    assert.equal(again.status, 0);
    assert.match(again.stderr, /applied 0 fixes in 0 of 2 files/);
    assert.equal(read(dir, 'Dockerfile'), DOCKERFILE_SAFE);
  });

  it('--fix=all applies the unsafe fixes too; the gate judges the fixed file', async () => {
    const dir = workdir({ Dockerfile: DOCKERFILE });
    const before = await cli(['--fail-on', 'info', 'Dockerfile'], dir);
    assert.equal(before.status, 1, 'the file as written has findings');
    const res = await cli(['--fix=all', '--fail-on', 'info', 'Dockerfile'], dir);
    assert.equal(read(dir, 'Dockerfile'), `${DOCKERFILE_SAFE}USER 65534\n`);
    assert.match(res.stderr, /\(safe and unsafe fixes\)/);
    assert.equal(res.status, 0, res.stdout + res.stderr);
    assert.match(res.stdout, /^Dockerfile: score 100\/100, grade A\+: no findings$/m);
    const bad = await cli(['--fix=some', 'Dockerfile'], dir);
    assert.equal(bad.status, 2);
  });

  it('--diff prints a unified diff on stdout and writes nothing; the report goes to stderr; stdin works', async () => {
    const dir = workdir({ [WORKFLOW_PATH]: WORKFLOW });
    const res = await cli(['--diff', WORKFLOW_PATH], dir);
    assert.equal(res.status, 0, res.stderr);
    assert.equal(read(dir, WORKFLOW_PATH), WORKFLOW);
    assert.equal(res.stdout, [
      `--- a/${WORKFLOW_PATH}`,
      `+++ b/${WORKFLOW_PATH}`,
      '@@ -6,4 +6,6 @@',
      '     timeout-minutes: 5',
      '     steps:',
      '       - run: |',
      '-          echo "${{ github.event.issue.title }}"',
      '+          echo "${ISSUE_TITLE}"',
      '+        env:',
      '+          ISSUE_TITLE: ${{ github.event.issue.title }}',
      '',
    ].join('\n'));
    assert.match(res.stderr, /^PASS/m);
    const stdin = await cli(['--diff', '--stdin-filename', 'Dockerfile', '-'], dir, DOCKERFILE);
    assert.equal(stdin.status, 0, stdin.stderr);
    assert.match(stdin.stdout, /^\+LABEL org\.opencontainers\.image\.authors="ops@example\.com"$/m);
    // A named .env file is analyzed but never echoed back, nor written.
    const envDir = workdir({ 'compose.yaml': 'version: "3.9"\nservices:\n  web:\n    image: nginx:1.27\n    env_file: .env\n', '.env': 'API_TOKEN=s3cr3t-v4lue-4412\n' });
    const withEnv = await cli(['--fix', 'compose.yaml', '.env'], envDir);
    assert.notEqual(withEnv.status, 2, withEnv.stderr);
    assert.equal(read(envDir, '.env'), 'API_TOKEN=s3cr3t-v4lue-4412\n');
    assert.doesNotMatch(read(envDir, 'compose.yaml'), /version/);
    assert.ok(!(withEnv.stdout + withEnv.stderr).includes('s3cr3t'));
    const write = await cli(['--fix', '-'], dir, DOCKERFILE);
    assert.equal(write.status, 2);
    assert.match(write.stderr, /stdin \(-\) is no file: use --diff/);
  });

  it('writes nothing when any analysis fails (exit 2)', async () => {
    // The first file's request reaches the real service; the second's fails.
    const proxy = await fakeServer((req, n, res) => {
      if (n > 1) {
        res.writeHead(422, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'invalid_request', message: 'no', request_id: 'req_00000000000000ab' } }));
        return;
      }
      void fetch(`${svc.url}${req.url}`, { method: req.method, headers: { 'content-type': 'application/json' }, body: req.body }).then(async (r) => {
        res.writeHead(r.status, { 'Content-Type': 'application/json' });
        res.end(await r.text());
      });
    });
    try {
      const dir = workdir({ a: DOCKERFILE, b: DOCKERFILE });
      const res = await runCli(['--url', proxy.url, '--retries', '0', '--file-type', 'dockerfile', '--fix', 'a', 'b'], { cwd: dir });
      assert.equal(res.status, 2, res.stderr);
      assert.equal(proxy.requests.length, 2);
      assert.match(proxy.requests[0]!.body, /"fix": ?"safe"/);
      assert.equal(read(dir, 'a'), DOCKERFILE, 'the first file, fixed by the service, is not written');
      assert.equal(read(dir, 'b'), DOCKERFILE);
    } finally {
      await proxy.close();
    }
  });
});
