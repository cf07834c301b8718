// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// The CLI quality gate end to end: clients/python/confgate.py run by python3 (the oldest 3.8+ here) over real
// files against the real service, and against loopback stand-ins for the failures the service never produces.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { freePort } from './support/service.ts';
import { BAD_DOCKERFILE, cliService, CLEAN_DOCKERFILE, COMPOSE, fakeServer, json, OLDEST, runCli, SCRIPT, serviceReport, unprivileged, workdir } from './fixtures/cli/harness.ts';

const svc = cliService();

const cli = (args: string[], cwd: string, env: Record<string, string> = {}) => runCli(['--url', svc.url, ...args], { cwd, env });

describe(`confgate.py on Python ${OLDEST.version} (${OLDEST.python})`, () => {
  it('passes a clean Dockerfile: exit 0 and a PASS verdict', async () => {
    const res = await cli(['Dockerfile'], workdir({ Dockerfile: CLEAN_DOCKERFILE }));
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, /^Dockerfile: score 100\/100, grade A\+: no findings$/m);
    assert.match(res.stdout, /^PASS: every score is at least 80 \(lowest 100\)$/m);
    assert.equal(res.stderr, '');
  });

  it('fails a bad Dockerfile with a readable report: file:line:col, severity, rule, message, fix, score, verdict', async () => {
    const res = await cli(['Dockerfile'], workdir({ Dockerfile: BAD_DOCKERFILE }));
    assert.equal(res.status, 1, res.stderr);
    // Each finding's severity is the service's (the severity review sets them; the CLI prints them).
    const severity = async (rule: string) => (await serviceReport(svc.url, 'Dockerfile', BAD_DOCKERFILE)).findings.find((f) => f.rule_id === rule)!.severity;
    assert.ok(res.stdout.split('\n').includes(`Dockerfile:1:6: ${await severity('CGD002')} CGD002 no-latest-tag: Image "node:latest" uses the moving tag "latest".`), res.stdout);
    assert.match(res.stdout, /^Dockerfile:5:5: high CGD030 secret-in-env: ENV "API_TOKEN" holds a hard-coded secret\.$/m);
    assert.match(res.stdout, /^ {4}fix: Pass the secret at run time/m);
    const bad = await serviceReport(svc.url, 'Dockerfile', BAD_DOCKERFILE);
    assert.ok(bad.score < 80 && /^(\d) high/.test(bad.counts), `${bad.score}: ${bad.counts}`);
    const lines = res.stdout.split('\n');
    assert.ok(lines.includes(`Dockerfile: score ${bad.score}/100, grade ${bad.grade}: ${bad.counts} (1 suppressed)`), res.stdout);
    assert.ok(lines.includes(`FAIL: 1 of 1 scores are below 80 (file Dockerfile: ${bad.score})`), res.stdout);
    assert.ok(res.stdout.indexOf('Dockerfile:1:6') < res.stdout.indexOf('Dockerfile:5:5'), 'findings in file order');
    assert.doesNotMatch(res.stdout, /\x1b\[/, 'no colours when stdout is not a terminal');
  });

  it('--min-score is inclusive: N passes a score of N, N + 1 fails it; 0 passes anything', async () => {
    const dir = workdir({ Dockerfile: BAD_DOCKERFILE });
    const { score } = await serviceReport(svc.url, 'Dockerfile', BAD_DOCKERFILE);
    assert.equal((await cli(['--min-score', String(score), 'Dockerfile'], dir)).status, 0);
    assert.equal((await cli(['--min-score', String(score + 1), 'Dockerfile'], dir)).status, 1);
    assert.equal((await cli(['--min-score', '0', 'Dockerfile'], dir)).status, 0);
  });

  it('several paths are one project: every file score and the project score are gated; --format json parses', async () => {
    const dir = workdir({ 'web/Dockerfile': CLEAN_DOCKERFILE, 'docker-compose.yml': COMPOSE });
    const res = await cli(['--format', 'json', 'web/Dockerfile', 'docker-compose.yml'], dir);
    assert.equal(res.status, 1, res.stderr);
    const out = JSON.parse(res.stdout);
    assert.equal(out.passed, false);
    assert.equal(out.min_score, 80);
    assert.equal(out.analyses.length, 1);
    assert.equal(out.analyses[0].kind, 'project');
    assert.match(out.analyses[0].request_id, /^req_[0-9a-f]{16}$/);
    assert.deepEqual(out.analyses[0].report.files.map((f: any) => f.filename), ['web/Dockerfile', 'docker-compose.yml']);
    assert.deepEqual(out.scores.map((s: any) => [s.scope, s.files, s.passed]), [
      ['file', ['web/Dockerfile'], true],
      ['file', ['docker-compose.yml'], false],
      ['project', ['web/Dockerfile', 'docker-compose.yml'], false],
    ]);
    assert.equal(out.scores[2].score, out.analyses[0].report.score);
  });

  it('12 files go as 2 project requests (10 + 2), and it says so on stderr', async () => {
    const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`s${String(i).padStart(2, '0')}/Dockerfile`, CLEAN_DOCKERFILE]));
    const dir = workdir(files);
    const res = await cli(['--format', 'json', ...Object.keys(files)], dir);
    assert.equal(res.status, 0, res.stderr);
    const out = JSON.parse(res.stdout);
    assert.deepEqual(out.analyses.map((a: any) => a.files.length), [10, 2]);
    assert.notEqual(out.analyses[0].request_id, out.analyses[1].request_id);
    assert.deepEqual(out.analyses.flatMap((a: any) => a.files), Object.keys(files));
    assert.match(res.stderr, /12 files: sending 2 project requests of at most 10 files/);
  });

  it('splits by the 500 KB project limit too', async () => {
    // 6 files of 99 KB: 5 fit in 500 KB, the sixth starts a second request.
    const big = `FROM alpine:3.22\nUSER app\n#${'x'.repeat(99_000 - 28)}\n`;
    assert.equal(Buffer.byteLength(big), 99_000);
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`b${i}/Dockerfile`, big]));
    const res = await cli(['--format', 'json', ...Object.keys(files)], workdir(files));
    assert.equal(res.status, 0, res.stderr);
    assert.deepEqual(JSON.parse(res.stdout).analyses.map((a: any) => a.files.length), [5, 1]);
  });

  it('expands directories to Dockerfile and Compose names, skipping .git, node_modules and hidden dirs; a Dockerfile\'s ignore file goes with it', async () => {
    const dir = workdir({
      Dockerfile: CLEAN_DOCKERFILE,
      'Dockerfile.dockerignore': 'node_modules\n',
      'README.md': '# hi\n',
      'deploy/compose.prod.yaml': 'services:\n  app:\n    image: alpine:3.22\n',
      'deploy/api.Dockerfile': CLEAN_DOCKERFILE,
      'node_modules/pkg/Dockerfile': CLEAN_DOCKERFILE,
      '.git/Dockerfile': CLEAN_DOCKERFILE,
      '.hidden/docker-compose.yml': COMPOSE,
    });
    const res = await cli(['--min-score', '0', '--format', 'json', '.'], dir);
    assert.equal(res.status, 0, res.stderr);
    assert.deepEqual(JSON.parse(res.stdout).analyses[0].files, ['Dockerfile', 'Dockerfile.dockerignore', 'deploy/api.Dockerfile', 'deploy/compose.prod.yaml']);
  });

  it('a directory with nothing to analyze is a technical error', async () => {
    const res = await cli(['.'], workdir({ 'README.md': '# hi\n' }));
    assert.equal(res.status, 2);
    assert.match(res.stderr, /confgate: error: no file of a type the service analyzes \(Dockerfile \(also Containerfile\); Compose file; GitHub Actions workflow; GitHub Actions action \(action\.yml\); \.dockerignore \(also <name>\.Dockerfile\.dockerignore\)\) found in \./, 'a .env is no type a directory search looks for');
  });

  it('--quiet prints the verdict line only', async () => {
    const res = await cli(['--quiet', 'Dockerfile'], workdir({ Dockerfile: BAD_DOCKERFILE }));
    assert.equal(res.status, 1);
    assert.equal(res.stdout, `FAIL: 1 of 1 scores are below 80 (file Dockerfile: ${(await serviceReport(svc.url, 'Dockerfile', BAD_DOCKERFILE)).score})\n`);
    assert.equal(res.stderr, '');
  });

  it('--file-type forces the type: a Dockerfile named like a Compose file', async () => {
    const res = await cli(['--format', 'json', '--file-type', 'dockerfile', 'compose.yaml'], workdir({ 'compose.yaml': BAD_DOCKERFILE }));
    assert.equal(res.status, 1, res.stderr);
    assert.equal(JSON.parse(res.stdout).analyses[0].report.file_type, 'dockerfile');
  });

  it('CONFGATE_URL is the server when --url is absent', async () => {
    const res = await runCli(['Dockerfile'], { cwd: workdir({ Dockerfile: CLEAN_DOCKERFILE }), env: { CONFGATE_URL: svc.url } });
    assert.equal(res.status, 0, res.stderr);
  });

  it('colours only on a terminal, and never with NO_COLOR', async () => {
    const dir = workdir({ Dockerfile: BAD_DOCKERFILE });
    // python's pty module gives the CLI a terminal; the wrapper exits with the CLI's status.
    const onTty = (env: Record<string, string>) => spawnSync(OLDEST.python, ['-c', 'import os, pty, sys; sys.exit(os.waitstatus_to_exitcode(pty.spawn(sys.argv[1:])) if hasattr(os, "waitstatus_to_exitcode") else pty.spawn(sys.argv[1:]) >> 8)', OLDEST.python, SCRIPT, '--url', svc.url, 'Dockerfile'], { cwd: dir, env: { PATH: process.env['PATH']!, TERM: 'xterm', ...env }, encoding: 'utf8', timeout: 30_000 });
    const coloured = onTty({});
    assert.equal(coloured.status, 1, coloured.stderr);
    assert.match(coloured.stdout, /\x1b\[31mhigh\x1b\[0m CGD030/);
    const plain = onTty({ NO_COLOR: '1' });
    assert.equal(plain.status, 1);
    assert.match(plain.stdout, /CGD030/);
    assert.doesNotMatch(plain.stdout, /\x1b\[/);
  });

  it('--version and --help', async () => {
    const dir = workdir({});
    const version = await runCli(['--version'], { cwd: dir });
    assert.equal(version.status, 0);
    assert.match(version.stdout, /^confgate\.py \d+\.\d+\.\d+\n$/);
    const help = await runCli(['--help'], { cwd: dir });
    assert.equal(help.status, 0);
    for (const option of ['--min-score', '--sarif', '--format', '--file-type', '--url', '--timeout', '--retries', '--quiet', '--fail-on', '--profile', '--enable', '--disable',
      '--exclude', '--config', '--no-config', '--stdin-filename', '--output', '--baseline', '--write-baseline', '.confgate.json', 'Exit codes: 0']) assert.ok(help.stdout.includes(option), option);
  });
});

describe('technical errors exit 2, never 1, and leave no SARIF file', () => {
  const noSarif = (dir: string) => assert.deepEqual(readdirSync(dir).filter((f) => f !== 'Dockerfile'), [], 'no report and no temporary file');

  it('a path that does not exist', async () => {
    const dir = workdir({ Dockerfile: CLEAN_DOCKERFILE });
    const res = await cli(['--sarif', 'out.sarif', 'Dockerfile', 'missing/Dockerfile'], dir);
    assert.equal(res.status, 2);
    assert.match(res.stderr, /confgate: error: cannot read missing\/Dockerfile: no such file or directory/);
    noSarif(dir);
  });

  it('a file over 100 KB is refused before anything is sent; exactly 100 KB is sent', async () => {
    const server = await fakeServer((_req, _n, res) => json(res, 500, {}));
    try {
      const exact = `FROM alpine:3.22\n#${'a'.repeat(100_000 - 19)}\n`;
      assert.equal(Buffer.byteLength(exact), 100_000);
      const dir = workdir({ Dockerfile: `${exact}x` });
      const res = await runCli(['--url', server.url, '--sarif', 'out.sarif', 'Dockerfile'], { cwd: dir });
      assert.equal(res.status, 2);
      assert.match(res.stderr, /Dockerfile is 100001 bytes; the limit is 100 KB \(100000 bytes\) per file; nothing was sent/);
      assert.equal(server.requests.length, 0, 'no request reached the server');
      noSarif(dir);
      // Multi-byte text is measured in UTF-8 bytes, as the service does: 50,001 characters, 100,002 bytes.
      const wide = await runCli(['--url', server.url, 'Dockerfile'], { cwd: workdir({ Dockerfile: `#${'é'.repeat(50_000)}\n` }) });
      assert.equal(wide.status, 2);
      assert.equal(server.requests.length, 0);
      const ok = await cli(['Dockerfile'], workdir({ Dockerfile: exact }));
      assert.equal(ok.status, 0, ok.stderr);
    } finally {
      await server.close();
    }
  });

  it('the service refuses the request (422 unsupported_file_type): its code and request id are printed', async () => {
    const dir = workdir({ Dockerfile: CLEAN_DOCKERFILE });
    const res = await cli(['--sarif', 'out.sarif', '--file-type', 'terraform', 'Dockerfile'], dir);
    assert.equal(res.status, 2);
    assert.match(res.stderr, /HTTP 422 unsupported_file_type: file_type "terraform" is not a supported file type; .* \(request id req_[0-9a-f]{16}\)/);
    noSarif(dir);
  });

  it('content of no supported type, detected by the service (422)', async () => {
    const res = await cli(['notes.txt'], workdir({ 'notes.txt': 'hello\n' }));
    assert.equal(res.status, 2);
    assert.match(res.stderr, /HTTP 422 unsupported_file_type/);
  });

  it('server errors (500, and a 413 the service sends itself) name the code and request id', async () => {
    const server = await fakeServer((req, _n, res) => {
      // A Dockerfile with a file beside it: the CLI first asks which files go with it.
      if (req.url === '/api/file-types') return json(res, 200, { request_id: 'req_00000000000000a9', data: { items: [] } });
      const status = req.url.startsWith('/api/analyze-project') ? 413 : 500;
      const code = status === 413 ? 'project_too_large' : 'internal_error';
      json(res, status, { error: { code, message: 'as the service says', request_id: 'req_00000000000000aa' } }, { 'X-Request-Id': 'req_00000000000000aa' });
    });
    try {
      const dir = workdir({ Dockerfile: CLEAN_DOCKERFILE, 'compose.yaml': COMPOSE });
      const five = await runCli(['--url', server.url, '--sarif', 'out.sarif', 'Dockerfile'], { cwd: dir });
      assert.equal(five.status, 2);
      assert.match(five.stderr, /POST http:\/\/127\.0\.0\.1:\d+\/api\/analyze failed: HTTP 500 internal_error: as the service says \(request id req_00000000000000aa\)/);
      const four = await runCli(['--url', server.url, 'Dockerfile', 'compose.yaml'], { cwd: dir });
      assert.equal(four.status, 2);
      assert.match(four.stderr, /HTTP 413 project_too_large/);
      assert.equal(server.requests.filter((r) => r.url.startsWith('/api/analyze')).length, 2, 'neither is retried');
      assert.deepEqual(readdirSync(dir).sort(), ['Dockerfile', 'compose.yaml']);
    } finally {
      await server.close();
    }
  });

  it('a service that never answers: --timeout 1 gives up after about a second', async () => {
    const server = await fakeServer(() => undefined);
    try {
      const dir = workdir({ Dockerfile: CLEAN_DOCKERFILE });
      const res = await runCli(['--url', server.url, '--timeout', '1', '--sarif', 'out.sarif', 'Dockerfile'], { cwd: dir });
      assert.equal(res.status, 2);
      assert.match(res.stderr, /no answer within 1 s \(--timeout\)/);
      assert.ok(res.ms < 15_000, `took ${res.ms} ms`);
      assert.equal(server.requests.length, 1, 'a timeout is not retried');
      noSarif(dir);
    } finally {
      await server.close();
    }
  });

  it('nothing listening: retries with backoff, then exit 2', async () => {
    const port = await freePort();
    const dir = workdir({ Dockerfile: CLEAN_DOCKERFILE });
    const res = await runCli(['--url', `http://127.0.0.1:${port}`, '--retries', '2', '--sarif', 'out.sarif', 'Dockerfile'], { cwd: dir });
    assert.equal(res.status, 2);
    assert.match(res.stderr, /cannot connect .*; retrying in 0\.5 s \(attempt 2 of 3\)/);
    assert.match(res.stderr, /retrying in 1 s \(attempt 3 of 3\)/);
    assert.match(res.stderr, /confgate: error: POST http:\/\/127\.0\.0\.1:\d+\/api\/analyze: cannot connect/);
    assert.ok(res.ms >= 1500, 'waited 0.5 + 1 s');
    noSarif(dir);
  });

  it('429 with Retry-After is honoured and then succeeds; a Retry-After past the 30 s budget gives up at once', async () => {
    const real = await fetch(`${svc.url}/api/analyze`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ filename: 'Dockerfile', file_type: 'auto', content: CLEAN_DOCKERFILE }) });
    const report = await real.json();
    const server = await fakeServer((_req, n, res) => {
      if (n === 1) return json(res, 429, { error: { code: 'rate_limited', message: 'slow down', request_id: 'req_0000000000000001' } }, { 'Retry-After': '1' });
      if (n === 2) return json(res, 200, report);
      return json(res, 503, { error: { code: 'not_ready', message: 'down', request_id: 'req_0000000000000003' } }, { 'Retry-After': '60' });
    });
    try {
      const dir = workdir({ Dockerfile: CLEAN_DOCKERFILE });
      const ok = await runCli(['--url', server.url, 'Dockerfile'], { cwd: dir });
      assert.equal(ok.status, 0, ok.stderr);
      assert.match(ok.stderr, /HTTP 429 rate_limited: slow down \(request id req_0000000000000001\); retrying in 1 s \(attempt 2 of 4\)/);
      assert.ok(ok.ms >= 1000, 'waited for Retry-After');
      assert.equal(server.requests.length, 2);
      const busy = await runCli(['--url', server.url, 'Dockerfile'], { cwd: dir });
      assert.equal(busy.status, 2);
      assert.match(busy.stderr, /HTTP 503 not_ready: down .*; a retry would wait 60 s, past the 30 s budget/);
      assert.equal(server.requests.length, 3);
    } finally {
      await server.close();
    }
  });

  it('invalid arguments and settings', async () => {
    const dir = workdir({ Dockerfile: CLEAN_DOCKERFILE });
    for (const args of [['--min-score', '101', 'Dockerfile'], ['--min-score', 'high', 'Dockerfile'], ['--timeout', '0', 'Dockerfile'], ['--format', 'xml', 'Dockerfile'], ['--url', 'ftp://x', 'Dockerfile'], ['--bogus', 'Dockerfile'], []]) {
      const res = await runCli(args, { cwd: dir });
      assert.equal(res.status, 2, args.join(' '));
      assert.match(res.stderr, /usage: confgate\.py/);
    }
    const env = await runCli(['Dockerfile'], { cwd: dir, env: { CONFGATE_URL: 'not a url' } });
    assert.equal(env.status, 2);
    assert.match(env.stderr, /the server URL not a url \(from \$CONFGATE_URL or the default\) must be an http\(s\) URL/);
    const sarifDir = await cli(['--sarif', 'no/such/dir/out.sarif', 'Dockerfile'], dir);
    assert.equal(sarifDir.status, 2);
    assert.match(sarifDir.stderr, /cannot write no\/such\/dir\/out\.sarif: its directory does not exist/);
  });
});

