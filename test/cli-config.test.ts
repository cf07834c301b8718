// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// The CLI's configuration (issue #19): .confgate.json found upward from the analyzed paths or named with --config,
// merged with --profile/--enable/--disable/--min-score/--fail-on, and the profile and rules it sends with every
// analysis; and (issue #22) --exclude, stdin (-) and --fail-on. clients/python/confgate.py runs as a subprocess
// against the real service; where the test is about what the CLI sends, a loopback recorder in front of the real
// service keeps every request body.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BAD_DOCKERFILE, cliService, CLEAN_DOCKERFILE, COMPOSE, fakeServer, json, runCli, serviceReport, workdir } from './fixtures/cli/harness.ts';

const svc = cliService();

const cli = (args: string[], cwd: string, input?: string | Buffer) => runCli(['--url', svc.url, ...args], { cwd, ...(input === undefined ? {} : { input }) });
const config = (value: unknown) => JSON.stringify(value);
/** A directory that is its own repository root (.git), so no configuration file above it is read. */
const repo = (files: Record<string, string>) => {
  const dir = workdir(files);
  mkdirSync(path.join(dir, '.git'));
  return dir;
};
/** The files the CLI sent, in order (from --format json). */
const sent = (stdout: string): string[] => JSON.parse(stdout).analyses.flatMap((a: { files: string[] }) => a.files);

/** A loopback recorder in front of the real service: every request reaches the service, its body is kept. */
async function recorder() {
  const server = await fakeServer((req, _n, res) => {
    void fetch(`${svc.url}${req.url}`, { method: req.method, headers: { 'content-type': 'application/json' }, ...(req.method === 'POST' ? { body: req.body } : {}) })
      .then(async (real) => json(res, real.status, await real.json(), { 'X-Request-Id': real.headers.get('x-request-id') ?? '' }));
  });
  const analyses = () => server.requests.filter((r) => r.url.startsWith('/api/analyze')).map((r) => JSON.parse(r.body) as Record<string, unknown>);
  return { ...server, analyses };
}

/** The settings part of a request body (what is not the file). */
const settingsOf = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([k]) => !['filename', 'file_type', 'content', 'files'].includes(k)));

