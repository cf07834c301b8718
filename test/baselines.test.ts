// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// Finding fingerprints and baselines through the public API: every finding carries a fingerprint that survives
// moved lines and changes with its text, a secret's value never reaches it, and a request's `baseline` moves known
// findings to `suppressed` (kind `baseline`) and scores without them, on both analysis endpoints and in SARIF.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';
import { openApiChecker } from './support/openapi.ts';
import type { OpenApiChecker } from './support/openapi.ts';

let t: TestApp;
let openapi: OpenApiChecker;
before(async () => {
  t = await startTestApp();
  openapi = await openApiChecker(t.app);
});
after(async () => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

async function analyze(content: string, extra: Record<string, unknown> = {}, filename = 'Dockerfile'): Promise<any> {
  const res = await post('/api/analyze', { filename, file_type: 'auto', content, ...extra });
  assert.equal(res.statusCode, 200, res.body);
  openapi.assertConforms('POST', '/api/analyze', 200, res.json());
  return res.json().data;
}

/** `rule_id line fingerprint` of every finding. */
const ids = (report: any, rule?: string) => report.findings.filter((f: any) => !rule || f.rule_id === rule).map((f: any) => f.fingerprint as string);

const DOCKERFILE = 'FROM node:latest\nRUN apt-get update && apt-get install -y curl\nUSER root\n';

describe('finding fingerprints', () => {
  it('every finding carries one: 32 hex digits, unique per distinct finding', async () => {
    const r = await analyze(DOCKERFILE);
    assert.ok(r.findings.length >= 3, JSON.stringify(r.findings.map((f: any) => f.rule_id)));
    for (const f of r.findings) assert.match(f.fingerprint, /^[0-9a-f]{32}$/);
    assert.equal(new Set(ids(r)).size, r.findings.length);
  });
  it('is stable when lines are inserted above and the text is re-indented', async () => {
    const base = await analyze(DOCKERFILE);
    const moved = await analyze(`# a comment\n\n${DOCKERFILE.replace('RUN apt-get', 'RUN    apt-get')}`);
    const byRule = (r: any) => Object.fromEntries(r.findings.map((f: any) => [`${f.rule_id}`, f.fingerprint]));
    assert.notDeepEqual(moved.findings.map((f: any) => f.location.start_line), base.findings.map((f: any) => f.location.start_line));
    assert.deepEqual(byRule(moved), byRule(base));
  });
  it('changes when the text it points at changes, and with the file', async () => {
    const base = await analyze(DOCKERFILE);
    const changed = await analyze(DOCKERFILE.replace('node:latest', 'python:latest'));
    const rule = base.findings.find((f: any) => f.location.start_line === 1).rule_id;
    assert.notEqual(ids(changed, rule)[0], ids(base, rule)[0]);
    const elsewhere = await analyze(DOCKERFILE, {}, 'api/Dockerfile');
    assert.notEqual(ids(elsewhere, rule)[0], ids(base, rule)[0]);
  });
  it('never depends on a secret value: two values on the same line and rule give one fingerprint', async () => {
    const cases = [
      { rule: 'CGD030', a: 'FROM alpine:3.20\nENV API_TOKEN=hunter2\n', b: 'FROM alpine:3.20\nENV API_TOKEN=correct-horse-battery-staple-9\n' },
      { rule: 'CGD033', a: 'FROM alpine:3.20\nRUN git clone https://deploy:ghp_abc123@github.com/acme/app.git\n', b: 'FROM alpine:3.20\nRUN git clone https://deploy:s3cr3tvalue@github.com/acme/app.git\n' },
      { rule: 'CGC017', a: 'services:\n  db:\n    image: postgres:16.4\n    environment:\n      POSTGRES_PASSWORD: hunter2\n', b: 'services:\n  db:\n    image: postgres:16.4\n    environment:\n      POSTGRES_PASSWORD: "another one entirely 42"\n', filename: 'compose.yaml' },
    ];
    for (const c of cases) {
      const a = ids(await analyze(c.a, {}, c.filename), c.rule);
      const b = ids(await analyze(c.b, {}, c.filename), c.rule);
      assert.equal(a.length, 1, `${c.rule} fires`);
      assert.deepEqual(b, a, `${c.rule}: the value is not part of the fingerprint`);
    }
    // Still told apart by what the report says: another variable is another finding.
    const other = ids(await analyze('FROM alpine:3.20\nENV DB_PASSWORD=hunter2\n'), 'CGD030');
    assert.notDeepEqual(other, ids(await analyze(cases[0]!.a), 'CGD030'));
  });
  it('is the SARIF result\'s partialFingerprints confgate/v1', async () => {
    const json = await analyze(DOCKERFILE);
    const res = await post('/api/analyze?format=sarif', { filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE });
    const results = res.json().runs[0].results;
    assert.deepEqual(results.map((r: any) => r.partialFingerprints['confgate/v1']).sort(), ids(json).sort());
  });
});

describe('baseline', () => {
  it('moves the listed findings to suppressed (kind baseline) and scores without them', async () => {
    const base = await analyze(DOCKERFILE);
    assert.ok(base.score < 100);
    const all = await analyze(DOCKERFILE, { baseline: ids(base) });
    assert.equal(all.score, 100);
    assert.equal(all.grade, 'A+');
    assert.deepEqual(all.findings, []);
    assert.deepEqual(all.suppressed.map((f: any) => f.fingerprint).sort(), ids(base).sort());
    for (const f of all.suppressed) {
      assert.deepEqual(f.suppression, { kind: 'baseline', pragma: 'baseline', line: f.location.start_line, reason: 'baseline' });
      assert.equal(f.score_impact, 0);
    }
    // Only the known ones: a finding added since is still reported and scored.
    const grown = await analyze(`${DOCKERFILE}ADD https://example.com/x.tgz /opt/\n`, { baseline: ids(base) });
    assert.ok(grown.findings.length > 0);
    assert.ok(grown.findings.every((f: any) => !ids(base).includes(f.fingerprint)));
    assert.ok(grown.score < 100);
  });
  it('of one finding rescores as if it were not there', async () => {
    const base = await analyze(DOCKERFILE);
    const worst = [...base.findings].sort((a: any, b: any) => a.score_impact - b.score_impact)[0];
    const partial = await analyze(DOCKERFILE, { baseline: [worst.fingerprint, 'f'.repeat(32)] });
    assert.equal(partial.findings.length, base.findings.length - 1);
    assert.equal(partial.suppressed.length, 1);
    assert.equal(partial.score, 100 + partial.findings.reduce((s: number, f: any) => s + f.score_impact, 0));
    assert.ok(partial.score > base.score);
  });
  it('works on projects: file findings and cross-file findings, in JSON and SARIF', async () => {
    const files = [
      { filename: 'web/Dockerfile', content: 'FROM node:latest\nUSER root\n' },
      { filename: 'compose.yaml', content: 'services:\n  web:\n    build: ./web\n    privileged: true\n  api:\n    build: ./api\n' },
    ];
    const res = await post('/api/analyze-project', { files });
    assert.equal(res.statusCode, 200);
    openapi.assertConforms('POST', '/api/analyze-project', 200, res.json());
    const base = res.json().data;
    const every = [...base.files.flatMap((f: any) => f.report.findings), ...base.project_findings];
    assert.ok(base.project_findings.length > 0, 'a cross-file finding (./api/Dockerfile not submitted)');
    for (const f of every) assert.match(f.fingerprint, /^[0-9a-f]{32}$/);
    const known = await post('/api/analyze-project', { files, baseline: every.map((f: any) => f.fingerprint) });
    const report = known.json().data;
    assert.equal(report.score, 100);
    assert.deepEqual(report.project_findings, []);
    assert.deepEqual(report.project_suppressed.map((f: any) => [f.fingerprint, f.suppression.kind]), base.project_findings.map((f: any) => [f.fingerprint, 'baseline']));
    for (const f of report.files) assert.deepEqual(f.report.findings, []);
    const sarif = await post('/api/analyze-project?format=sarif', { files, baseline: every.map((f: any) => f.fingerprint) });
    const results = sarif.json().runs[0].results;
    // Every finding stays in SARIF, as a suppressed result.
    assert.equal(results.length, every.length);
    for (const r of results.filter((x: any) => every.some((f: any) => f.fingerprint === x.partialFingerprints['confgate/v1']))) {
      assert.deepEqual(r.suppressions, [{ kind: 'external', justification: 'In the baseline: a known finding, not gated on.' }]);
    }
  });
  it('refuses a malformed baseline with 422 naming the field', async () => {
    const bad: [unknown, RegExp][] = [
      ['abc', /baseline/],
      [[42], /baseline/],
      [[''], /baseline/],
      [['x'.repeat(65)], /baseline/],
      [Array.from({ length: 5001 }, (_, i) => i.toString(16).padStart(32, '0')), /baseline/],
      [{ a: 1 }, /baseline/],
    ];
    for (const [baseline, message] of bad) {
      for (const [url, body] of [['/api/analyze', { filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE }], ['/api/analyze-project', { files: [{ filename: 'Dockerfile', content: DOCKERFILE }] }]] as const) {
        const res = await post(url, { ...body, baseline });
        assert.equal(res.statusCode, 422, `${url} ${JSON.stringify(baseline).slice(0, 40)}: ${res.body}`);
        assert.equal(res.json().error.code, 'invalid_request');
        assert.match(res.json().error.message, message);
      }
    }
  });
});