describe('a path it cannot read, list or decode is exit 2 naming the path, never a skipped file (as an unprivileged user)', () => {
  const as = unprivileged();
  /** Runs the CLI as that user over `dir`, after handing it the directory and applying `lock` (as root). */
  const locked = (args: string[], dir: string, lock: () => void) => {
    as.own(dir);
    lock();
    return runCli(['--url', svc.url, ...args], { cwd: dir, python: as.python, script: as.script, user: as.user, env: { HOME: dir } });
  };

  it('a sub-directory it cannot list during directory discovery', async () => {
    const dir = workdir({ 'app/Dockerfile': CLEAN_DOCKERFILE, 'private/Dockerfile': BAD_DOCKERFILE });
    const res = await locked(['.'], dir, () => chmodSync(path.join(dir, 'private'), 0o000));
    assert.equal(res.status, 2, `${res.stdout}${res.stderr}`);
    assert.match(res.stderr, /^confgate: error: cannot read private: permission denied$/im);
    assert.doesNotMatch(res.stdout, /PASS/);
  });

  it('a file named directly that it cannot read, or that sits in a directory it cannot enter', async () => {
    const dir = workdir({ Dockerfile: CLEAN_DOCKERFILE, 'svc/Dockerfile': CLEAN_DOCKERFILE });
    const unreadable = await locked(['Dockerfile'], dir, () => chmodSync(path.join(dir, 'Dockerfile'), 0o000));
    assert.equal(unreadable.status, 2);
    assert.match(unreadable.stderr, /^confgate: error: cannot read Dockerfile: permission denied$/im);
    const shut = await locked(['svc/Dockerfile'], dir, () => chmodSync(path.join(dir, 'svc'), 0o000));
    assert.equal(shut.status, 2);
    assert.match(shut.stderr, /^confgate: error: cannot read svc\/Dockerfile: permission denied$/im, 'not "no such file"');
  });

  it('a file that is not UTF-8, named or found in a directory, is not sent with its bytes replaced', async () => {
    // The service's own file-type list (directory discovery asks for it); any other request is recorded, answered 500.
    const server = await fakeServer((req, _n, res) => {
      if (req.url !== '/api/file-types') return json(res, 500, {});
      void fetch(`${svc.url}${req.url}`).then(async (real) => json(res, real.status, await real.json()));
    });
    try {
      const dir = workdir({ 'ok/Dockerfile': CLEAN_DOCKERFILE });
      // Latin-1 "café" in a comment: the byte 0xE9 starts no valid UTF-8 sequence here.
      writeFileSync(path.join(dir, 'Dockerfile'), Buffer.concat([Buffer.from('FROM alpine:3.22\n# caf'), Buffer.from([0xe9]), Buffer.from('\nUSER app\n')]));
      for (const target of ['Dockerfile', '.']) {
        const res = await locked(['--url', server.url, target], dir, () => {});
        assert.equal(res.status, 2, res.stderr);
        assert.match(res.stderr, /^confgate: error: cannot decode Dockerfile: not UTF-8 text \(invalid byte at offset 22\); nothing was sent$/m, target);
      }
      assert.deepEqual(server.requests.map((r) => r.url), ['/api/file-types'], 'no analysis was requested');
    } finally {
      await server.close();
    }
  });
});

