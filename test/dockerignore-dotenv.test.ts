// .dockerignore and .env files end to end: through POST /api/analyze-project and /api/analyze (file types, project
// findings, SARIF through the CLI) and through the CLI, which sends a Dockerfile's ignore files with it and never
// finds a .env by itself. A .env value appears nowhere: not in any response, database table, log line or CLI output.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';
import { cliService, fakeServer, json, runCli, workdir } from './fixtures/cli/harness.ts';

const DOCKERFILE = 'FROM node:22-slim\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci --omit=dev\nCOPY . .\nCOPY dist/ ./dist/\nUSER node\nCMD ["node", "server.js"]\n';
const IGNORE = '.git\n*.pem\ndist\n';
const COMPOSE = 'services:\n  web:\n    build: .\n    image: "example/web:${TAG}"\n    env_file: web.env\n    environment:\n      DB_PASSWORD: ${DB_PASSWORD:?set it}\n';

const ids = (findings: { rule_id: string }[]) => findings.map((f) => f.rule_id).sort();

describe('POST /api/analyze-project with a .dockerignore and a .env', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ LOG_LEVEL: 'trace' });
  });
  after(() => t.close());

  it('detects both by name, links the ignore file to the build context, and reports what it lets through', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/analyze-project', payload: { files: [
      { filename: 'compose.yaml', content: COMPOSE }, { filename: 'Dockerfile', content: DOCKERFILE },
      { filename: '.dockerignore', content: IGNORE }, { filename: '.env', content: 'TAG=1.4.2\n' },
    ] } });
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.deepEqual(data.files.map((f: { filename: string; file_type: string; detection: { method: string } }) => [f.filename, f.file_type, f.detection.method]), [
      ['compose.yaml', 'compose', 'filename'], ['Dockerfile', 'dockerfile', 'filename'], ['.dockerignore', 'dockerignore', 'filename'], ['.env', 'dotenv', 'filename'],
    ]);
    assert.deepEqual(ids(data.project_findings), ['CGP004', 'CGP022', 'CGP023', 'CGP024', 'CGP026']);
    const by = (id: string) => data.project_findings.find((f: { rule_id: string }) => f.rule_id === id);
    assert.deepEqual([by('CGP022').severity, by('CGP022').location], ['high', { file: 'Dockerfile', start_line: 5, start_column: 6, end_line: 5, end_column: 7 }], 'the submitted .env is in the context');
    assert.match(by('CGP023').message, /COPY source "dist\/" is excluded by "dist" \(line 3 of "\.dockerignore"\)/);
    assert.equal(by('CGP023').severity, 'high');
    assert.equal(by('CGP026').severity, 'medium');
    assert.match(by('CGP026').message, /required "DB_PASSWORD"/);
    assert.match(by('CGP004').message, /env_file "web.env" of service "web" was not submitted/);
  });

  it('without a .dockerignore: said once, as info; with a .env that defines everything: no CGP026', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/analyze-project', payload: { files: [
      { filename: 'compose.yaml', content: COMPOSE }, { filename: 'Dockerfile', content: DOCKERFILE }, { filename: 'api/Dockerfile', content: DOCKERFILE },
      { filename: '.env', content: 'TAG=1\nDB_PASSWORD=x\n' }, { filename: 'web.env', content: 'A=1\n' },
    ] } });
    assert.equal(res.statusCode, 200, res.body);
    const found = res.json().data.project_findings;
    assert.deepEqual(ids(found), ['CGP025']);
    assert.equal(found[0].severity, 'info');
  });

  it('a file_type given explicitly; syntax errors of each type', async () => {
    const ignore = await t.app.inject({ method: 'POST', url: '/api/analyze', payload: { filename: 'ignore-list', file_type: 'dockerignore', content: 'ok\n!\n' } });
    assert.equal(ignore.statusCode, 200, ignore.body);
    assert.deepEqual(ignore.json().data.findings.map((f: { rule_id: string; location: { start_line: number } }) => [f.rule_id, f.location.start_line]), [['CGI000', 2]]);
    assert.equal(ignore.json().data.file_type, 'dockerignore');
    const refused = await t.app.inject({ method: 'POST', url: '/api/analyze', payload: { filename: 'x', file_type: 'nope', content: 'A=1\n' } });
    assert.equal(refused.statusCode, 422);
    assert.match(refused.json().error.message, /accepted file_type values: auto, dockerfile, compose, github-workflow, github-action, dockerignore, dotenv\./);
  });

  it('a .env value is never in a response, a table or a log line, whatever the finding', async () => {
    const secret = () => `S3CR3T${randomBytes(8).toString('hex')}`;
    const values = [secret(), secret(), secret(), secret()];
    const envs = [
      `TAG=${values[0]}\n`,
      `A=1\nB="${values[1]}\n`, // never closed: CGE000 points at the quote
      `${values[2]}\n  X=1\nbad name=${values[3]}\n`,
    ];
    for (const [i, env] of envs.entries()) {
      for (const url of ['/api/analyze-project', '/api/analyze']) {
        const payload = url === '/api/analyze'
          ? { filename: '.env', file_type: 'auto', content: env }
          : { files: [{ filename: 'compose.yaml', content: COMPOSE }, { filename: 'Dockerfile', content: DOCKERFILE }, { filename: '.env', content: env }, { filename: '.dockerignore', content: IGNORE }] };
        const res = await t.app.inject({ method: 'POST', url, payload });
        assert.equal(res.statusCode, 200, `${url} ${i}: ${res.body}`);
        for (const v of values) assert.ok(!res.body.includes(v), `${url} answered a value of .env ${i}`);
        for (const v of values) assert.ok(!res.body.includes(v.slice(6)), `${url} answered part of a value of .env ${i}`);
      }
    }
    const syntax = await t.app.inject({ method: 'POST', url: '/api/analyze', payload: { filename: '.env', file_type: 'auto', content: envs[1] } });
    assert.deepEqual(syntax.json().data.findings.map((f: { rule_id: string; location: object }) => [f.rule_id, f.location]), [['CGE000', { start_line: 2, start_column: 3, end_line: 2, end_column: 4 }]]);
    await t.app.close();
    const tables = await t.store.db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'");
    let dump = '';
    for (const { table_name } of tables) dump += JSON.stringify(await t.store.db.query(`SELECT * FROM "${table_name}"`));
    const logs = t.logs.join('');
    assert.ok(logs.length > 0 && dump.length > 0);
    for (const v of values) {
      assert.ok(!dump.includes(v), 'a .env value is stored');
      assert.ok(!logs.includes(v), 'a .env value is logged');
    }
  });
});

