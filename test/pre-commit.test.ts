// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// The pre-commit hook (.pre-commit-hooks.yaml) run by `pre-commit` itself (Debian's package; scripts/test.ts installs
// it when missing and it can), as a user's repository uses it: a hook repository made of this checkout's hook file and
// CLI, a sample repository whose .pre-commit-config.yaml names it, `pre-commit run` and `git commit` against the real
// service on loopback. Nothing is fetched from a package index: the hook is a `script`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { BAD_DOCKERFILE, CLEAN_DOCKERFILE, cliService } from './fixtures/cli/harness.ts';

const svc = cliService();
const home = mkdtempSync(path.join(os.tmpdir(), 'confgate-pre-commit-'));
const ENV = {
  PATH: process.env['PATH']!,
  HOME: home,
  LANG: 'C.UTF-8',
  // pre-commit's cache of hook repositories, private to this run.
  PRE_COMMIT_HOME: path.join(home, 'cache'),
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
};

function run(cmd: string, args: string[], cwd: string) {
  const res = spawnSync(cmd, args, { cwd, env: ENV, encoding: 'utf8', timeout: 120_000 });
  if (res.error) throw res.error;
  return { status: res.status, out: res.stdout + res.stderr };
}

function git(cwd: string, ...args: string[]): string {
  const res = run('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], cwd);
  assert.equal(res.status, 0, res.out);
  return res.out.trim();
}

/** A repository holding what a hook repository needs: the hook file and the CLI, committed. */
function hookRepository(): { dir: string; rev: string } {
  const dir = path.join(home, 'hooks');
  mkdirSync(path.join(dir, 'clients/python'), { recursive: true });
  copyFileSync('.pre-commit-hooks.yaml', path.join(dir, '.pre-commit-hooks.yaml'));
  copyFileSync('clients/python/confgate.py', path.join(dir, 'clients/python/confgate.py'));
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'hooks');
  return { dir, rev: git(dir, 'rev-parse', 'HEAD') };
}

let hooks: { dir: string; rev: string };
let n = 0;

/** A sample repository with `files` staged and a config naming the hook with the service's URL. */
function sample(files: Record<string, string>): string {
  const dir = path.join(home, `sample-${n++}`);
  mkdirSync(dir);
  git(dir, 'init', '-q');
  const config = `repos:\n  - repo: ${hooks.dir}\n    rev: ${hooks.rev}\n    hooks:\n      - id: confgate\n        args: [--url, '${svc.url}']\n`;
  for (const [name, content] of Object.entries({ ...files, '.pre-commit-config.yaml': config })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  git(dir, 'add', '-A');
  return dir;
}

before(() => {
  const version = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
  assert.equal(version.status, 0, 'pre-commit is missing: scripts/test.ts installs Debian\'s pre-commit package (apt-get install -y pre-commit)');
  hooks = hookRepository();
});

describe('the pre-commit hook', () => {
  it('fails on a bad Dockerfile, printing the CLI\'s verdict; only the files it knows are passed', () => {
    const dir = sample({ Dockerfile: BAD_DOCKERFILE, 'README.md': '# not analyzed\n', 'deploy/compose.yaml': 'services:\n  web:\n    image: nginx:1.27\n' });
    const res = run('pre-commit', ['run', '--all-files', '--verbose'], dir);
    assert.equal(res.status, 1, res.out);
    assert.match(res.out, /Confgate quality gate\.+Failed/);
    assert.match(res.out, /^deploy\/compose\.yaml: score \d+\/100/m);
    assert.match(res.out, /^FAIL: 2 of 3 scores are below \d+ \(file Dockerfile: \d+; project Dockerfile, deploy\/compose\.yaml: \d+\)$/m);
    assert.doesNotMatch(res.out, /README/);
  });

  it('passes clean files, and is skipped when no file it knows changed', () => {
    const clean = sample({ Dockerfile: CLEAN_DOCKERFILE });
    const passed = run('pre-commit', ['run', '--all-files'], clean);
    assert.equal(passed.status, 0, passed.out);
    assert.match(passed.out, /Confgate quality gate\.+Passed/);
    const none = sample({ 'README.md': '# nothing to gate\n' });
    const skipped = run('pre-commit', ['run', '--all-files'], none);
    assert.equal(skipped.status, 0, skipped.out);
    assert.match(skipped.out, /Confgate quality gate\.+\(no files to check\)Skipped/);
  });

  it('installed as the git hook, it stops the commit of a bad Dockerfile', () => {
    const dir = sample({ Dockerfile: BAD_DOCKERFILE });
    assert.equal(run('pre-commit', ['install'], dir).status, 0);
    const commit = run('git', ['commit', '-qm', 'add a Dockerfile'], dir);
    assert.equal(commit.status, 1, commit.out);
    assert.match(commit.out, /Confgate quality gate\.+Failed/);
    assert.notEqual(run('git', ['rev-parse', '--verify', '-q', 'HEAD'], dir).status, 0, 'nothing was committed');
  });
});
