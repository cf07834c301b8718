// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// The CLI's report formats (issue #22): --format text|json|sarif|github|gitlab|junit and --output FILE, run as a
// subprocess against the real service. Each format is parsed and its shape checked; exit codes stay 0/1/2.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { assertValidSarif } from './support/sarif-schema.ts';
import { multitoolProblems } from './support/sarif-multitool.ts';
import { BAD_DOCKERFILE, cliService, CLEAN_DOCKERFILE, COMPOSE, OLDEST, runCli, serviceReport, workdir } from './fixtures/cli/harness.ts';

const svc = cliService();

const FORMATS = ['text', 'json', 'sarif', 'github', 'gitlab', 'junit'] as const;
const repo = (files: Record<string, string>) => {
  const dir = workdir(files);
  mkdirSync(path.join(dir, '.git'));
  return dir;
};
const cli = (args: string[], cwd: string) => runCli(['--url', svc.url, ...args], { cwd });

/** The findings of a --format json run, as [file, line, column, rule, severity], suppressed ones left out. */
async function findingsOf(args: string[], dir: string): Promise<{ file: string; line: number; col: number; rule: string; name: string; severity: string; message: string }[]> {
  const res = await cli(['--format', 'json', '--min-score', '0', ...args], dir);
  assert.equal(res.status, 0, res.stderr);
  const out = JSON.parse(res.stdout);
  const list = [];
  for (const a of out.analyses) {
    const files = a.kind === 'file' ? [{ filename: a.files[0], report: a.report }] : a.report.files;
    for (const f of files) for (const x of f.report.findings) list.push({ file: f.filename, line: x.location.start_line, col: x.location.start_column, rule: x.rule_id, name: x.rule_name, severity: x.severity, message: x.message });
    if (a.kind === 'project') for (const x of a.report.project_findings) list.push({ file: x.location.file, line: x.location.start_line, col: x.location.start_column, rule: x.rule_id, name: x.rule_name, severity: x.severity, message: x.message });
  }
  return list;
}

/** An XML document parsed by Python's ElementTree, as {tag, attrs, text, children}. */
function parseXml(text: string): XmlNode {
  const script = [
    'import json, sys, xml.etree.ElementTree as E',
    'def node(e): return {"tag": e.tag, "attrs": dict(e.attrib), "text": e.text or "", "children": [node(c) for c in e]}',
    'print(json.dumps(node(E.fromstring(sys.stdin.buffer.read()))))',
  ].join('\n');
  const res = spawnSync(OLDEST.python, ['-c', script], { input: text, encoding: 'utf8' });
  assert.equal(res.status, 0, `not well-formed XML: ${res.stderr}`);
  return JSON.parse(res.stdout) as XmlNode;
}
interface XmlNode { tag: string; attrs: Record<string, string>; text: string; children: XmlNode[] }

describe('exit codes stay 0/1/2 in every format, with and without --output', () => {
  for (const format of FORMATS) {
    it(`--format ${format}`, async () => {
      const dir = repo({ 'clean/Dockerfile': CLEAN_DOCKERFILE, 'bad/Dockerfile': BAD_DOCKERFILE, 'out/.keep': '' });
      const pass = await cli(['--format', format, 'clean/Dockerfile'], dir);
      assert.equal(pass.status, 0, pass.stderr);
      assert.ok(pass.stdout.length > 0);
      const fail = await cli(['--format', format, 'bad/Dockerfile'], dir);
      assert.equal(fail.status, 1, fail.stderr);
      const broken = await cli(['--format', format, 'missing/Dockerfile'], dir);
      assert.equal(broken.status, 2);
      assert.equal(broken.stdout, '', 'nothing on stdout after a technical error');

      // --output: the report in the file (the same as stdout got), the verdict line on stdout.
      const written = await cli(['--format', format, '--output', 'out/report', 'bad/Dockerfile'], dir);
      assert.equal(written.status, 1, written.stderr);
      const { score } = await serviceReport(svc.url, 'bad/Dockerfile', BAD_DOCKERFILE);
      assert.equal(written.stdout, `FAIL: 1 of 1 scores are below 80 (file bad/Dockerfile: ${score})\n`);
      const report = readFileSync(path.join(dir, 'out/report'), 'utf8');
      const normalise = (s: string) => s.replace(/req_[0-9a-f]{16}/g, 'req');
      assert.equal(normalise(report), normalise(fail.stdout));
      const none = await cli(['--format', format, '--output', 'out/none', 'missing/Dockerfile'], dir);
      assert.equal(none.status, 2);
      assert.deepEqual(readdirSync(path.join(dir, 'out')).sort(), ['.keep', 'report'], 'no report, no temporary file after exit 2');
    });
  }

  it('--output into a directory that does not exist is exit 2 before anything is sent', async () => {
    const res = await cli(['--output', 'no/such/report.xml', '--format', 'junit', 'Dockerfile'], repo({ Dockerfile: CLEAN_DOCKERFILE }));
    assert.equal(res.status, 2);
    assert.match(res.stderr, /^confgate: error: cannot write no\/such\/report\.xml: its directory does not exist$/m);
  });
});