describe('.confgate.json is found upward from the analyzed paths, or named with --config', () => {
  // BAD_DOCKERFILE scores from 40 to 79 (high findings, no critical): min_score 40 in the file that applies makes it
  // pass (exit 0); no file, 80, fails it (1).
  const PASS40 = config({ min_score: 40 });
  it('(the premise: BAD_DOCKERFILE scores from 40 to 79)', async () => {
    const { score } = await serviceReport(svc.url, 'Dockerfile', BAD_DOCKERFILE);
    assert.ok(score >= 40 && score < 80, `${score}`);
  });
  const cases: { name: string; files: Record<string, string>; git?: string[]; cwd?: string; args: string[]; status: number; config: string | null }[] = [
    { name: 'in the working directory', files: { '.confgate.json': PASS40, Dockerfile: BAD_DOCKERFILE }, args: ['Dockerfile'], status: 0, config: '.confgate.json' },
    { name: 'in a parent of the file', files: { '.confgate.json': PASS40, 'svc/api/Dockerfile': BAD_DOCKERFILE }, args: ['svc/api/Dockerfile'], status: 0, config: '.confgate.json' },
    { name: 'above the working directory', files: { '.confgate.json': PASS40, 'svc/Dockerfile': BAD_DOCKERFILE }, cwd: 'svc', args: ['Dockerfile'], status: 0, config: '../.confgate.json' },
    { name: 'from a directory argument', files: { 'svc/.confgate.json': PASS40, 'svc/Dockerfile': BAD_DOCKERFILE }, args: ['svc'], status: 0, config: 'svc/.confgate.json' },
    { name: 'the nearest one wins', files: { '.confgate.json': config({ min_score: 90 }), 'svc/.confgate.json': PASS40, 'svc/Dockerfile': BAD_DOCKERFILE }, args: ['svc/Dockerfile'], status: 0, config: 'svc/.confgate.json' },
    { name: 'in the repository root (the directory holding .git)', files: { 'repo/.confgate.json': PASS40, 'repo/svc/Dockerfile': BAD_DOCKERFILE }, git: ['repo'], args: ['repo/svc/Dockerfile'], status: 0, config: 'repo/.confgate.json' },
    { name: 'not above the repository root: the search stops at .git', files: { '.confgate.json': PASS40, 'repo/svc/Dockerfile': BAD_DOCKERFILE }, git: ['repo'], args: ['repo/svc/Dockerfile'], status: 1, config: null },
    { name: 'a .git file (a worktree) stops it too', files: { '.confgate.json': PASS40, 'repo/.git': 'gitdir: /elsewhere\n', 'repo/Dockerfile': BAD_DOCKERFILE }, args: ['repo/Dockerfile'], status: 1, config: null },
    { name: 'a directory named .confgate.json is not a configuration', files: { '.confgate.json/x': '', Dockerfile: BAD_DOCKERFILE }, args: ['Dockerfile'], status: 1, config: null },
    { name: '--config names another file, and no search is made', files: { '.confgate.json': config({ min_score: 90 }), 'ci/gate.json': PASS40, Dockerfile: BAD_DOCKERFILE }, args: ['--config', 'ci/gate.json', 'Dockerfile'], status: 0, config: 'ci/gate.json' },
    { name: '--no-config reads none', files: { '.confgate.json': PASS40, Dockerfile: BAD_DOCKERFILE }, args: ['--no-config', 'Dockerfile'], status: 1, config: null },
    { name: '--min-score wins over the file', files: { '.confgate.json': PASS40, Dockerfile: BAD_DOCKERFILE }, args: ['--min-score', '90', 'Dockerfile'], status: 1, config: '.confgate.json' },
    { name: 'several paths under the same file', files: { '.confgate.json': PASS40, 'a/Dockerfile': BAD_DOCKERFILE, 'b/Dockerfile': BAD_DOCKERFILE }, args: ['a/Dockerfile', 'b'], status: 0, config: '.confgate.json' },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const dir = workdir(c.files);
      // The top of each case is a repository, so nothing above it is read; some cases hold one more below it.
      for (const g of ['.', ...(c.git ?? [])]) mkdirSync(path.join(dir, g, '.git'), { recursive: true });
      const res = await cli(['--format', 'json', ...c.args], path.join(dir, c.cwd ?? '.'));
      assert.equal(res.status, c.status, res.stderr);
      const out = JSON.parse(res.stdout);
      assert.equal(out.config, c.config);
      assert.equal(out.min_score, c.args.includes('--min-score') ? 90 : c.config ? 40 : 80);
    });
  }

  it('paths under different configuration files are a technical error naming both', async () => {
    const dir = repo({ 'a/.confgate.json': config({ min_score: 60 }), 'a/Dockerfile': BAD_DOCKERFILE, 'b/Dockerfile': CLEAN_DOCKERFILE });
    const res = await cli(['a/Dockerfile', 'b/Dockerfile'], dir);
    assert.equal(res.status, 2);
    assert.match(res.stderr, /confgate: error: the paths have different configuration files \(a\/Dockerfile: a\/\.confgate\.json; b\/Dockerfile: none\): analyze them in separate runs, or name one file with --config/);
  });

  it('a discovered file is named on stderr; --quiet keeps it quiet', async () => {
    const dir = repo({ '.confgate.json': config({}), Dockerfile: CLEAN_DOCKERFILE });
    const res = await cli(['Dockerfile'], dir);
    assert.equal(res.status, 0, res.stderr);
    assert.equal(res.stderr, 'confgate: configuration: .confgate.json\n');
    assert.equal((await cli(['--quiet', 'Dockerfile'], dir)).stderr, '');
  });
});

