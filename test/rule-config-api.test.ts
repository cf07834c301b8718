// npm test: store-agnostic — the analysis API and the analyzer page's form only; nothing read or asserted depends on the store.
// Profiles and rule configuration end to end through HTTP (issue #19): both analysis endpoints take `profile` and
// `rules`, apply them, and state them in the report (JSON and SARIF); every invalid value is a 422 naming the
// field; the analyzer page's form offers the profile.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';
import { openApiChecker } from './support/openapi.ts';
import type { OpenApiChecker } from './support/openapi.ts';

/** A plain web service: hardening gaps only (no healthcheck, limits, no-new-privileges, read-only root…). */
const COMPOSE = 'services:\n  web:\n    image: nginx:1.27\n    ports:\n      - "8080:80"\n';
const DOCKERFILE = 'FROM node:latest\nRUN npm install\nCMD node server.js\n';
const NO_RULES = { enable: [], disable: [], severity: {}, options: {} };

let t: TestApp;
let openapi: OpenApiChecker;
before(async () => {
  t = await startTestApp({ PUBLIC_RATE_LIMIT: '999999/s' });
  openapi = await openApiChecker(t.app);
});
after(async () => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const file = (extra: object, content = DOCKERFILE, filename = 'Dockerfile') => post('/api/analyze', { filename, file_type: 'auto', content, ...extra });
const ids = (report: any, id: string) => report.findings.filter((f: any) => f.rule_id === id);

async function ok(res: Awaited<ReturnType<typeof post>>, path: string): Promise<any> {
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  openapi.assertConforms('POST', path, 200, body);
  return body.data;
}

function assertRefused(res: Awaited<ReturnType<typeof post>>, message: RegExp): void {
  assert.equal(res.statusCode, 422, res.body);
  const body = res.json();
  assert.equal(body.error.code, 'invalid_request');
  assert.match(body.error.message, message);
}

describe('profile and rules on POST /api/analyze', () => {
  it('without them: the recommended profile and no rule configuration, stated in the report', async () => {
    const data = await ok(await file({}), '/api/analyze');
    assert.equal(data.profile, 'recommended');
    assert.deepEqual(data.rules, NO_RULES);
    assert.equal(data.scoring_version, '2026-11.2');
  });

  it('disable by id (any case) or name: the rules do not run, and the report states them by id', async () => {
    const base = await ok(await file({}), '/api/analyze');
    assert.equal(ids(base, 'CGD002').length, 1);
    assert.equal(ids(base, 'CGD131').length, 1);
    const data = await ok(await file({ rules: { disable: ['no-latest-tag', 'cgd131'] } }), '/api/analyze');
    assert.deepEqual(data.rules.disable, ['CGD002', 'CGD131']);
    assert.deepEqual([ids(data, 'CGD002').length, ids(data, 'CGD131').length], [0, 0]);
    assert.equal(data.score, 100 + data.findings.reduce((s: number, f: any) => s + f.score_impact, 0));
  });

  it('a name two file types share names both rules', async () => {
    const data = await ok(await file({ rules: { disable: ['healthcheck-missing'] } }, COMPOSE, 'compose.yaml'), '/api/analyze');
    assert.deepEqual(data.rules.disable, ['CGC025', 'CGD131']);
    assert.equal(ids(data, 'CGC025').length, 0);
  });

  it('enable runs an opt-in rule', async () => {
    assert.equal(ids(await ok(await file({}), '/api/analyze'), 'CGD003').length, 0);
    const data = await ok(await file({ rules: { enable: ['image-not-pinned-by-digest'] } }), '/api/analyze');
    assert.deepEqual(data.rules.enable, ['CGC024', 'CGD003']);
    assert.equal(ids(data, 'CGD003').length, 1);
  });

  it('severity re-rates every finding of a rule: counts, caps and SARIF levels follow', async () => {
    const critical = await ok(await file({ rules: { severity: { 'no-latest-tag': 'critical' } } }), '/api/analyze');
    assert.deepEqual(critical.rules.severity, { CGD002: 'critical' });
    assert.equal(ids(critical, 'CGD002')[0].severity, 'critical');
    assert.equal(critical.summary.critical, 1);
    assert.equal(critical.severity, 'critical');
    assert.ok(critical.score <= 49);
    const info = await ok(await file({ rules: { severity: { CGD002: 'info' } } }), '/api/analyze');
    assert.equal(ids(info, 'CGD002')[0].score_impact, 0);
    const sarif = (await post('/api/analyze?format=sarif', { filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE, rules: { severity: { CGD002: 'critical' } } })).json();
    const run = sarif.runs[0];
    assert.equal(run.results.find((r: any) => r.ruleId === 'CGD002').level, 'error');
    assert.deepEqual(run.properties.rules.severity, { CGD002: 'critical' });
    assert.equal(run.properties.profile, 'recommended');
  });

  it('strict: hardening rules count as high, opt-in rules run, every finding costs; the plain service fails', async () => {
    const recommended = await ok(await file({}, COMPOSE, 'compose.yaml'), '/api/analyze');
    assert.ok(recommended.score >= 80, `recommended ${recommended.score}`);
    assert.ok(recommended.findings.every((f: any) => f.severity !== 'high' && f.severity !== 'critical'));
    const strict = await ok(await file({ profile: 'strict' }, COMPOSE, 'compose.yaml'), '/api/analyze');
    assert.equal(strict.profile, 'strict');
    assert.ok(strict.score < 80, `strict ${strict.score}`);
    for (const id of ['CGC011', 'CGC013', 'CGC025', 'CGC027', 'CGC028', 'CGC030']) assert.equal(ids(strict, id)[0]?.severity, 'high', id);
    assert.equal(ids(strict, 'CGC024').length, 1, 'the opt-in digest rule runs');
    assert.equal(ids(strict, 'CGC020')[0].severity, ids(recommended, 'CGC020')[0].severity, 'a rule without the hardening tag keeps its severity');
    const sarif = (await post('/api/analyze?format=sarif', { filename: 'compose.yaml', file_type: 'auto', content: COMPOSE, profile: 'strict' })).json();
    assert.equal(sarif.runs[0].properties.profile, 'strict');
    assert.equal(sarif.runs[0].results.find((r: any) => r.ruleId === 'CGC025').level, 'error');
  });

  it('a configured severity wins over the strict profile', async () => {
    const data = await ok(await file({ profile: 'strict', rules: { severity: { 'healthcheck-missing': 'low' }, disable: ['CGD003'] } }), '/api/analyze');
    assert.equal(ids(data, 'CGD131')[0].severity, 'low');
    assert.equal(ids(data, 'CGD003').length, 0, 'disable wins over strict');
  });
});

describe('profile and rules on POST /api/analyze-project', () => {
  const files = [{ filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    ports:\n      - "8080:80"\n' }, { filename: 'Dockerfile', content: DOCKERFILE }];
  it('apply to every file and the project rules, and are stated once for the project', async () => {
    const base = await ok(await post('/api/analyze-project', { files }), '/api/analyze-project');
    assert.equal(base.profile, 'recommended');
    assert.deepEqual(base.rules, NO_RULES);
    const data = await ok(await post('/api/analyze-project', { files, profile: 'strict', rules: { disable: ['CGD002', 'exposed-port-not-published'] } }), '/api/analyze-project');
    assert.equal(data.profile, 'strict');
    assert.deepEqual(data.rules.disable, ['CGD002', 'CGP006']);
    const all = [...data.files.flatMap((f: any) => f.report.findings), ...data.project_findings];
    assert.equal(all.filter((f: any) => f.rule_id === 'CGD002' || f.rule_id === 'CGP006').length, 0);
    assert.equal(data.files.find((f: any) => f.filename === 'Dockerfile').report.findings.find((f: any) => f.rule_id === 'CGD131').severity, 'high');
    assert.ok(data.score < base.score);
    const sarif = (await post('/api/analyze-project?format=sarif', { files, profile: 'strict' })).json();
    assert.equal(sarif.runs[0].properties.profile, 'strict');
    assert.deepEqual(sarif.runs[0].properties.rules, NO_RULES);
  });
  it('refuses an invalid configuration before analyzing anything', async () => {
    assertRefused(await post('/api/analyze-project', { files, rules: { disable: ['CGX999'] } }), /^body\.rules\.disable\[0\] names no rule/);
    assertRefused(await post('/api/analyze-project', { files, profile: 'lenient' }), /^body\.profile must be one of: recommended, strict/);
  });
});

describe('invalid profile and rules: 422 invalid_request naming the field', () => {
  const cases: [string, object, RegExp][] = [
    ['an unknown profile', { profile: 'lenient' }, /^body\.profile must be one of: recommended, strict/],
    ['a profile of the wrong type', { profile: 1 }, /^body\.profile must be of type string$/],
    ['rules not an object', { rules: 'all' }, /^body\.rules must be of type object/],
    ['an unknown field of rules', { rules: { ignore: ['CGD001'] } }, /^body\.rules has a field it does not know: ignore/],
    ['disable not a list', { rules: { disable: 'CGD001' } }, /^body\.rules\.disable must be of type array/],
    ['a list entry not a string', { rules: { enable: [1] } }, /^body\.rules\.enable\[0\] must be of type string/],
    ['an unknown rule in disable', { rules: { disable: ['CGD001', 'CGX999'] } }, /^body\.rules\.disable\[1\] names no rule of file or project analysis/],
    ['an unknown rule in enable', { rules: { enable: ['no-such-rule'] } }, /^body\.rules\.enable\[0\] names no rule/],
    ['a domain-scan rule', { rules: { disable: ['CGS001'] } }, /^body\.rules\.disable\[0\] names no rule of file or project analysis/],
    ['too many entries', { rules: { disable: Array.from({ length: 501 }, () => 'CGD001') } }, /^body\.rules\.disable must NOT have more than 500 items/],
    ['an unknown severity', { rules: { severity: { CGD001: 'urgent' } } }, /^body\.rules\.severity\.CGD001 must be one of: critical, high, medium, low, info/],
    ['an unknown rule in severity', { rules: { severity: { 'no-such-rule': 'high' } } }, /^body\.rules\.severity\.no-such-rule names no rule/],
    ['an inherited property name as a rule', { rules: { severity: { constructor: 'high' } } }, /^body\.rules\.severity\.constructor names no rule/],
    ['options of an unknown rule', { rules: { options: { CGX999: {} } } }, /^body\.rules\.options\.CGX999 names no rule/],
    ['options not an object', { rules: { options: { CGD001: 5 } } }, /^body\.rules\.options\.CGD001 must be of type object/],
    ['an option a rule does not have', { rules: { options: { CGD007: { registries: ['ghcr.io'] } } } }, /^body\.rules\.options\.CGD007\.registries is not an option of CGD007; it has none/],
    ['an option value of no option type', { rules: { options: { CGD007: { registries: { a: 1 } } } } }, /^body\.rules\.options\.CGD007\.registries is not an option of CGD007/],
  ];
  for (const [name, extra, message] of cases) {
    it(`${name} (file)`, async () => assertRefused(await file(extra), message));
  }
  it('the same refusals on the project endpoint', async () => {
    for (const [, extra, message] of cases) assertRefused(await post('/api/analyze-project', { files: [{ filename: 'Dockerfile', content: DOCKERFILE }], ...extra }), message);
  });
  it('SARIF requests are refused the same way, as JSON', async () => {
    const res = await post('/api/analyze?format=sarif', { filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE, rules: { disable: ['CGX999'] } });
    assertRefused(res, /^body\.rules\.disable\[0\]/);
    assert.match(String(res.headers['content-type']), /^application\/json/);
  });
});

describe('the analyzer page: a profile choice', () => {
  const form = (fields: [string, string][]) => t.app.inject({ method: 'POST', url: '/analyze', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  it('offers recommended (chosen) and strict', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/' })).body;
    assert.match(page, /<select id="profile" name="profile"[^>]*><option value="recommended" selected>[^<]+<\/option><option value="strict">/);
  });
  it('analyzes with the chosen profile and keeps the choice', async () => {
    const strict = await form([['file_type', 'auto'], ['filename', 'compose.yaml'], ['content', COMPOSE], ['profile', 'strict']]);
    assert.equal(strict.statusCode, 200);
    assert.match(strict.body, /Strict profile: hardening gaps count as high/);
    assert.match(strict.body, /<option value="strict" selected>/);
    assert.match(strict.body, /Fails the CI gate/);
    const recommended = await form([['file_type', 'auto'], ['filename', 'compose.yaml'], ['content', COMPOSE]]);
    assert.equal(recommended.statusCode, 200);
    assert.doesNotMatch(recommended.body, /Strict profile/);
    assert.match(recommended.body, /Passes the CI gate/);
  });
  it('a project too', async () => {
    const res = await form([['filename', 'compose.yaml'], ['content', COMPOSE], ['filename', 'Dockerfile'], ['content', DOCKERFILE], ['profile', 'strict']]);
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /Strict profile/);
  });
  it('a profile the form never offers is a 422 page', async () => {
    for (const fields of [[['filename', 'Dockerfile'], ['content', DOCKERFILE], ['profile', 'lenient']], [['filename', 'compose.yaml'], ['content', COMPOSE], ['filename', 'Dockerfile'], ['content', DOCKERFILE], ['profile', 'x']]] as [string, string][][]) {
      const res = await form(fields);
      assert.equal(res.statusCode, 422);
      assert.match(res.body, /Choose a profile: recommended or strict/);
    }
  });
});

describe('the rule catalogue states tags, severity context and options', () => {
  it('GET /api/rules/{rule_id}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/rules/CGC025' });
    assert.equal(res.statusCode, 200);
    openapi.assertConforms('GET', '/api/rules/{rule_id}', 200, res.json());
    const rule = res.json().data;
    assert.deepEqual([rule.tags, rule.options], [['hardening'], {}]);
    assert.ok(Array.isArray(rule.severity_context));
  });
  it('the rule page', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/rules/CGC025' })).body;
    assert.match(page, /<dt>Tags<\/dt><dd>hardening \(high under the strict profile\)<\/dd>/);
    assert.doesNotMatch((await t.app.inject({ method: 'GET', url: '/rules/CGC003' })).body, /<dt>Tags<\/dt>/);
  });
});