describe('--format github: workflow commands GitHub turns into annotations', () => {
  const LINE = /^::(error|warning|notice) file=([^,]*),line=(\d+),col=(\d+),title=([^:]*)::(.*)$/;
  const LEVEL: Record<string, string> = { critical: 'error', high: 'error', medium: 'warning', low: 'notice', info: 'notice' };

  it('one command per finding: level by severity, file, line, column, rule as title, message with its fix; then scores and verdict', async () => {
    const dir = repo({ 'web/Dockerfile': BAD_DOCKERFILE, 'compose.yaml': COMPOSE });
    const expected = await findingsOf(['web/Dockerfile', 'compose.yaml'], dir);
    assert.ok(new Set(expected.map((f) => LEVEL[f.severity])).size >= 2, 'the files cover more than one level');
    const res = await cli(['--format', 'github', 'web/Dockerfile', 'compose.yaml'], dir);
    assert.equal(res.status, 1, res.stderr);
    const lines = res.stdout.trimEnd().split('\n');
    const commands = lines.filter((l) => l.startsWith('::'));
    assert.equal(commands.length, expected.length);
    commands.forEach((line, i) => {
      const m = LINE.exec(line);
      assert.ok(m, line);
      const f = expected[i]!;
      assert.deepEqual(m.slice(1, 6), [LEVEL[f.severity], f.file, String(f.line), String(f.col), `${f.rule} ${f.name}`]);
      assert.ok(m[6]!.startsWith(f.message.replaceAll('%', '%25')), m[6]);
      assert.match(m[6]!, new RegExp(`%0A%0AFix: .+%0A${svc.url.replaceAll('.', '\\.')}/rules/${f.rule}$`));
    });
    const tail = lines.slice(commands.length);
    assert.equal(tail.length, 4);
    const web = await serviceReport(svc.url, 'web/Dockerfile', BAD_DOCKERFILE);
    assert.equal(tail[0], `file web/Dockerfile: score ${web.score}/100, grade ${web.grade}`);
    assert.match(tail[1]!, /^file compose\.yaml: score \d+\/100, grade \S+$/);
    assert.match(tail[2]!, /^project web\/Dockerfile, compose\.yaml: score \d+\/100, grade \S+$/);
    assert.match(lines.at(-1)!, /^FAIL: 3 of 3 scores are below 80/);
  });

  it('property values are escaped (a comma or colon in a path), data keeps no raw line break', async () => {
    const dir = repo({ 'a,b:c/Dockerfile': BAD_DOCKERFILE });
    const res = await cli(['--format', 'github', 'a,b:c/Dockerfile'], dir);
    assert.equal(res.status, 1);
    const commands = res.stdout.split('\n').filter((l) => l.startsWith('::'));
    assert.equal(commands.length, 3);
    for (const c of commands) assert.match(c, /^::\w+ file=a%2Cb%3Ac\/Dockerfile,line=\d+,col=\d+,title=CGD\d{3} [a-z-]+::[^\r]+$/);
  });
});