describe('a configuration file it cannot use is exit 2 naming the file and the key, before anything is sent', () => {
  const cases: { name: string; text: string; error: RegExp }[] = [
    { name: 'an unknown key', text: config({ min_score: 80, minScore: 70 }), error: /\.confgate\.json: unknown key "minScore"; the keys are profile, rules, exclude, min_score, fail_on$/ },
    { name: 'an unknown key of rules', text: config({ rules: { ignore: ['CGD001'] } }), error: /\.confgate\.json: unknown key "rules\.ignore"; the keys of rules are enable, disable, severity, options$/ },
    { name: 'not JSON', text: '{"profile": "strict",}', error: /\.confgate\.json: not valid JSON: .*line 1 column 22 \(char 21\)$/ },
    { name: 'not an object', text: '["strict"]', error: /\.confgate\.json: must hold a JSON object/ },
    { name: 'profile not a string', text: config({ profile: 1 }), error: /\.confgate\.json: profile must be a string/ },
    { name: 'min_score a string', text: config({ min_score: '80' }), error: /\.confgate\.json: min_score must be an integer from 0 to 100$/ },
    { name: 'min_score a boolean', text: config({ min_score: true }), error: /\.confgate\.json: min_score must be an integer from 0 to 100$/ },
    { name: 'min_score over 100', text: config({ min_score: 101 }), error: /\.confgate\.json: min_score must be an integer from 0 to 100$/ },
    { name: 'min_score a fraction', text: config({ min_score: 79.5 }), error: /\.confgate\.json: min_score must be an integer from 0 to 100$/ },
    { name: 'fail_on not a severity', text: config({ fail_on: 'severe' }), error: /\.confgate\.json: fail_on must be one of info, low, medium, high, critical$/ },
    { name: 'exclude a string', text: config({ exclude: 'test/**' }), error: /\.confgate\.json: exclude must be a list of strings$/ },
    { name: 'an empty exclude pattern', text: config({ exclude: ['a/**', ''] }), error: /\.confgate\.json: exclude\[1\] must be a non-empty string$/ },
    { name: 'a negated exclude pattern', text: config({ exclude: ['!keep/'] }), error: /\.confgate\.json: exclude\[0\] "!keep\/": negated patterns \(!\) are not supported$/ },
    { name: 'rules not an object', text: config({ rules: ['CGD001'] }), error: /\.confgate\.json: rules must be an object/ },
    { name: 'rules.enable a string', text: config({ rules: { enable: 'CGD001' } }), error: /\.confgate\.json: rules\.enable must be a list of strings$/ },
    { name: 'rules.disable holding a number', text: config({ rules: { disable: ['CGD001', 2] } }), error: /\.confgate\.json: rules\.disable\[1\] must be a non-empty string$/ },
    { name: 'rules.severity a list', text: config({ rules: { severity: ['CGD001'] } }), error: /\.confgate\.json: rules\.severity must be an object of rule to severity/ },
    { name: 'a severity not a string', text: config({ rules: { severity: { CGD020: 1 } } }), error: /\.confgate\.json: rules\.severity\.CGD020 must be a string/ },
    { name: 'rules.options of a rule not an object', text: config({ rules: { options: { CGD007: ['docker.io'] } } }), error: /\.confgate\.json: rules\.options\.CGD007 must be an object of the rule's options$/ },
    { name: 'not UTF-8', text: '{"profile": "caf\xe9"}', error: /\.confgate\.json: not UTF-8 text \(invalid byte at offset 16\)$/ },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const server = await fakeServer((_req, _n, res) => json(res, 500, {}));
      try {
        const dir = repo({ Dockerfile: CLEAN_DOCKERFILE });
        writeFileSync(path.join(dir, '.confgate.json'), c.name === 'not UTF-8' ? Buffer.from(c.text, 'latin1') : c.text);
        const res = await runCli(['--url', server.url, 'Dockerfile'], { cwd: dir });
        assert.equal(res.status, 2, res.stderr);
        assert.match(res.stderr.trim(), new RegExp(`^confgate: error: ${c.error.source}`, 'm'));
        assert.equal(res.stdout, '');
        assert.equal(server.requests.length, 0, 'nothing was sent');
      } finally {
        await server.close();
      }
    });
  }

  it('--config naming a file that does not exist', async () => {
    const res = await cli(['--config', 'nope.json', 'Dockerfile'], repo({ Dockerfile: CLEAN_DOCKERFILE }));
    assert.equal(res.status, 2);
    assert.match(res.stderr, /^confgate: error: cannot read nope\.json: no such file or directory$/m);
  });
});

