// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// The GitHub Action (action.yml) as a CI job of a sample repository runs it: its steps played as a script, in
// order, against the real service on loopback. Run steps go to bash as GitHub runs them (`bash --noprofile --norc
// -eo pipefail`), with the step's env (the `${{ }}` expressions an action may use there are evaluated here: inputs and
// step outputs; any other expression fails the test), GITHUB_OUTPUT, RUNNER_TEMP and GITHUB_WORKSPACE. The upload
// step talks to GitHub, which no test may contact: its pin, its condition and its `sarif_file` (a schema-valid SARIF
// log with fingerprints) are checked instead. The action itself scores 100 on our own GitHub Actions analyzer.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { assertValidSarif } from './support/sarif-schema.ts';
import { BAD_DOCKERFILE, CLEAN_DOCKERFILE, cliService, runCli, workdir } from './fixtures/cli/harness.ts';

const svc = cliService();

interface Step {
  name: string;
  id?: string;
  if?: string;
  shell?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { required?: boolean; default?: string }>;
  runs: { using: string; steps: Step[] };
}

const ACTION = parse(readFileSync('action.yml', 'utf8')) as Action;

interface StepResult {
  name: string;
  status: number | null;
  stdout: string;
  stderr: string;
  skipped?: boolean;
}

/** The value of an env entry: literal text around `${{ inputs.x }}` and `${{ steps.id.outputs.x }}`. */
function evaluate(value: string, inputs: Record<string, string>, outputs: Record<string, Record<string, string>>): string {
  return value.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expr: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expr);
    if (input) return inputs[input[1]!] ?? '';
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
    if (output) return outputs[output[1]!]?.[output[2]!] ?? '';
    throw new Error(`the test does not evaluate \${{ ${expr} }}`);
  });
}

/** Plays the action in `workspace` with `given` inputs, as a composite action's steps run: in order, stopping at the
 * first failing step; the upload step is checked, not run. */
function playAction(workspace: string, given: Record<string, string>): { steps: StepResult[]; upload?: Step; outputs: Record<string, Record<string, string>> } {
  assert.equal(ACTION.runs.using, 'composite');
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(ACTION.inputs)) {
    if (spec.required) assert.ok(given[name] !== undefined, `input ${name} is required`);
    inputs[name] = given[name] ?? spec.default ?? '';
  }
  const runnerTemp = mkdtempSync(path.join(os.tmpdir(), 'confgate-runner-'));
  const outputs: Record<string, Record<string, string>> = {};
  const steps: StepResult[] = [];
  let upload: Step | undefined;
  for (const step of ACTION.runs.steps) {
    if (step.uses) {
      upload = { ...step, with: Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, evaluate(v, inputs, outputs)])) };
      continue;
    }
    assert.equal(step.shell, 'bash', `${step.name}: a composite run step names its shell`);
    assert.equal(step.if, undefined, `${step.name}: run steps have no condition the test would have to evaluate`);
    const outputFile = path.join(runnerTemp, `output-${steps.length}`);
    writeFileSync(outputFile, '');
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluate(v, inputs, outputs)]));
    const res = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], {
      cwd: workspace,
      env: { PATH: process.env['PATH']!, HOME: os.homedir(), LANG: 'C.UTF-8', RUNNER_TEMP: runnerTemp, GITHUB_WORKSPACE: workspace, GITHUB_OUTPUT: outputFile, GITHUB_ACTIONS: 'true', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    steps.push({ name: step.name, status: res.status, stdout: res.stdout, stderr: res.stderr });
    if (step.id) outputs[step.id] = Object.fromEntries(readFileSync(outputFile, 'utf8').split('\n').filter(Boolean).map((l) => l.split(/=(.*)/s).slice(0, 2) as [string, string]));
    if (res.status !== 0) break;
  }
  return { steps, upload, outputs };
}