describe('--format gitlab: a GitLab Code Quality report', () => {
  const SEVERITY: Record<string, string> = { critical: 'blocker', high: 'critical', medium: 'major', low: 'minor', info: 'info' };

  it('a JSON array of {description, check_name, fingerprint, severity, location: {path, lines: {begin}}}, one per finding', async () => {
    const dir = repo({ 'web/Dockerfile': BAD_DOCKERFILE, 'compose.yaml': COMPOSE, 'reports/.keep': '' });
    const expected = await findingsOf(['web/Dockerfile', 'compose.yaml'], dir);
    const res = await cli(['--format', 'gitlab', '--sarif', 'reports/x.sarif', 'web/Dockerfile', 'compose.yaml'], dir);
    assert.equal(res.status, 1, res.stderr);
    const issues = JSON.parse(res.stdout);
    assert.ok(Array.isArray(issues));
    assert.deepEqual(issues.map((i: any) => Object.keys(i).sort()), issues.map(() => ['check_name', 'description', 'fingerprint', 'location', 'severity']));
    assert.deepEqual(issues.map((i: any) => [i.check_name, i.severity, i.location.path, i.location.lines.begin, Object.keys(i.location).sort(), Object.keys(i.location.lines)]),
      expected.map((f) => [f.rule, SEVERITY[f.severity], f.file, f.line, ['lines', 'path'], ['begin']]));
    assert.deepEqual(issues.map((i: any) => i.description), expected.map((f) => `${f.rule} ${f.name}: ${f.message}`));
    const fingerprints = issues.map((i: any) => i.fingerprint);
    assert.equal(new Set(fingerprints).size, fingerprints.length, 'unique');
    // The same identity as SARIF's partialFingerprints (suppressed findings are SARIF results, not Code Quality issues).
    const sarif = JSON.parse(readFileSync(path.join(dir, 'reports/x.sarif'), 'utf8'));
    const sarifPrints = sarif.runs[0].results.filter((r: any) => !r.suppressions).map((r: any) => r.partialFingerprints['confgate/v1']);
    assert.deepEqual(fingerprints, sarifPrints);
  });

  it('fingerprints stay when lines move, and change when the finding\'s text changes (never with a secret\'s value)', async () => {
    const prints = async (content: string) => {
      const res = await cli(['--format', 'gitlab', 'Dockerfile'], repo({ Dockerfile: content }));
      return new Map((JSON.parse(res.stdout) as any[]).map((i) => [i.check_name, i.fingerprint]));
    };
    const before = await prints(BAD_DOCKERFILE);
    const moved = await prints(`# syntax=docker/dockerfile:1\n\n${BAD_DOCKERFILE.replace('ENV API_TOKEN', 'ENV   API_TOKEN')}`);
    assert.deepEqual(moved, before, 'two lines added above and blanks re-indented: the same fingerprints');
    const changed = await prints(BAD_DOCKERFILE.replace('FROM node:latest', 'FROM python:latest'));
    assert.notEqual(changed.get('CGD002'), before.get('CGD002'));
    assert.equal(changed.get('CGD030'), before.get('CGD030'));
    // A secret's value is never part of its fingerprint: a committed report cannot confirm a guess.
    const otherSecret = await prints(BAD_DOCKERFILE.replace('abc123secret', 'zzz999secret'));
    assert.deepEqual(otherSecret, before);
  });

  it('a clean file is an empty array', async () => {
    const res = await cli(['--format', 'gitlab', 'Dockerfile'], repo({ Dockerfile: CLEAN_DOCKERFILE }));
    assert.equal(res.status, 0);
    assert.deepEqual(JSON.parse(res.stdout), []);
  });
});