describe('profile and rules: what the CLI sends, from the file and the flags', () => {
  const cases: { name: string; file?: unknown; args: string[]; sends: Record<string, unknown>; catalogue: boolean }[] = [
    { name: 'nothing configured: no profile or rules field (the service\'s defaults)', args: [], sends: {}, catalogue: false },
    { name: 'the file\'s profile and rules, as written', file: { profile: 'strict', rules: { enable: ['CGD008'], disable: ['missing-user'], severity: { CGD002: 'low' }, options: { CGD007: { registries: ['registry.example.com'] } } } }, args: [],
      sends: { profile: 'strict', rules: { enable: ['CGD008'], disable: ['missing-user'], severity: { CGD002: 'low' }, options: { CGD007: { registries: ['registry.example.com'] } } } }, catalogue: false },
    { name: '--profile wins over the file', file: { profile: 'strict' }, args: ['--profile', 'recommended'], sends: { profile: 'recommended' }, catalogue: false },
    { name: 'repeatable flags and comma lists, blanks dropped', args: ['--disable', 'CGD001, CGD002', '--disable', 'no-latest-tag,', '--enable', 'CGD008'], sends: { rules: { enable: ['CGD008'], disable: ['CGD001', 'CGD002', 'no-latest-tag'] } }, catalogue: false },
    { name: 'flags add to the file\'s lists', file: { rules: { disable: ['CGD001'] } }, args: ['--disable', 'CGD002'], sends: { rules: { disable: ['CGD001', 'CGD002'] } }, catalogue: false },
    { name: '--enable takes a rule out of the file\'s disable list, by id or by name', file: { rules: { disable: ['CGD001', 'missing-user'], enable: ['CGD008'] } }, args: ['--enable', 'CGD020'],
      sends: { rules: { enable: ['CGD008', 'CGD020'], disable: ['CGD001'] } }, catalogue: true },
    { name: '--disable takes a rule out of the file\'s enable list', file: { rules: { enable: ['CGD002', 'CGD008'] } }, args: ['--disable', 'no-latest-tag'],
      sends: { rules: { enable: ['CGD008'], disable: ['no-latest-tag'] } }, catalogue: true },
    { name: 'an id in any letter case names the rule', file: { rules: { disable: ['CGD020'] } }, args: ['--enable', 'cgd020'],
      sends: { rules: { enable: ['cgd020'] } }, catalogue: true },
    { name: 'a rule named twice is sent once', file: { rules: { disable: ['CGD001'] } }, args: ['--disable', 'CGD001'], sends: { rules: { disable: ['CGD001'] } }, catalogue: false },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const rec = await recorder();
      try {
        const dir = repo({ 'web/Dockerfile': CLEAN_DOCKERFILE, 'compose.yaml': COMPOSE, ...(c.file ? { '.confgate.json': config(c.file) } : {}) });
        const one = await runCli(['--url', rec.url, '--min-score', '0', 'web/Dockerfile', ...c.args], { cwd: dir });
        const project = await runCli(['--url', rec.url, '--min-score', '0', 'web/Dockerfile', 'compose.yaml', ...c.args], { cwd: dir });
        for (const res of [one, project]) assert.ok(res.status === 0 || res.status === 2, res.stderr);
        const [file, proj] = rec.analyses();
        assert.deepEqual(settingsOf(file!), c.sends, '/api/analyze');
        assert.deepEqual(settingsOf(proj!), c.sends, '/api/analyze-project');
        assert.ok(Array.isArray(proj!['files']));
        assert.equal(rec.requests.some((r) => r.url === '/api/rules'), c.catalogue, 'the catalogue is asked only to match ids and names');
      } finally {
        await rec.close();
      }
    });
  }

  it('a 422 naming a field the CLI sent: the service\'s message, where the value came from, exit 2', async () => {
    // The service's answer to an unknown rule (issue #19): 422 invalid_request naming the field.
    // A Dockerfile with files beside it: the CLI first asks which of them go with it (GET /api/file-types).
    const server = await fakeServer((req, _n, res) => (req.url === '/api/file-types' ? json(res, 200, { request_id: 'req_0000000000000041', data: { items: [] } }) : json(res, 422, { error: { code: 'invalid_request', message: 'rules.disable[1]: no rule has the id or name "CGD999"', request_id: 'req_0000000000000042' } })));
    try {
      const dir = repo({ '.confgate.json': config({ rules: { disable: ['CGD001'] }, profile: 'strict' }), Dockerfile: CLEAN_DOCKERFILE });
      const res = await runCli(['--url', server.url, '--disable', 'CGD999', 'Dockerfile'], { cwd: dir });
      assert.equal(res.status, 2);
      assert.match(res.stderr, /^confgate: error: POST http:\/\/127\.0\.0\.1:\d+\/api\/analyze failed: HTTP 422 invalid_request: rules\.disable\[1\]: no rule has the id or name "CGD999" \(request id req_0000000000000042\) \(rules\.disable\[1\] is from --disable\)$/m);
      assert.equal(res.stdout, '');
      const fromFile = await fakeServer((req, _n, res2) => (req.url === '/api/file-types' ? json(res2, 200, { request_id: 'req_0000000000000041', data: { items: [] } }) : json(res2, 422, { error: { code: 'invalid_request', message: 'profile: must be one of recommended, strict', request_id: 'req_0000000000000043' } })));
      try {
        const res2 = await runCli(['--url', fromFile.url, 'Dockerfile'], { cwd: dir });
        assert.equal(res2.status, 2);
        assert.match(res2.stderr, /\(profile is from \.confgate\.json\)$/m);
      } finally {
        await fromFile.close();
      }
    } finally {
      await server.close();
    }
  });
});