describe('action.yml played as a CI job', () => {
  it('scores 100 on our GitHub Actions analyzer', async () => {
    const res = await fetch(`${svc.url}/api/analyze`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ filename: 'action.yml', file_type: 'auto', content: readFileSync('action.yml', 'utf8') }) });
    const report = ((await res.json()) as { data: any }).data;
    assert.equal(report.file_type, 'github-action');
    assert.deepEqual(report.findings, []);
    assert.equal(report.score, 100);
  });

  it('a repository with a bad Dockerfile: annotates, writes SARIF for the upload, and fails the job with exit 1', () => {
    const repo = workdir({ Dockerfile: BAD_DOCKERFILE, 'docs/README.md': 'not analyzed\n' });
    const { steps, upload, outputs } = playAction(repo, { 'service-url': svc.url, 'fail-on': 'high' });
    assert.deepEqual(steps.map((s) => [s.name, s.status]), [['Fetch the Confgate CLI', 0], ['Run the gate', 0], ['Verdict', 1]], JSON.stringify(steps, null, 1));
    assert.equal(outputs['gate']?.['exit-code'], '1');
    const gate = steps[1]!;
    // GitHub workflow commands: the secret and the latest tag (high in production material) are error annotations on
    // their lines, the missing USER (hardening, low) a notice.
    assert.match(gate.stdout, /^::error file=Dockerfile,line=5,col=\d+,[^\n]*title=CGD030[^\n]*::/m);
    assert.match(gate.stdout, /^::error file=Dockerfile,line=1,[^\n]*title=CGD002[^\n]*::/m);
    assert.match(gate.stdout, /^::notice file=Dockerfile,line=\d+,[^\n]*title=CGD020[^\n]*::/m);
    assert.doesNotMatch(gate.stdout + gate.stderr, /abc123secret/, 'the log never shows the secret');
    // The upload step: pinned by full commit SHA, run whatever the verdict, given the SARIF the gate wrote.
    assert.ok(upload, 'an upload step');
    assert.match(upload.uses!, /^github\/codeql-action\/upload-sarif@[0-9a-f]{40}$/);
    assert.match(upload.if!, /always\(\)/);
    const sarifPath = path.join(repo, upload.with!['sarif_file']!);
    assert.ok(existsSync(sarifPath), `${sarifPath} was written`);
    const sarif = JSON.parse(readFileSync(sarifPath, 'utf8'));
    assertValidSarif(sarif);
    const results = sarif.runs[0].results;
    assert.ok(results.some((r: any) => r.ruleId === 'CGD030' && r.locations[0].physicalLocation.artifactLocation.uri === 'Dockerfile'));
    for (const r of results) assert.match(r.partialFingerprints['confgate/v1'], /^[0-9a-f]{32}$/);
    assert.doesNotMatch(readFileSync(sarifPath, 'utf8'), /abc123secret/);
  });

  it('a clean repository passes (exit 0), with an empty SARIF log', () => {
    const repo = workdir({ Dockerfile: CLEAN_DOCKERFILE });
    const { steps, upload } = playAction(repo, { 'service-url': `${svc.url}/`, 'sarif-file': 'clean.sarif', paths: 'Dockerfile\n' });
    assert.deepEqual(steps.map((s) => s.status), [0, 0, 0], JSON.stringify(steps, null, 1));
    const sarif = JSON.parse(readFileSync(path.join(repo, upload!.with!['sarif_file']!), 'utf8'));
    assertValidSarif(sarif);
    assert.deepEqual(sarif.runs[0].results, []);
  });

  it('with a committed baseline, the same bad Dockerfile passes; a new finding fails it', async () => {
    const repo = workdir({ Dockerfile: BAD_DOCKERFILE });
    const written = await runCli(['--url', svc.url, '--quiet', '--write-baseline', '.confgate-baseline.json', 'Dockerfile'], { cwd: repo });
    assert.equal(written.status, 1, written.stderr);
    const known = playAction(repo, { 'service-url': svc.url, 'fail-on': 'high', baseline: '.confgate-baseline.json' });
    assert.deepEqual(known.steps.map((s) => s.status), [0, 0, 0], JSON.stringify(known.steps, null, 1));
    assert.doesNotMatch(known.steps[1]!.stdout, /^::(error|warning)/m, 'known findings are not annotated');
    writeFileSync(path.join(repo, 'Dockerfile'), `${BAD_DOCKERFILE}ENV DB_PASSWORD=another\n`);
    const grown = playAction(repo, { 'service-url': svc.url, 'fail-on': 'high', baseline: '.confgate-baseline.json' });
    assert.equal(grown.outputs['gate']?.['exit-code'], '1');
    assert.deepEqual(grown.steps[1]!.stdout.match(/^::error [^\n]*/gm)?.map((l) => /line=(\d+)/.exec(l)?.[1]), ['6']);
  });

  it('an unreachable service fails the job at the fetch, with no verdict', () => {
    const repo = workdir({ Dockerfile: CLEAN_DOCKERFILE });
    const { steps } = playAction(repo, { 'service-url': 'http://127.0.0.1:9' });
    assert.deepEqual(steps.map((s) => s.name), ['Fetch the Confgate CLI']);
    assert.notEqual(steps[0]!.status, 0);
  });
});
