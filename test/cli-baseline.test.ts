// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// The CLI's baselines end to end: clients/python/confgate.py as a process against the real service.
// --write-baseline records today's findings (and still gates); --baseline sends them, so only new findings count.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BAD_DOCKERFILE, cliService, COMPOSE, runCli, workdir } from './fixtures/cli/harness.ts';

const svc = cliService();
/** A project with a cross-file finding: ./api has no Dockerfile among the files sent. */
const PROJECT = { Dockerfile: BAD_DOCKERFILE, 'compose.yaml': `${COMPOSE}  api:\n    build: ./api\n` };
const cli = (args: string[], cwd: string) => runCli(['--url', svc.url, ...args], { cwd });

/** Every finding that counts in a --format json run: `file rule_id fingerprint`. */
function counted(out: any): string[] {
  const rows: string[] = [];
  for (const a of out.analyses) {
    const files = a.kind === 'file' ? [{ filename: a.files[0], report: a.report }] : a.report.files;
    for (const f of files) for (const x of f.report.findings) rows.push(`${f.filename} ${x.rule_id} ${x.fingerprint}`);
    for (const x of a.kind === 'project' ? a.report.project_findings : []) rows.push(`${x.location.file} ${x.rule_id} ${x.fingerprint}`);
  }
  return rows.sort();
}

describe('--write-baseline', () => {
  it('records every finding that counts (file, rule, fingerprint; no secret) and still gates', async () => {
    const dir = workdir({ Dockerfile: BAD_DOCKERFILE });
    const res = await cli(['--format', 'json', '--write-baseline', 'confgate-baseline.json', 'Dockerfile'], dir);
    assert.equal(res.status, 1, res.stderr);
    const text = readFileSync(path.join(dir, 'confgate-baseline.json'), 'utf8');
    const baseline = JSON.parse(text);
    assert.equal(baseline.version, 1);
    const recorded = baseline.findings.map((f: any) => `${f.file} ${f.rule_id} ${f.fingerprint}`).sort();
    assert.deepEqual(recorded, counted(JSON.parse(res.stdout)));
    assert.ok(recorded.some((r: string) => r.startsWith('Dockerfile CGD030 ')), 'the secret finding is recorded');
    assert.doesNotMatch(text, /abc123secret/, 'its value is not');
    assert.equal(recorded.filter((r: string) => r.includes(' CGD002 ')).length, 1, 'node:latest, not the pragma-suppressed alpine:latest');
  });
});

describe('--baseline', () => {
  it('passes when nothing is new, reporting the known findings as suppressed (baseline)', async () => {
    const dir = workdir({ Dockerfile: BAD_DOCKERFILE });
    assert.equal((await cli(['--quiet', '--write-baseline', 'b.json', 'Dockerfile'], dir)).status, 1);
    const res = await cli(['--format', 'json', '--baseline', 'b.json', 'Dockerfile'], dir);
    assert.equal(res.status, 0, res.stdout + res.stderr);
    const out = JSON.parse(res.stdout);
    assert.equal(out.passed, true);
    assert.deepEqual(counted(out), []);
    const report = out.analyses[0].report;
    assert.equal(report.score, 100);
    assert.ok(report.suppressed.filter((f: any) => f.suppression.kind === 'baseline').length >= 2);
  });

  it('gates on new findings only, when lines moved above the known ones', async () => {
    const dir = workdir({ Dockerfile: BAD_DOCKERFILE });
    await cli(['--quiet', '--write-baseline', 'b.json', 'Dockerfile'], dir);
    writeFileSync(path.join(dir, 'Dockerfile'), `# moved\n\n${BAD_DOCKERFILE}ENV DB_PASSWORD=another\n`);
    const res = await cli(['--format', 'json', '--fail-on', 'high', '--baseline', 'b.json', 'Dockerfile'], dir);
    assert.equal(res.status, 1);
    const out = JSON.parse(res.stdout);
    assert.deepEqual(out.failing_findings.map((f: any) => `${f.file}:${f.line} ${f.rule_id}`), ['Dockerfile:8 CGD030']);
    assert.deepEqual(counted(out).map((r) => r.split(' ').slice(0, 2).join(' ')), ['Dockerfile CGD030']);
  });

  it('works for projects: file and cross-file findings, in text and SARIF', async () => {
    const dir = workdir(PROJECT);
    const first = await cli(['--format', 'json', '--write-baseline', 'b.json', '.'], dir);
    assert.equal(first.status, 1);
    assert.equal(JSON.parse(first.stdout).analyses[0].kind, 'project');
    assert.ok(JSON.parse(readFileSync(path.join(dir, 'b.json'), 'utf8')).findings.some((f: any) => f.rule_id.startsWith('CGP') && f.file === 'compose.yaml'), 'a cross-file finding is recorded');
    const again = await cli(['--baseline', 'b.json', '--sarif', 'out.sarif', '.'], dir);
    assert.equal(again.status, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /^PASS/m);
    const sarif = JSON.parse(readFileSync(path.join(dir, 'out.sarif'), 'utf8'));
    const results = sarif.runs[0].results;
    assert.ok(results.length > 0);
    for (const r of results) assert.ok(r.suppressions?.length === 1, JSON.stringify(r));
    assert.ok(results.some((r: any) => r.suppressions[0].kind === 'external'));
  });

  it('rewriting a baseline while reading it keeps the known findings, cross-file ones too', async () => {
    const dir = workdir(PROJECT);
    await cli(['--quiet', '--write-baseline', 'b.json', '.'], dir);
    const before = readFileSync(path.join(dir, 'b.json'), 'utf8');
    const res = await cli(['--quiet', '--baseline', 'b.json', '--write-baseline', 'b.json', '.'], dir);
    assert.equal(res.status, 0);
    assert.equal(readFileSync(path.join(dir, 'b.json'), 'utf8'), before);
  });

  it('an unreadable or malformed baseline is exit 2 naming it', async () => {
    const dir = workdir({ Dockerfile: BAD_DOCKERFILE, 'bad.json': '{"findings": "x"}', 'text.json': 'not json' });
    for (const [file, message] of [['missing.json', /cannot read the baseline missing\.json/], ['bad.json', /the baseline bad\.json is not a Confgate baseline/], ['text.json', /the baseline text\.json is not JSON/]] as const) {
      const res = await cli(['--baseline', file, 'Dockerfile'], dir);
      assert.equal(res.status, 2, res.stderr);
      assert.match(res.stderr, message);
    }
  });
});