describe('--exclude and the configuration\'s exclude: gitignore-style globs', () => {
  const TREE = {
    Dockerfile: CLEAN_DOCKERFILE,
    'compose.yaml': COMPOSE,
    'api/Dockerfile': CLEAN_DOCKERFILE,
    'api/test/Dockerfile': CLEAN_DOCKERFILE,
    'web/Dockerfile': CLEAN_DOCKERFILE,
    'web/fixtures/deep/Dockerfile': CLEAN_DOCKERFILE,
    'svc1/Dockerfile': CLEAN_DOCKERFILE,
    'svc2/Dockerfile': CLEAN_DOCKERFILE,
    'svc3/compose.dev.yaml': COMPOSE,
  };
  const ALL = ['Dockerfile', 'api/Dockerfile', 'api/test/Dockerfile', 'compose.yaml', 'svc1/Dockerfile', 'svc2/Dockerfile', 'svc3/compose.dev.yaml', 'web/Dockerfile', 'web/fixtures/deep/Dockerfile'];
  const cases: { patterns: string[]; left: string[] }[] = [
    { patterns: [], left: [] },
    { patterns: ['Dockerfile'], left: ['Dockerfile', 'api/Dockerfile', 'api/test/Dockerfile', 'svc1/Dockerfile', 'svc2/Dockerfile', 'web/Dockerfile', 'web/fixtures/deep/Dockerfile'] },
    { patterns: ['/Dockerfile'], left: ['Dockerfile'] },
    { patterns: ['./Dockerfile'], left: ['Dockerfile'] },
    { patterns: ['test/'], left: ['api/test/Dockerfile'] },
    { patterns: ['api/**'], left: ['api/Dockerfile', 'api/test/Dockerfile'] },
    { patterns: ['**/fixtures/**'], left: ['web/fixtures/deep/Dockerfile'] },
    { patterns: ['web/**/Dockerfile'], left: ['web/Dockerfile', 'web/fixtures/deep/Dockerfile'] },
    { patterns: ['svc[12]'], left: ['svc1/Dockerfile', 'svc2/Dockerfile'] },
    { patterns: ['svc?/*.yaml'], left: ['svc3/compose.dev.yaml'] },
    { patterns: ['*.dev.yaml', 'compose.yaml'], left: ['compose.yaml', 'svc3/compose.dev.yaml'] },
    { patterns: ['Dockerfile/'], left: [], },
  ];
  for (const c of cases) {
    it(`--exclude ${c.patterns.join(' --exclude ') || '(none)'}`, async () => {
      const res = await cli(['--format', 'json', ...c.patterns.flatMap((p) => ['--exclude', p]), '.'], repo(TREE));
      // Only the Compose files score below 80.
      assert.equal(res.status, c.left.includes('compose.yaml') && c.left.includes('svc3/compose.dev.yaml') ? 0 : 1, res.stderr);
      assert.deepEqual(sent(res.stdout).sort(), ALL.filter((f) => !c.left.includes(f)));
      if (c.left.length) assert.match(res.stderr, new RegExp(`left out \\d+ excluded paths?`));
    });
  }

  it('--exclude is relative to each directory argument; a file argument is matched by its name as given', async () => {
    const dir = repo(TREE);
    const res = await cli(['--format', 'json', '--exclude', '/Dockerfile', 'api', 'web'], dir);
    assert.deepEqual(sent(res.stdout), ['api/test/Dockerfile', 'web/fixtures/deep/Dockerfile']);
    const named = await cli(['--format', 'json', '--exclude', 'api/test/**', 'api/test/Dockerfile', 'Dockerfile'], dir);
    assert.equal(named.status, 0, named.stderr);
    assert.deepEqual(sent(named.stdout), ['Dockerfile']);
    assert.match(named.stderr, /^confgate: api\/test\/Dockerfile is excluded by api\/test\/\*\* \(--exclude\)$/m);
  });

  it('the configuration\'s exclude is relative to its own directory, from wherever the CLI runs', async () => {
    const dir = repo({ ...TREE, '.confgate.json': config({ exclude: ['api/test/', 'web/fixtures/**'] }) });
    const fromRoot = await cli(['--format', 'json', '.'], dir);
    assert.deepEqual(sent(fromRoot.stdout).sort(), ALL.filter((f) => f !== 'api/test/Dockerfile' && f !== 'web/fixtures/deep/Dockerfile'));
    const fromApi = await cli(['--format', 'json', '.'], path.join(dir, 'api'));
    assert.deepEqual(sent(fromApi.stdout), ['Dockerfile']);
    // With --exclude both apply.
    const both = await cli(['--format', 'json', '--exclude', 'svc*', '--exclude', 'web', '.'], dir);
    assert.deepEqual(sent(both.stdout).sort(), ['Dockerfile', 'api/Dockerfile', 'compose.yaml']);
  });

  it('every file excluded is a technical error, not a pass on nothing', async () => {
    const res = await cli(['--exclude', '**', '.'], repo(TREE));
    assert.equal(res.status, 2);
    assert.match(res.stderr, /^confgate: error: nothing to analyze in \.: every file found is excluded \(\d+ paths\)$/m);
    const bad = await cli(['--exclude', '!api', '.'], repo(TREE));
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--exclude "!api": negated patterns \(!\) are not supported/);
  });
});