describe('the CLI with .dockerignore and .env files', () => {
  const svc = cliService();
  const sent = (out: string): string[][] => JSON.parse(out).analyses.map((a: { files: string[] }) => a.files);

  it('a directory: the .dockerignore goes with its Dockerfile, a .env is never found', async () => {
    const value = `V${randomBytes(8).toString('hex')}`;
    const cwd = workdir({ 'Dockerfile': DOCKERFILE, '.dockerignore': IGNORE, '.env': `TAG=${value}\n`, 'prod.env': `X=${value}\n`, 'compose.yaml': COMPOSE });
    const res = await runCli(['--url', svc.url, '--min-score', '0', '--format', 'json', '.'], { cwd });
    assert.equal(res.status, 0, res.stderr);
    assert.deepEqual(sent(res.stdout), [['.dockerignore', 'Dockerfile', 'compose.yaml']]);
    const report = JSON.parse(res.stdout).analyses[0].report;
    assert.deepEqual(ids(report.project_findings), ['CGP004', 'CGP022', 'CGP023', 'CGP024']);
    assert.ok(!(res.stdout + res.stderr).includes(value));
  });

  it('a .env named on the command line is sent; its value is in no output format', async () => {
    const value = `V${randomBytes(8).toString('hex')}`;
    const cwd = workdir({ 'Dockerfile': DOCKERFILE, '.dockerignore': IGNORE, '.env': `TAG=${value}\nBROKEN="${value}\n`, 'compose.yaml': COMPOSE });
    for (const format of ['json', 'text', 'sarif']) {
      const res = await runCli(['--url', svc.url, '--min-score', '0', '--format', format, '.', '.env'], { cwd });
      assert.equal(res.status, 0, res.stderr);
      assert.ok(!(res.stdout + res.stderr).includes(value), `${format} output holds the value`);
      if (format === 'sarif') {
        const rules = JSON.parse(res.stdout).runs[0].tool.driver.rules as { id: string; properties: { tags: string[] } }[];
        assert.deepEqual(['CGE000', 'CGP022'].map((id) => rules.find((r) => r.id === id)?.properties.tags), [['syntax', 'dotenv'], ['secrets', 'project', 'security', 'external/cwe/cwe-538']]);
      }
      if (format === 'json') {
        assert.deepEqual(sent(res.stdout), [['.dockerignore', 'Dockerfile', 'compose.yaml', '.env']]);
        const env = JSON.parse(res.stdout).analyses[0].report.files.find((f: { filename: string }) => f.filename === '.env');
        assert.deepEqual(env.report.findings.map((f: { rule_id: string }) => f.rule_id), ['CGE000']);
      }
    }
  });

  it('a Dockerfile named alone brings its own ignore file and the context\'s, in one request', async () => {
    const cwd = workdir({ 'svc/api.Dockerfile': 'FROM alpine:3.22\nCOPY . /app\nUSER app\n', 'svc/api.Dockerfile.dockerignore': '.git\n', 'svc/.dockerignore': '**\n', 'svc/other.txt': 'x' });
    const res = await runCli(['--url', svc.url, '--min-score', '0', '--format', 'json', 'svc/api.Dockerfile'], { cwd });
    assert.equal(res.status, 0, res.stderr);
    assert.deepEqual(sent(res.stdout), [['svc/api.Dockerfile', 'svc/api.Dockerfile.dockerignore', 'svc/.dockerignore']]);
    const found = JSON.parse(res.stdout).analyses[0].report.project_findings;
    assert.match(found.find((f: { rule_id: string }) => f.rule_id === 'CGP022').message, /"svc\/api\.Dockerfile\.dockerignore" does not exclude/, 'BuildKit reads the Dockerfile\'s own');
  });

  it('a Dockerfile with no file beside it costs no extra request; --file-type sends it alone', async () => {
    const server = await fakeServer((req, _n, res) => json(res, 500, { error: { code: 'internal', message: req.url, request_id: 'req_0000000000000001' } }));
    try {
      await runCli(['--url', server.url, '--retries', '0', 'Dockerfile'], { cwd: workdir({ Dockerfile: 'FROM alpine:3.22\n' }) });
      assert.deepEqual(server.requests.map((r) => r.url), ['/api/analyze']);
    } finally {
      await server.close();
    }
    const res = await runCli(['--url', svc.url, '--min-score', '0', '--format', 'json', '--file-type', 'dockerfile', 'Dockerfile'], { cwd: workdir({ Dockerfile: 'FROM alpine:3.22\nUSER app\n', '.dockerignore': '.git\n' }) });
    assert.equal(res.status, 0, res.stderr);
    assert.deepEqual(sent(res.stdout), [['Dockerfile']]);
  });

  it('batches of ten keep each Dockerfile with its ignore file', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) {
      files[`s${i}/Dockerfile`] = 'FROM alpine:3.22\nUSER app\n';
      files[`s${i}/.dockerignore`] = '.git\n';
    }
    files['compose.yaml'] = 'services:\n  a:\n    image: alpine:3.22\n';
    const res = await runCli(['--url', svc.url, '--min-score', '0', '--format', 'json', '.'], { cwd: workdir(files) });
    assert.equal(res.status, 0, res.stderr);
    const groups = sent(res.stdout);
    assert.equal(groups.length, 2);
    for (const g of groups) assert.ok(g.length <= 10);
    for (let i = 0; i < 6; i++) assert.ok(groups.some((g) => g.includes(`s${i}/Dockerfile`) && g.includes(`s${i}/.dockerignore`)), `s${i} together`);
  });
});