describe('the script itself', () => {
  it('parses as Python 3.8 (ast feature_version) and uses the standard library only', () => {
    const check = [
      'import ast, sys',
      'tree = ast.parse(open(sys.argv[1]).read(), feature_version=(3, 8))',
      'mods = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}',
      'mods |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}',
      'print(" ".join(sorted(mods)))',
    ].join('\n');
    const res = spawnSync('python3', ['-c', check, SCRIPT], { encoding: 'utf8' });
    assert.equal(res.status, 0, res.stderr);
    const stdlib = new Set(['argparse', 'difflib', 'email', 'fnmatch', 'hashlib', 'http', 'json', 'os', 're', 'socket', 'stat', 'subprocess', 'sys', 'tempfile', 'time', 'urllib']);
    for (const mod of res.stdout.trim().split(' ')) assert.ok(stdlib.has(mod), `${mod} is not in the allowed standard-library set`);
    assert.match(readFileSync(SCRIPT, 'utf8'), /^#!\/usr\/bin\/env python3\n/);
  });

  it('also runs on the machine\'s default python3', async () => {
    const res = await runCli(['--url', svc.url, '--format', 'json', 'Dockerfile'], { cwd: workdir({ Dockerfile: BAD_DOCKERFILE }), python: 'python3' });
    assert.equal(res.status, 1, res.stderr);
    assert.equal(JSON.parse(res.stdout).scores[0].score, (await serviceReport(svc.url, 'Dockerfile', BAD_DOCKERFILE)).score);
  });

  it('is executable', () => {
    assert.ok(existsSync(SCRIPT));
    assert.equal(spawnSync(SCRIPT, ['--version'], { encoding: 'utf8' }).status, 0);
  });
});