describe('stdin: - reads one file, --stdin-filename names it', () => {
  it('named: its type from the name, its name in the report, the configuration\'s settings apply', async () => {
    const dir = repo({ '.confgate.json': config({ min_score: 40 }) });
    const res = await cli(['--format', 'json', '--stdin-filename', 'app/Dockerfile', '-'], dir, BAD_DOCKERFILE);
    assert.equal(res.status, 0, res.stderr);
    const out = JSON.parse(res.stdout);
    assert.deepEqual(out.analyses[0].files, ['app/Dockerfile']);
    assert.equal(out.analyses[0].report.file_type, 'dockerfile');
    assert.equal(out.scores[0].score, (await serviceReport(svc.url, 'app/Dockerfile', BAD_DOCKERFILE)).score);
    assert.equal(out.config, '.confgate.json');
    const text = await cli(['--no-config', '--filename', 'compose.yaml', '-'], dir, COMPOSE);
    assert.equal(text.status, 1, text.stderr);
    assert.match(text.stdout, /^compose\.yaml:4:17: \w+ CGC003 /m);
  });

  it('unnamed: "-" in reports, the service detects the type from the content', async () => {
    const res = await cli(['--format', 'json', '-'], repo({}), BAD_DOCKERFILE);
    assert.equal(res.status, 1, res.stderr);
    const out = JSON.parse(res.stdout);
    assert.deepEqual(out.analyses[0].files, ['-']);
    assert.equal(out.analyses[0].report.file_type, 'dockerfile');
    assert.equal(out.analyses[0].report.detection.method, 'content');
  });

  it('with other paths it is one more file of the project', async () => {
    const res = await cli(['--format', 'json', '--min-score', '0', '--stdin-filename', 'compose.yaml', 'web/Dockerfile', '-'], repo({ 'web/Dockerfile': CLEAN_DOCKERFILE }), 'services:\n  web:\n    build: ./web\n');
    assert.equal(res.status, 0, res.stderr);
    const out = JSON.parse(res.stdout);
    assert.equal(out.analyses[0].kind, 'project');
    assert.deepEqual(out.analyses[0].files, ['web/Dockerfile', 'compose.yaml']);
  });

  it('excluded by name, too big, not UTF-8, read twice, or named without -: exit 2', async () => {
    const dir = repo({ '.confgate.json': config({ exclude: ['test/'] }) });
    const cases: { args: string[]; input: string | Buffer; error: RegExp }[] = [
      { args: ['--stdin-filename', 'test/Dockerfile', '-'], input: CLEAN_DOCKERFILE, error: /nothing to analyze: the file on stdin \(test\/Dockerfile\) is excluded by test\/ \(\.confgate\.json\)$/ },
      { args: ['-'], input: `#${'x'.repeat(100_000)}\n`, error: /stdin is over 100 KB \(100000 bytes\), the limit per file; nothing was sent$/ },
      { args: ['-'], input: Buffer.from([0x46, 0x52, 0x4f, 0x4d, 0x20, 0xff, 0x0a]), error: /cannot decode stdin: not UTF-8 text \(invalid byte at offset 5\); nothing was sent$/ },
      { args: ['-', '-'], input: CLEAN_DOCKERFILE, error: /stdin \(-\) can be read once only$/ },
      { args: ['--stdin-filename', 'Dockerfile', '.'], input: CLEAN_DOCKERFILE, error: /--stdin-filename names the file read from stdin, but no path is - \(stdin\)$/ },
    ];
    for (const c of cases) {
      const res = await cli(c.args, dir, c.input);
      assert.equal(res.status, 2, c.args.join(' '));
      assert.match(res.stderr, new RegExp(`^confgate: error: ${c.error.source}`, 'm'), c.args.join(' '));
    }
  });
});

