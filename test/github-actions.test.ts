// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// GitHub Actions workflows and actions through the real interfaces: the analysis API (detected by place, name and
// content; JSON and SARIF; suppressions, ours and zizmor's), a project with a workflow and a Dockerfile, the
// analyzer page's form, and the CLI given a directory.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';
import { openApiChecker } from './support/openapi.ts';
import type { OpenApiChecker } from './support/openapi.ts';
import { assertValidSarif } from './support/sarif-schema.ts';
import { cliService, CLEAN_DOCKERFILE, runCli, workdir } from './fixtures/cli/harness.ts';

const WORKFLOW = [
  'on: issues',
  'permissions:',
  '  contents: read',
  'jobs:',
  '  greet:',
  '    runs-on: ubuntu-24.04',
  '    timeout-minutes: 5',
  '    steps:',
  '      - run: echo "${{ github.event.issue.title }}"',
  '',
].join('\n');
const ACTION = 'name: greet\nruns:\n  using: composite\n  steps:\n    - run: echo "${{ github.event.issue.body }}"\n      shell: bash\n';

let t: TestApp;
let openapi: OpenApiChecker;
before(async () => {
  t = await startTestApp();
  openapi = await openApiChecker(t.app);
});
after(async () => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

describe('POST /api/analyze: GitHub Actions', () => {
  it('a workflow found by its place: the injection at its exact position, a failing score, conforming to the contract', async () => {
    const res = await post('/api/analyze', { filename: '.github/workflows/greet.yml', file_type: 'auto', content: WORKFLOW });
    assert.equal(res.statusCode, 200, res.body);
    openapi.assertConforms('POST', '/api/analyze', 200, res.json());
    const report = res.json().data;
    assert.equal(report.file_type, 'github-workflow');
    assert.deepEqual(report.detection, { method: 'filename', confidence: 1, reason: 'the path ".github/workflows/greet.yml" is a GitHub Actions workflow path' });
    assert.deepEqual(report.findings.map((f: any) => [f.rule_id, f.severity, f.location]), [
      ['CGW001', 'high', { start_line: 9, start_column: 24, end_line: 9, end_column: 48 }],
    ]);
    assert.ok(report.score < 80, `score ${report.score}`);
  });

  it('a workflow and an action recognised by their content when the name says nothing', async () => {
    const workflow = (await post('/api/analyze', { filename: 'greet.yml', file_type: 'auto', content: WORKFLOW })).json().data;
    assert.equal(workflow.file_type, 'github-workflow');
    assert.equal(workflow.detection.method, 'content');
    const action = (await post('/api/analyze', { filename: 'input', file_type: 'auto', content: ACTION })).json().data;
    assert.equal(action.file_type, 'github-action');
    assert.deepEqual(action.findings.map((f: any) => [f.rule_id, f.location.start_line]), [['CGA001', 5]]);
  });

  it('an action found by its name', async () => {
    const res = await post('/api/analyze', { filename: 'setup/action.yaml', file_type: 'auto', content: ACTION });
    assert.equal(res.json().data.file_type, 'github-action');
    assert.equal(res.json().data.detection.method, 'filename');
  });

  it('zizmor\'s ignore comment and ours suppress through the rule\'s equivalents, and are reported as suppressed', async () => {
    const zizmor = WORKFLOW.replace('title }}"', 'title }}" # zizmor: ignore[template-injection]');
    const a = (await post('/api/analyze', { filename: '.github/workflows/a.yml', file_type: 'auto', content: zizmor })).json().data;
    assert.deepEqual(a.findings, []);
    assert.deepEqual(a.suppressed.map((f: any) => [f.rule_id, f.location.start_line]), [['CGW001', 9]]);
    const other = WORKFLOW.replace('title }}"', 'title }}" # zizmor: ignore[unpinned-uses]');
    assert.deepEqual((await post('/api/analyze', { filename: '.github/workflows/a.yml', file_type: 'auto', content: other })).json().data.findings.map((f: any) => f.rule_id), ['CGW001']);
    const block = WORKFLOW.replace('      - run: echo "${{ github.event.issue.title }}"', '      - run: | # zizmor: ignore[template-injection]\n          echo "${{ github.event.issue.title }}"');
    const b = (await post('/api/analyze', { filename: '.github/workflows/a.yml', file_type: 'auto', content: block })).json().data;
    assert.deepEqual([b.findings, b.suppressed.map((f: any) => [f.rule_id, f.location.start_line])], [[], [['CGW001', 10]]], 'a comment on `run: |` covers the block');
    const ours = WORKFLOW.replace('      - run:', '      # confgate ignore=CGW001 reason="the title is a label set by a bot"\n      - run:');
    assert.deepEqual((await post('/api/analyze', { filename: '.github/workflows/a.yml', file_type: 'auto', content: ours })).json().data.findings, []);
  });

  it('SARIF: a valid log whose rule carries the file type and security tags', async () => {
    const res = await post('/api/analyze?format=sarif', { filename: '.github/workflows/greet.yml', file_type: 'auto', content: WORKFLOW });
    assert.equal(res.statusCode, 200);
    const log = res.json();
    assertValidSarif(log);
    const run = log.runs[0];
    const rule = run.tool.driver.rules.find((r: any) => r.id === 'CGW001');
    assert.ok(rule.properties.tags.includes('github-workflow') && rule.properties.tags.includes('security'), JSON.stringify(rule.properties));
    assert.deepEqual(run.results.map((r: any) => [r.ruleId, r.locations[0].physicalLocation.region.startLine, r.locations[0].physicalLocation.artifactLocation.uri]), [['CGW001', 9, '.github/workflows/greet.yml']]);
  });

  it('a file of an explicit type that is no workflow still answers 200 with its syntax error', async () => {
    const res = await post('/api/analyze', { filename: 'x.yml', file_type: 'github-workflow', content: 'on: [push\n' });
    assert.equal(res.statusCode, 200);
    const findings = res.json().data.findings;
    assert.ok(findings.length > 0 && findings.every((f: any) => f.rule_id === 'CGW000'), JSON.stringify(findings));
  });
});

describe('POST /api/analyze-project: a workflow beside a Dockerfile', () => {
  it('each file analyzed as its type; the project scored from the worst file', async () => {
    const res = await post('/api/analyze-project', { files: [
      { filename: '.github/workflows/greet.yml', content: WORKFLOW },
      { filename: 'Dockerfile', content: CLEAN_DOCKERFILE },
      { filename: 'action.yml', content: ACTION },
    ] });
    assert.equal(res.statusCode, 200, res.body);
    openapi.assertConforms('POST', '/api/analyze-project', 200, res.json());
    const data = res.json().data;
    assert.deepEqual(data.files.map((f: any) => [f.filename, f.file_type]), [['.github/workflows/greet.yml', 'github-workflow'], ['Dockerfile', 'dockerfile'], ['action.yml', 'github-action']]);
    assert.deepEqual(data.files[0].report.findings.map((f: any) => f.rule_id), ['CGW001']);
    const worst = Math.min(...data.files.map((f: any) => f.report.score));
    assert.ok(data.score <= worst);
  });
});

describe('POST /api/analyze-project: a workflow linked to what it builds and calls', () => {
  it('a missing Dockerfile, an undeclared build argument and a mismatched reusable-workflow call, each in the workflow at its place', async () => {
    const ci = 'on: push\njobs:\n  image:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n      - run: docker build --build-arg VERSON=1 .\n      - run: docker build -f docker/Dockerfile.prod .\n  test:\n    uses: ./.github/workflows/test.yml\n    with:\n      node-version: "22"\n';
    const test = 'on:\n  workflow_call:\n    inputs:\n      node:\n        type: string\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo hi\n';
    const res = await post('/api/analyze-project', { files: [
      { filename: '.github/workflows/ci.yml', content: ci },
      { filename: '.github/workflows/test.yml', content: test },
      { filename: 'Dockerfile', content: CLEAN_DOCKERFILE },
    ] });
    assert.equal(res.statusCode, 200, res.body);
    openapi.assertConforms('POST', '/api/analyze-project', 200, res.json());
    const found = res.json().data.project_findings.filter((f: any) => ['CGP018', 'CGP019', 'CGP020'].includes(f.rule_id))
      .map((f: any) => [f.rule_id, f.location.file, f.location.start_line, f.location.start_column, f.severity]);
    assert.deepEqual(found, [
      ['CGP019', '.github/workflows/ci.yml', 7, 39, 'low'],
      ['CGP018', '.github/workflows/ci.yml', 8, 30, 'medium'],
      ['CGP020', '.github/workflows/ci.yml', 12, 7, 'high'],
    ]);
  });
});

describe('the analyzer page', () => {
  it('offers both types and shows a workflow\'s finding', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    assert.match(page.body, /<option value="github-workflow">GitHub Actions workflow<\/option>/);
    assert.match(page.body, /<option value="github-action">GitHub Actions action<\/option>/);
    const form = new URLSearchParams([['file_type', 'auto'], ['filename', '.github/workflows/greet.yml'], ['content', WORKFLOW]]).toString();
    const res = await t.app.inject({ method: 'POST', url: '/analyze', payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /CGW001/);
    assert.match(res.body, /GitHub Actions workflow/);
  });
});

describe('the CLI given a directory', () => {
  const svc = cliService();
  it('finds .github/workflows/*.yml and action.yml beside a Dockerfile, and gates on the workflow\'s finding', async () => {
    const dir = workdir({ '.github/workflows/greet.yml': WORKFLOW, '.github/workflows/notes.txt': 'x', 'tools/greet/action.yml': ACTION, Dockerfile: CLEAN_DOCKERFILE, '.github/dependabot.yml': 'version: 2\n' });
    const res = await runCli(['--url', svc.url, '--format', 'json', '.'], { cwd: dir });
    assert.equal(res.status, 1, res.stderr);
    const out = JSON.parse(res.stdout);
    assert.deepEqual(out.analyses[0].report.files.map((f: any) => [f.filename, f.file_type]).sort(), [
      ['.github/workflows/greet.yml', 'github-workflow'],
      ['Dockerfile', 'dockerfile'],
      ['tools/greet/action.yml', 'github-action'],
    ]);
  });
  it('links a workflow to the Dockerfile of the directory it was given, by the paths relative to the repository root', async () => {
    const build = 'on: push\npermissions:\n  contents: read\njobs:\n  image:\n    runs-on: ubuntu-24.04\n    timeout-minutes: 10\n    steps:\n      - run: docker build --build-arg TYPO=1 -f app/Dockerfile app\n      - run: docker build -f app/Dockerfile.missing app\n';
    const dir = workdir({ '.github/workflows/build.yml': build, 'app/Dockerfile': CLEAN_DOCKERFILE });
    const res = await runCli(['--url', svc.url, '--format', 'json', '.'], { cwd: dir });
    const out = JSON.parse(res.stdout);
    assert.deepEqual(out.analyses[0].report.project_findings.map((f: any) => [f.rule_id, f.location.file, f.location.start_line]), [
      ['CGP019', '.github/workflows/build.yml', 9],
      ['CGP018', '.github/workflows/build.yml', 10],
    ]);
  });
});

describe('the CLI: the repository\'s owner is first party for the pinning rules', () => {
  const svc = cliService();
  // A workflow whose only defect is an action of the owner "acme" on a branch.
  const OWN = 'on: push\npermissions:\n  contents: read\njobs:\n  deploy:\n    runs-on: ubuntu-24.04\n    timeout-minutes: 10\n    steps:\n      - uses: acme/deploy-action@main\n';
  const OWN_ACTION = 'name: deploy\nruns:\n  using: composite\n  steps:\n    - uses: acme/setup@main\n';
  const pinning = (out: any) => out.analyses.flatMap((a: any) => a.report.files?.map((f: any) => f.report) ?? [a.report]).flatMap((r: any) => r.findings)
    .filter((f: any) => f.rule_id === 'CGW003' || f.rule_id === 'CGA002').map((f: any) => [f.rule_id, f.severity, f.location.start_line]);
  const git = (dir: string, ...args: string[]) => assert.equal(spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).status, 0);

  it('$GITHUB_REPOSITORY_OWNER: the owner\'s action on a branch is medium, and the request says why', async () => {
    const dir = workdir({ '.github/workflows/deploy.yml': OWN, 'deploy/action.yml': OWN_ACTION });
    const res = await runCli(['--url', svc.url, '--format', 'json', '.'], { cwd: dir, env: { GITHUB_REPOSITORY_OWNER: 'acme' } });
    assert.equal(res.status, 0, res.stderr);
    const out = JSON.parse(res.stdout);
    assert.deepEqual(out.rules, { options: { CGA002: { first_party_owners: ['acme'] }, CGW003: { first_party_owners: ['acme'] } } });
    assert.deepEqual(pinning(out).sort(), [['CGA002', 'medium', 5], ['CGW003', 'medium', 9]]);
    assert.match(res.stderr, /CGW003: acme's actions are first party \(owner from \$GITHUB_REPOSITORY_OWNER\)/);
  });

  it('another owner\'s repository, or no owner known: the same action is a third party\'s, high, and the gate fails', async () => {
    const dir = workdir({ '.github/workflows/deploy.yml': OWN });
    for (const env of [{ GITHUB_REPOSITORY_OWNER: 'other' }, {}] as Record<string, string>[]) {
      const res = await runCli(['--url', svc.url, '--format', 'json', '.'], { cwd: dir, env });
      assert.equal(res.status, 1, res.stderr);
      assert.deepEqual(pinning(JSON.parse(res.stdout)), [['CGW003', 'high', 9]], JSON.stringify(env));
    }
  });

  it('outside GitHub Actions: the owner of the git remote origin (https or scp-like URL), one file at a time too', async () => {
    for (const url of ['https://github.com/acme/app.git', 'git@github.com:acme/app.git']) {
      const dir = workdir({ '.github/workflows/deploy.yml': OWN });
      git(dir, 'init', '-q');
      git(dir, 'remote', 'add', 'origin', url);
      const res = await runCli(['--url', svc.url, '--format', 'json', '.github/workflows/deploy.yml'], { cwd: dir });
      assert.equal(res.status, 0, res.stderr);
      const out = JSON.parse(res.stdout);
      assert.deepEqual(out.rules, { options: { CGW003: { first_party_owners: ['acme'] } } }, url);
      assert.deepEqual(pinning(out), [['CGW003', 'medium', 9]], url);
      assert.match(res.stderr, /owner from the git remote origin/);
    }
  });

  it('the configuration\'s first_party_owners wins; a run with no workflow or action sends no option', async () => {
    const config = JSON.stringify({ rules: { options: { 'action-unpinned': { first_party_owners: ['other'] } } } });
    const dir = workdir({ '.github/workflows/deploy.yml': OWN, '.confgate.json': config });
    const res = await runCli(['--url', svc.url, '--format', 'json', '.'], { cwd: dir, env: { GITHUB_REPOSITORY_OWNER: 'acme' } });
    const out = JSON.parse(res.stdout);
    assert.deepEqual(out.rules, { options: { 'action-unpinned': { first_party_owners: ['other'] } } });
    assert.deepEqual(pinning(out), [['CGW003', 'high', 9]]);
    const docker = await runCli(['--url', svc.url, '--format', 'json', 'Dockerfile'], { cwd: workdir({ Dockerfile: CLEAN_DOCKERFILE }), env: { GITHUB_REPOSITORY_OWNER: 'acme' } });
    assert.equal(JSON.parse(docker.stdout).rules, null, docker.stderr);
  });
});