describe('--format junit: one test case per file (and per project), failing as the gate does', () => {
  it('testsuites > testsuite > testcase; a file below the minimum has one failure listing its findings, a passing one none', async () => {
    const dir = repo({ 'bad/Dockerfile': BAD_DOCKERFILE, 'good/Dockerfile': CLEAN_DOCKERFILE });
    const res = await cli(['--format', 'junit', 'bad/Dockerfile', 'good/Dockerfile'], dir);
    assert.equal(res.status, 1, res.stderr);
    assert.match(res.stdout, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/);
    const root = parseXml(res.stdout);
    assert.equal(root.tag, 'testsuites');
    assert.deepEqual(root.attrs, { name: 'confgate', tests: '3', failures: '2', errors: '0' });
    const suite = root.children[0]!;
    assert.equal(suite.tag, 'testsuite');
    assert.deepEqual(suite.children.map((c) => [c.tag, c.attrs['classname'], c.attrs['name'], c.children.map((x) => x.tag)]), [
      ['testcase', 'confgate.file', 'bad/Dockerfile', ['failure']],
      ['testcase', 'confgate.file', 'good/Dockerfile', ['system-out']],
      ['testcase', 'confgate.project', 'project (bad/Dockerfile, good/Dockerfile)', ['failure']],
    ]);
    const failure = suite.children[0]!.children[0]!;
    const bad = await serviceReport(svc.url, 'bad/Dockerfile', BAD_DOCKERFILE);
    assert.equal(failure.attrs['message'], `score ${bad.score}/100 is below 80 (score ${bad.score}/100, grade ${bad.grade}: ${bad.counts})`);
    assert.deepEqual(failure.text.trimEnd().split('\n'), bad.findings.map((f) => `bad/Dockerfile:${f.location.start_line}:${f.location.start_column}: ${f.severity} ${f.rule_id} ${f.rule_name}: ${f.message}`));
    assert.ok(failure.text.includes('bad/Dockerfile:5:5: high CGD030 secret-in-env: ENV "API_TOKEN" holds a hard-coded secret.\n'));
    assert.equal(suite.children[1]!.children[0]!.text, 'score 100/100, grade A+: no findings\n');
  });

  it('--fail-on fails the case holding such a finding, even with a passing score', async () => {
    const res = await cli(['--format', 'junit', '--min-score', '0', '--fail-on', 'high', 'Dockerfile'], repo({ Dockerfile: BAD_DOCKERFILE }));
    assert.equal(res.status, 1);
    const cases = parseXml(res.stdout).children[0]!.children;
    assert.equal(cases.length, 1);
    assert.equal(cases[0]!.children[0]!.tag, 'failure');
    const bad = await serviceReport(svc.url, 'Dockerfile', BAD_DOCKERFILE);
    const highs = bad.findings.filter((f) => f.severity === 'high' || f.severity === 'critical').length;
    assert.ok(highs >= 1);
    assert.equal(cases[0]!.children[0]!.attrs['message'], `${highs} finding${highs === 1 ? '' : 's'} at or above high (score ${bad.score}/100, grade ${bad.grade}: ${bad.counts})`);
    const pass = await cli(['--format', 'junit', '--min-score', '0', 'Dockerfile'], repo({ Dockerfile: BAD_DOCKERFILE }));
    assert.equal(pass.status, 0);
    assert.deepEqual(parseXml(pass.stdout).attrs, { name: 'confgate', tests: '1', failures: '0', errors: '0' });
  });

  it('markup in names and messages is escaped', async () => {
    const dir = repo({ 'a&b<c>/Dockerfile': 'FROM node:latest\nUSER app\nLABEL x="<&>"\n' });
    const res = await cli(['--format', 'junit', 'a&b<c>/Dockerfile'], dir);
    const root = parseXml(res.stdout);
    assert.equal(root.children[0]!.children[0]!.attrs['name'], 'a&b<c>/Dockerfile');
  });
});

describe('--format sarif: the SARIF log on stdout or in --output', () => {
  it('is the --sarif file, schema-valid, clean under GitHub\'s rules', async () => {
    const dir = repo({ 'web/Dockerfile': BAD_DOCKERFILE, 'compose.yaml': COMPOSE, 'reports/.keep': '' });
    const res = await cli(['--format', 'sarif', '--sarif', 'reports/also.sarif', 'web/Dockerfile', 'compose.yaml'], dir);
    assert.equal(res.status, 1, res.stderr);
    assert.equal(res.stdout, readFileSync(path.join(dir, 'reports/also.sarif'), 'utf8'));
    const log = JSON.parse(res.stdout);
    assertValidSarif(log);
    assert.ok(log.runs[0].results.length > 3);
    assert.deepEqual(multitoolProblems({ 'cli-format-sarif': log }, ['Gh']), []);
    const out = await cli(['--format', 'sarif', '--output', 'reports/out.sarif', 'web/Dockerfile', 'compose.yaml'], dir);
    assert.equal(out.status, 1);
    assert.ok(existsSync(path.join(dir, 'reports/out.sarif')));
    assert.match(out.stdout, /^FAIL: /);
  });
});

describe('--format text with --output', () => {
  it('the report in the file without colours; the verdict on stdout', async () => {
    const dir = repo({ Dockerfile: BAD_DOCKERFILE });
    const res = await cli(['--output', 'report.txt', 'Dockerfile'], dir);
    assert.equal(res.status, 1);
    const { score } = await serviceReport(svc.url, 'Dockerfile', BAD_DOCKERFILE);
    assert.equal(res.stdout, `FAIL: 1 of 1 scores are below 80 (file Dockerfile: ${score})\n`);
    const text = readFileSync(path.join(dir, 'report.txt'), 'utf8');
    assert.match(text, /^Dockerfile:5:5: high CGD030 secret-in-env: /m);
    assert.ok(text.endsWith(`\nFAIL: 1 of 1 scores are below 80 (file Dockerfile: ${score})\n`));
    assert.doesNotMatch(text, /\x1b\[/);
  });
});