describe('--fail-on: a finding at or above a severity fails the gate too', () => {
  // BAD_DOCKERFILE: one high finding (CGD030 at 5:5) and others below it, one suppressed; the verdicts name the
  // service's score and the findings at or above the severity, in file order.
  const SUPPRESSED_ONLY = '# hadolint ignore=DL3007\nFROM alpine:latest\nUSER app\n';
  const RANK = ['info', 'low', 'medium', 'high', 'critical'];
  const atOrAbove = async (severity: string) => (await serviceReport(svc.url, 'Dockerfile', BAD_DOCKERFILE)).findings
    .filter((f) => RANK.indexOf(f.severity) >= RANK.indexOf(severity))
    .sort((x, y) => x.location.start_line - y.location.start_line || x.location.start_column - y.location.start_column || x.rule_id.localeCompare(y.rule_id))
    .map((f) => `Dockerfile:${f.location.start_line}:${f.location.start_column} ${f.rule_id}`);
  const cases: { args: string[]; content: string; status: number; verdict: (score: number) => Promise<string> }[] = [
    { args: ['--min-score', '0', '--fail-on', 'critical'], content: BAD_DOCKERFILE, status: 0, verdict: async (s) => `PASS: every score is at least 0 (lowest ${s}); no finding at or above critical` },
    { args: ['--min-score', '0', '--fail-on', 'high'], content: BAD_DOCKERFILE, status: 1, verdict: async () => { const all = await atOrAbove('high'); return `FAIL: ${all.length} finding${all.length === 1 ? '' : 's'} at or above high (${all.join(', ')})`; } },
    { args: ['--min-score', '0', '--fail-on', 'info'], content: BAD_DOCKERFILE, status: 1, verdict: async () => { const all = await atOrAbove('info'); return `FAIL: ${all.length} findings at or above info (${all.join(', ')})`; } },
    { args: ['--fail-on', 'high'], content: BAD_DOCKERFILE, status: 1, verdict: async (s) => { const all = await atOrAbove('high'); return `FAIL: 1 of 1 scores are below 80 (file Dockerfile: ${s}); ${all.length} finding${all.length === 1 ? '' : 's'} at or above high (${all.join(', ')})`; } },
    { args: ['--fail-on', 'info'], content: SUPPRESSED_ONLY, status: 0, verdict: async () => 'PASS: every score is at least 80 (lowest 100); no finding at or above info' },
    { args: ['--fail-on', 'info'], content: CLEAN_DOCKERFILE, status: 0, verdict: async () => 'PASS: every score is at least 80 (lowest 100); no finding at or above info' },
  ];
  for (const c of cases) {
    it(`${c.args.join(' ')} on ${c.content === BAD_DOCKERFILE ? 'a file with a high finding' : c.content === CLEAN_DOCKERFILE ? 'a clean file' : 'a file whose only finding is suppressed'}: exit ${c.status}`, async () => {
      const res = await cli(['--quiet', ...c.args, 'Dockerfile'], repo({ Dockerfile: c.content }));
      assert.equal(res.status, c.status, res.stderr);
      assert.equal(res.stdout, `${await c.verdict((await serviceReport(svc.url, 'Dockerfile', c.content)).score)}\n`);
    });
  }

  it('from the configuration file, and --fail-on over it; JSON lists the findings that failed it', async () => {
    const dir = repo({ '.confgate.json': config({ fail_on: 'medium', min_score: 0 }), Dockerfile: BAD_DOCKERFILE });
    const fromFile = await cli(['--format', 'json', 'Dockerfile'], dir);
    assert.equal(fromFile.status, 1);
    const out = JSON.parse(fromFile.stdout);
    assert.equal(out.fail_on, 'medium');
    assert.deepEqual(out.failing_findings.map((f: any) => `${f.file}:${f.line}:${f.column} ${f.rule_id}`), await atOrAbove('medium'));
    assert.ok(out.failing_findings.length >= 2, 'a high and at least one medium');
    const flag = await cli(['--format', 'json', '--fail-on', 'critical', 'Dockerfile'], dir);
    assert.equal(flag.status, 0, flag.stderr);
    assert.equal(JSON.parse(flag.stdout).fail_on, 'critical');
  });

  it('in a project run, every file\'s findings and the cross-file findings count', async () => {
    const dir = repo({ 'web/Dockerfile': CLEAN_DOCKERFILE, 'compose.yaml': COMPOSE, 'ops/compose.yaml': 'services:\n  web:\n    build: ./nowhere\n' });
    const res = await cli(['--quiet', '--min-score', '0', '--fail-on', 'high', 'web/Dockerfile', 'compose.yaml'], dir);
    assert.equal(res.status, 1);
    assert.equal(res.stdout, 'FAIL: 1 finding at or above high (compose.yaml:4:17 CGC003)\n');
    // A build context that does not exist (CGP001, a cross-file finding) counts under --fail-on info.
    const project = await cli(['--format', 'json', '--min-score', '0', '--fail-on', 'info', 'web/Dockerfile', 'ops/compose.yaml'], dir);
    assert.equal(project.status, 1);
    const out = JSON.parse(project.stdout);
    assert.ok(out.analyses[0].report.project_findings.some((f: any) => f.rule_id === 'CGP001'), 'the project has a cross-file finding');
    assert.ok(out.failing_findings.some((f: any) => f.rule_id === 'CGP001' && f.file === 'ops/compose.yaml' && f.line === 3));
  });

  it('an unknown severity is a usage error', async () => {
    const res = await cli(['--fail-on', 'severe', 'Dockerfile'], repo({ Dockerfile: CLEAN_DOCKERFILE }));
    assert.equal(res.status, 2);
    assert.match(res.stderr, /argument --fail-on: invalid choice: 'severe'/);
  });
});

