// npm test: store-agnostic — the API document is built from the routes' schemas; nothing read or asserted depends on the store.
// The public API document (/openapi.json) as redocly's linter sees it, and what it holds: the API routes only
// (no page, form or asset route), grouped analysis first, each operation with an id and its security.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';

const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
/** Operations that take no input, so have no 4xx answer to document (redocly's operation-4xx-response warns). */
const NO_INPUT = ['/healthz', '/readyz', '/api/file-types', '/static/confgate.py'];

let t: TestApp;
let doc: Record<string, any>;
before(async () => {
  // Deployed as a public service would be: redocly warns about a localhost server URL.
  t = await startTestApp({ PUBLIC_BASE_URL: 'https://confgate.example.org' });
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  assert.equal(res.statusCode, 200);
  doc = res.json();
});
after(() => t.close());

interface Problem {
  ruleId: string;
  severity: string;
  location: { pointer: string }[];
  message: string;
}

function lint(document: unknown): Problem[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'confgate-redocly-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const res = spawnSync(process.execPath, [REDOCLY, 'lint', file, '--config', path.resolve('redocly.yaml'), '--format', 'json'], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    const out = res.stdout.slice(res.stdout.indexOf('{'));
    assert.ok(out.startsWith('{'), `redocly printed no report (exit ${res.status}): ${res.stderr}`);
    return (JSON.parse(out) as { problems: Problem[] }).problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const where = (p: Problem) => `${p.ruleId} ${p.severity} ${p.location[0]?.pointer}`;
const pointer = (route: string) => `#/paths/${route.replace(/~/g, '~0').replace(/\//g, '~1')}/get/responses`;

describe('the OpenAPI document', () => {
  it('passes redocly lint: no error; the only warnings are the missing 4xx answers of operations that take no input', () => {
    const problems = lint(doc);
    assert.deepEqual(problems.filter((p) => p.severity === 'error').map(where), []);
    assert.deepEqual(problems.filter((p) => p.severity !== 'error').map(where).sort(), NO_INPUT.map((r) => `operation-4xx-response warn ${pointer(r)}`).sort());
  });

  it('the lint can fail: a page route left in the document is an error', () => {
    const withPage = structuredClone(doc);
    withPage.paths['/developer/login'] = { get: { responses: { 200: { description: 'Default Response' } } } };
    assert.ok(lint(withPage).some((p) => p.severity === 'error' && p.ruleId === 'operation-summary'));
  });

  it('holds the API only: every path is under /api/, a probe, or the CLI download', () => {
    const paths = Object.keys(doc.paths).sort();
    assert.deepEqual(paths.filter((p) => !/^\/api\//.test(p) && !['/healthz', '/readyz', '/static/confgate.py'].includes(p)), []);
    for (const page of ['/', '/analyze', '/rules', '/rules/{id}', '/developer', '/developer/login', '/developer/keys', '/operator', '/assets/{name}', '/docs', '/openapi.json', '/metrics']) {
      assert.equal(doc.paths[page], undefined, `${page} is not in the document`);
    }
    assert.ok(paths.includes('/api/analyze') && paths.includes('/api/v1/scans'));
  });

  it('groups operations by tag, the analysis API first; every operation has an id, a tag, a summary and its security', () => {
    assert.deepEqual(doc.tags.map((tag: { name: string }) => tag.name), ['analysis', 'rules', 'partner', 'operations']);
    const ids = new Set<string>();
    for (const [p, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        assert.ok(op.operationId && !ids.has(op.operationId), `${method} ${p} has a unique operationId`);
        ids.add(op.operationId);
        assert.equal(op.tags?.length, 1, `${method} ${p} has a tag`);
        assert.ok(doc.tags.some((tag: { name: string }) => tag.name === op.tags[0]), `${method} ${p}: its tag is declared`);
        assert.ok(op.summary, `${method} ${p} has a summary`);
        assert.deepEqual(op.security, p.startsWith('/api/v1/') ? [{ apiKey: [] }] : [], `${method} ${p}: security`);
      }
    }
  });

  it('declares GET /api/v1/scans\'s limit as the specification does: an integer from 1 to 100, default 20', () => {
    const limit = doc.paths['/api/v1/scans'].get.parameters.find((p: { in: string; name: string }) => p.in === 'query' && p.name === 'limit');
    assert.equal(limit?.required, false);
    assert.deepEqual({ type: limit?.schema.type, minimum: limit?.schema.minimum, maximum: limit?.schema.maximum, default: limit?.schema.default }, { type: 'integer', minimum: 1, maximum: 100, default: 20 });
  });

  it('every query and path parameter is documented with its type: limit is the one number', () => {
    const types: Record<string, string> = {};
    for (const [p, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        for (const par of op.parameters ?? []) {
          if (par.in === 'header') continue;
          const type = par.schema.type ?? [...new Set(par.schema.anyOf?.map((s: { type: string }) => s.type))].join('|');
          types[`${method.toUpperCase()} ${p} ${par.in}.${par.name}`] = type;
        }
      }
    }
    assert.deepEqual(types, {
      'GET /api/v1/scans query.limit': 'integer',
      'GET /api/v1/scans query.status': 'string',
      'GET /api/v1/scans query.cursor': 'string',
      'GET /api/v1/scans/{scan_id} path.scan_id': 'string',
      'POST /api/v1/scans/{scan_id}/webhook path.scan_id': 'string',
      'POST /api/analyze query.format': 'string',
      'POST /api/analyze-project query.format': 'string',
      'GET /api/rules query.target': 'string',
      'GET /api/rules query.severity': 'string',
      'GET /api/rules query.category': 'string',
      'GET /api/rules query.q': 'string',
      'GET /api/rules/{rule_id} path.rule_id': 'string',
      'GET /api/stats query.days': 'string',
    });
  });

  it('/docs is served under the pages\' CSP: nothing inline, nothing from elsewhere (images: data: too)', async () => {
    for (const url of ['/docs', '/docs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-security-policy'], "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'");
      assert.equal(res.headers['x-frame-options'], 'DENY');
      assert.doesNotMatch(res.body, /<script>|<style>|\sstyle=/, 'no inline script or style in the page');
      assert.match(res.body, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
      assert.match(res.body, /<title>Confgate API reference<\/title>/);
    }
    const init = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    assert.match(init.body, /"layout":"BaseLayout"/);
  });
});