// These need the service's side of issue #19 (the `profile` and `rules` fields of both analysis endpoints).
describe('profile and rules as the service applies them', () => {
  it('--profile strict: every report states it (file and project)', async () => {
    const dir = repo({ Dockerfile: CLEAN_DOCKERFILE, 'compose.yaml': COMPOSE });
    const one = JSON.parse((await cli(['--format', 'json', '--min-score', '0', '--profile', 'strict', 'Dockerfile'], dir)).stdout);
    assert.equal(one.analyses[0].report.profile, 'strict');
    const both = JSON.parse((await cli(['--format', 'json', '--min-score', '0', '--profile', 'strict', 'Dockerfile', 'compose.yaml'], dir)).stdout);
    assert.equal(both.analyses[0].report.profile, 'strict');
    const plain = JSON.parse((await cli(['--format', 'json', '--min-score', '0', 'Dockerfile'], dir)).stdout);
    assert.equal(plain.analyses[0].report.profile, 'recommended');
  });

  it('a rule disabled by id on the command line, or by name in the file, is not run', async () => {
    const flag = await cli(['--format', 'json', '--disable', 'CGD030', 'Dockerfile'], repo({ Dockerfile: BAD_DOCKERFILE }));
    const fromFlag = JSON.parse(flag.stdout).analyses[0].report;
    assert.deepEqual(fromFlag.findings.filter((f: any) => f.rule_id === 'CGD030'), []);
    assert.ok(fromFlag.score > (await serviceReport(svc.url, 'Dockerfile', BAD_DOCKERFILE)).score, `${fromFlag.score}`);
    const file = await cli(['--format', 'json', 'Dockerfile'], repo({ '.confgate.json': config({ rules: { disable: ['secret-in-env'] } }), Dockerfile: BAD_DOCKERFILE }));
    assert.deepEqual(JSON.parse(file.stdout).analyses[0].report.findings.filter((f: any) => f.rule_id === 'CGD030'), []);
    // --enable on the command line wins over the file's disable.
    const back = await cli(['--format', 'json', '--enable', 'CGD030', 'Dockerfile'], repo({ '.confgate.json': config({ rules: { disable: ['secret-in-env'] } }), Dockerfile: BAD_DOCKERFILE }));
    assert.equal(JSON.parse(back.stdout).analyses[0].report.findings.filter((f: any) => f.rule_id === 'CGD030').length, 1);
  });

  it('a severity from the file changes the finding\'s severity', async () => {
    const res = await cli(['--format', 'json', '--min-score', '0', 'Dockerfile'], repo({ '.confgate.json': config({ rules: { severity: { CGD030: 'low' } } }), Dockerfile: BAD_DOCKERFILE }));
    assert.equal(res.status, 0, res.stderr);
    assert.deepEqual(JSON.parse(res.stdout).analyses[0].report.findings.filter((f: any) => f.rule_id === 'CGD030').map((f: any) => f.severity), ['low']);
  });

  it('an unknown rule or profile: the service\'s 422 naming the field, where it came from, exit 2', async () => {
    const dir = repo({ '.confgate.json': config({ profile: 'lenient' }), Dockerfile: CLEAN_DOCKERFILE });
    const rule = await cli(['--no-config', '--disable', 'CGD999', 'Dockerfile'], dir);
    assert.equal(rule.status, 2);
    assert.match(rule.stderr, /^confgate: error: POST .*\/api\/analyze failed: HTTP 422 invalid_request: .*rules\.disable\[0\].* \(request id req_[0-9a-f]{16}\) \(rules\.disable\[0\] is from --disable\)$/m);
    const profile = await cli(['Dockerfile'], dir);
    assert.equal(profile.status, 2);
    assert.match(profile.stderr, /HTTP 422 invalid_request: .*profile.* \(profile is from \.confgate\.json\)$/m);
  });
});
