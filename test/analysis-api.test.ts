// The public analysis API end to end over HTTP: both endpoints, detection, every limit and error, the rule
// catalogue, rate limiting, the aggregate counters — on the store under test.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FILE_TYPES } from '../src/analysis/file-types/index.ts';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';
import { openApiChecker } from './support/openapi.ts';
import type { OpenApiChecker } from './support/openapi.ts';

const DOCKERFILE = 'FROM node:latest\nRUN npm install\nCMD node server.js\n';
const COMPOSE = 'services:\n  web:\n    image: nginx:latest\n    privileged: true\n    ports:\n      - "80:80"\n';

let t: TestApp;
let openapi: OpenApiChecker;
before(async () => {
  t = await startTestApp();
  openapi = await openApiChecker(t.app);
});
after(async () => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

function assertError(res: { statusCode: number; json(): any }, status: number, code: string, message?: RegExp) {
  assert.equal(res.statusCode, status, JSON.stringify(res.json()));
  assert.equal(res.json().error.code, code);
  if (message) assert.match(res.json().error.message, message);
}

describe('POST /api/analyze', () => {
  it('analyzes a Dockerfile detected by name, with exact locations, conforming to the contract', async () => {
    const res = await post('/api/analyze', { filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    openapi.assertConforms('POST', '/api/analyze', 200, body);
    const report = body.data;
    assert.equal(report.file_type, 'dockerfile');
    assert.deepEqual(report.detection, { method: 'filename', confidence: 1, reason: 'the name "Dockerfile" is a Dockerfile name' });
    assert.ok(report.findings.length > 0);
    assert.equal(report.score, 100 + report.findings.reduce((s: number, f: any) => s + f.score_impact, 0));
    for (const f of report.findings) {
      assert.ok(f.location.start_line >= 1 && f.location.end_line <= 4, JSON.stringify(f.location));
      assert.match(f.help_url, /^http:\/\/confgate\.test\/rules\/CGD\d{3}$/);
    }
    assert.ok(report.findings.some((f: any) => f.location.start_line === 1), 'the latest tag on line 1 is reported');
  });
  it('detects by content when the name says nothing', async () => {
    const res = await post('/api/analyze', { filename: 'build.txt', file_type: 'auto', content: DOCKERFILE });
    assert.equal(res.json().data.file_type, 'dockerfile');
    assert.equal(res.json().data.detection.method, 'content');
  });
  it('analyzes a Compose file, explicit or detected', async () => {
    for (const [filename, file_type] of [['stack.yml', 'compose'], ['docker-compose.yml', 'auto']]) {
      const res = await post('/api/analyze', { filename, file_type, content: COMPOSE });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().data.file_type, 'compose');
      assert.ok(res.json().data.findings.some((f: any) => f.rule_id.startsWith('CGC')));
      openapi.assertConforms('POST', '/api/analyze', 200, res.json());
    }
  });
  it('an explicit type wins over the name', async () => {
    const res = await post('/api/analyze', { filename: 'compose.yaml', file_type: 'dockerfile', content: DOCKERFILE });
    assert.equal(res.json().data.file_type, 'dockerfile');
    assert.equal(res.json().data.detection.method, 'explicit');
  });
  it('file names and contents with lone surrogates (valid JSON, not UTF-8) are analyzed, as JSON and as SARIF', async () => {
    // A JSON text can escape half a surrogate pair; SARIF's artifact URI once threw on it (a 500 found by fuzzing).
    const body = '{"filename": "\\udfff\\ud800/Dockerfile", "file_type": "auto", "content": "FROM a\\ud83d"}';
    for (const accept of ['application/json', 'application/sarif+json']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/analyze', headers: { 'content-type': 'application/json', accept }, payload: body });
      assert.equal(res.statusCode, 200, `${accept}: ${res.body.slice(0, 200)}`);
    }
    const sarif = (await t.app.inject({ method: 'POST', url: '/api/analyze-project', headers: { 'content-type': 'application/json', accept: 'application/sarif+json' }, payload: `{"files": [${body}]}` }));
    assert.equal(sarif.statusCode, 200, sarif.body.slice(0, 200));
    assert.ok(sarif.body.includes('"uri":"%EF%BF%BD%EF%BF%BD/Dockerfile"'), 'the name is in the SARIF as U+FFFD, percent-encoded');
  });
  it('empty content is a valid, empty file', async () => {
    const res = await post('/api/analyze', { filename: 'Dockerfile', file_type: 'auto', content: '' });
    assert.equal(res.statusCode, 200);
    assert.equal(typeof res.json().data.score, 'number');
  });
  it('422 unsupported_file_type for an unknown file_type and for content of no supported type, naming accepted values', async () => {
    assertError(await post('/api/analyze', { filename: 'x.tf', file_type: 'terraform', content: 'x' }), 422, 'unsupported_file_type', /auto, dockerfile, compose/);
    assertError(await post('/api/analyze', { filename: 'notes.md', file_type: 'auto', content: '# Notes\nhello\n' }), 422, 'unsupported_file_type', /auto, dockerfile, compose/);
  });
  it('413 file_too_large past 100 KB of UTF-8 (1 KB = 1000 bytes); exactly 100 KB passes', async () => {
    const exact = `FROM alpine:3.22\n#${'a'.repeat(100_000 - 19)}\n`;
    assert.equal(Buffer.byteLength(exact), 100_000);
    assert.equal((await post('/api/analyze', { filename: 'Dockerfile', file_type: 'dockerfile', content: exact })).statusCode, 200);
    assertError(await post('/api/analyze', { filename: 'Dockerfile', file_type: 'dockerfile', content: `${exact}x` }), 413, 'file_too_large', /100 KB/);
    const multibyte = `#${'é'.repeat(50_000)}`; // 50,001 characters but 100,001 bytes
    assertError(await post('/api/analyze', { filename: 'Dockerfile', file_type: 'dockerfile', content: multibyte }), 413, 'file_too_large');
  });
  it('422 invalid_request naming each missing or wrongly typed field', async () => {
    assertError(await post('/api/analyze', { file_type: 'auto', content: '' }), 422, 'invalid_request', /body\.filename is required/);
    assertError(await post('/api/analyze', { filename: 'Dockerfile', content: '' }), 422, 'invalid_request', /body\.file_type is required/);
    assertError(await post('/api/analyze', { filename: 'Dockerfile', file_type: 'auto' }), 422, 'invalid_request', /body\.content is required/);
    assertError(await post('/api/analyze', { filename: 'Dockerfile', file_type: 'auto', content: 5 }), 422, 'invalid_request', /body\.content must be of type string/);
    assertError(await post('/api/analyze', { filename: '', file_type: 'auto', content: '' }), 422, 'invalid_request', /body\.filename/);
    assertError(await post('/api/analyze', ['not', 'an', 'object']), 422, 'invalid_request');
  });
  it('400 invalid_json and 415 for bodies that are not JSON', async () => {
    assertError(await t.app.inject({ method: 'POST', url: '/api/analyze', headers: { 'content-type': 'application/json' }, payload: '{"filename":' }), 400, 'invalid_json');
    assertError(await t.app.inject({ method: 'POST', url: '/api/analyze', headers: { 'content-type': 'text/plain' }, payload: 'FROM x' }), 415, 'unsupported_media_type');
  });
});

describe('both analysis routes', () => {
  it('every answer, errors included, varies by Accept (JSON or SARIF)', async () => {
    const answers = [
      await post('/api/analyze', { filename: 'Dockerfile', file_type: 'auto', content: 'FROM alpine:3.22\n' }),
      await t.app.inject({ method: 'POST', url: '/api/analyze', headers: { 'content-type': 'application/json' }, payload: '{"filename":' }),
      await post('/api/analyze-project', { files: [] }),
    ];
    assert.deepEqual(answers.map((r) => [r.statusCode, r.headers['vary']]), [[200, 'Accept'], [400, 'Accept'], [422, 'Accept']]);
  });
});

describe('POST /api/analyze-project', () => {
  it('analyzes several files and scores the project from the worst file', async () => {
    const res = await post('/api/analyze-project', { files: [
      { filename: 'Dockerfile', content: DOCKERFILE },
      { filename: 'compose.yaml', content: COMPOSE },
      { filename: 'good/Dockerfile', content: 'FROM alpine:3.22\nUSER 10001\nCMD ["sleep", "1"]\n' },
    ] });
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    openapi.assertConforms('POST', '/api/analyze-project', 200, res.json());
    assert.deepEqual(data.files.map((f: any) => [f.filename, f.file_type]), [['Dockerfile', 'dockerfile'], ['compose.yaml', 'compose'], ['good/Dockerfile', 'dockerfile']]);
    const worst = Math.min(...data.files.map((f: any) => f.report.score));
    assert.equal(data.score, worst + data.project_findings.reduce((s: number, f: any) => s + f.score_impact, 0));
    assert.ok(data.score <= worst);
  });
  it('422 too_many_files past 10', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ filename: `Dockerfile.${i}`, content: 'FROM alpine:3.22\n' }));
    assertError(await post('/api/analyze-project', { files }), 422, 'too_many_files', /10 files/);
    assert.equal((await post('/api/analyze-project', { files: files.slice(0, 10) })).statusCode, 200);
  });
  it('413 project_too_large past 500 KB in all, 413 file_too_large for one big file', async () => {
    const big = `#${'a'.repeat(99_990)}\n`;
    const files = Array.from({ length: 6 }, (_, i) => ({ filename: `Dockerfile.${i}`, content: big }));
    assertError(await post('/api/analyze-project', { files }), 413, 'project_too_large', /500 KB/);
    assertError(await post('/api/analyze-project', { files: [{ filename: 'Dockerfile', content: `${big}${'b'.repeat(20)}` }] }), 413, 'file_too_large', /files\[0\]/);
  });
  it('422 duplicate_filename, unsupported_file_type naming the index, invalid_request for bad shapes', async () => {
    assertError(await post('/api/analyze-project', { files: [{ filename: 'Dockerfile', content: '' }, { filename: 'Dockerfile', content: '' }] }), 422, 'duplicate_filename', /files\[1\]/);
    assertError(await post('/api/analyze-project', { files: [{ filename: 'Dockerfile', content: '' }, { filename: 'README.md', content: 'hello' }] }), 422, 'unsupported_file_type', /files\[1\]/);
    assertError(await post('/api/analyze-project', { files: [] }), 422, 'invalid_request', /at least one/);
    assertError(await post('/api/analyze-project', { files: [{ filename: 'Dockerfile' }] }), 422, 'invalid_request', /content is required/);
    assertError(await post('/api/analyze-project', {}), 422, 'invalid_request', /body\.files is required/);
  });
});

describe('rule catalogue and file types', () => {
  it('lists rules with filters and returns one rule in full', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/rules' });
    assert.equal(all.statusCode, 200);
    openapi.assertConforms('GET', '/api/rules', 200, all.json());
    const items = all.json().data.items;
    assert.ok(items.some((r: any) => r.target === 'dockerfile') && items.some((r: any) => r.target === 'compose') && items.some((r: any) => r.target === 'scan'));
    const compose = (await t.app.inject({ method: 'GET', url: '/api/rules?target=compose' })).json().data.items;
    assert.ok(compose.length > 0 && compose.every((r: any) => r.target === 'compose'));
    const id = items[1].id;
    const one = await t.app.inject({ method: 'GET', url: `/api/rules/${id.toLowerCase()}` });
    assert.equal(one.statusCode, 200);
    openapi.assertConforms('GET', '/api/rules/:rule_id', 200, one.json());
    assert.equal(one.json().data.id, id);
    assertError(await t.app.inject({ method: 'GET', url: '/api/rules/NOPE123' }), 404, 'not_found');
  });
  it('lists the accepted file types: auto, then every file type of the list with its names and places', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/file-types' });
    assert.equal(res.json().data.items[0].file_type, 'auto');
    assert.deepEqual(res.json().data.items.slice(1), FILE_TYPES.map((ft) => {
      const found = ft.discovery === 'directory';
      const sentWith = 'sentWith' in ft && ft.sentWith ? { file_type: ft.sentWith.fileType, names: ft.sentWith.names } : null;
      return { file_type: ft.id, title: ft.title, names: found ? ft.names : [], paths: found ? ft.paths : [], excluded_names: ft.excludedNames, discovery: ft.discovery, detected_names: ft.names, sent_with: sentWith };
    }));
    const dotenv = res.json().data.items.find((i: { file_type: string }) => i.file_type === 'dotenv');
    assert.deepEqual([dotenv.discovery, dotenv.names, dotenv.paths, dotenv.detected_names], ['named', [], [], ['.env', '.env.*', '*.env']], 'no directory search finds a .env file');
    assert.deepEqual(res.json().data.items.find((i: { file_type: string }) => i.file_type === 'dockerignore').sent_with, { file_type: 'dockerfile', names: ['{name}.dockerignore', '.dockerignore'] });
    openapi.assertConforms('GET', '/api/file-types', 200, res.json());
  });
});

describe('aggregate counters', () => {
  it('count analyses by file type, score bucket and severity', async () => {
    const fresh = await startTestApp();
    try {
      const stats = () => fresh.app.inject({ method: 'GET', url: '/api/stats?days=1' });
      assert.equal((await stats()).json().data.total, 0);
      await fresh.app.inject({ method: 'POST', url: '/api/analyze', payload: { filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE } });
      await fresh.app.inject({ method: 'POST', url: '/api/analyze-project', payload: { files: [{ filename: 'Dockerfile', content: DOCKERFILE }, { filename: 'compose.yaml', content: COMPOSE }] } });
      let data: any;
      for (let i = 0; i < 40; i++) {
        data = (await stats()).json().data;
        if (data.total >= 4) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      openapi.assertConforms('GET', '/api/stats', 200, (await stats()).json());
      assert.equal(data.total, 4, 'one file, then two files and their project');
      assert.deepEqual(data.by_file_type, { compose: 1, dockerfile: 2, project: 1 });
      assert.equal(Object.values<number>(data.by_severity).reduce((a, b) => a + b, 0), 4);
      assertError(await fresh.app.inject({ method: 'GET', url: '/api/stats?days=0' }), 422, 'invalid_request', /query\.days/);
    } finally {
      await fresh.close();
    }
  });
});

describe('analysis threads', () => {
  it('analyze a file that once made the parser loop until its thread ran out of memory: 200, with the usual report', async () => {
    // The fuzz test's counterexample (src/rules/dockerfile/syntax-error.test.ts): a quoted script ending in a backslash.
    const res = await t.app.inject({ method: 'POST', url: '/api/analyze', payload: { filename: 'Dockerfile', file_type: 'auto', content: '# escape=`\nFROM alpine:3.22\nRUN "\\\n' } });
    assert.equal(res.statusCode, 200, res.body);
    openapi.assertConforms('POST', '/api/analyze', 200, res.json());
    assert.equal(res.json().data.file_type, 'dockerfile');
  });
  it('answer an analysis past ANALYSIS_TIMEOUT_MS with 503 analysis_failed, count nothing, and log no content', async () => {
    const slow = await startTestApp({ ANALYSIS_TIMEOUT_MS: '1' });
    try {
      const marker = 'timeout-marker-7f3a';
      const content = `FROM alpine:3.22\n${'RUN echo ' + marker + ' && apk add --no-cache curl\n'.repeat(1500)}`;
      const res = await slow.app.inject({ method: 'POST', url: '/api/analyze', payload: { filename: 'Dockerfile', file_type: 'auto', content } });
      assertError(res, 503, 'analysis_failed');
      openapi.assertConforms('POST', '/api/analyze', 503, res.json());
      assert.equal((await slow.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
      await new Promise((r) => setTimeout(r, 1200)); // past the counters' one-second flush
      assert.equal((await slow.app.inject({ method: 'GET', url: '/api/stats?days=1' })).json().data.total, 0);
      assert.ok(slow.logs.some((l) => l.includes('analysis thread stopped') && l.includes('"reason":"timeout"')));
      assert.ok(!slow.logs.some((l) => l.includes(marker)));
      const metrics = (await slow.app.inject({ method: 'GET', url: '/metrics' })).body;
      assert.match(metrics, /^confgate_analysis_threads_stopped_total\{reason="timeout"\} 1$/m);
      assert.match(metrics, /^confgate_analysis_threads 0$/m, 'the stopped thread is gone; the next analysis starts one');
      assert.match(metrics, /^confgate_analysis_queued 0$/m);
      assert.match(metrics, /^confgate_analysis_held 0$/m);
    } finally {
      await slow.close();
    }
  });

  it('ANALYSIS_THREADS=0 analyzes on the event loop with the same answer', async () => {
    const inline = await startTestApp({ ANALYSIS_THREADS: '0' });
    try {
      const payload = { filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE };
      const [a, b] = await Promise.all([inline.app.inject({ method: 'POST', url: '/api/analyze', payload }), post('/api/analyze', payload)]);
      assert.equal(a.statusCode, 200);
      assert.deepEqual(a.json().data, b.json().data);
      const threads = (app: TestApp) => app.app.inject({ method: 'GET', url: '/metrics' }).then((r) => /^confgate_analysis_threads (\d+)$/m.exec(r.body)?.[1]);
      assert.equal(await threads(inline), '0');
      const started = Number(await threads(t));
      assert.ok(started >= 1 && started <= t.config.analysis.threads, `${started} threads, started by the analyses so far, up to ANALYSIS_THREADS`);
    } finally {
      await inline.close();
    }
  });
});

describe('rate limiting', () => {
  it('429 rate_limited with Retry-After past the configured per-client rate', async () => {
    const limited = await startTestApp({ PUBLIC_RATE_LIMIT: '3/m' });
    try {
      const send = () => limited.app.inject({ method: 'POST', url: '/api/analyze', payload: { filename: 'Dockerfile', file_type: 'auto', content: 'FROM alpine:3.22\n' }, remoteAddress: '203.0.113.9' });
      for (let i = 0; i < 3; i++) assert.equal((await send()).statusCode, 200);
      const res = await send();
      assertError(res, 429, 'rate_limited');
      assert.ok(Number(res.headers['retry-after']) > 0);
      const other = await limited.app.inject({ method: 'POST', url: '/api/analyze', payload: { filename: 'Dockerfile', file_type: 'auto', content: '' }, remoteAddress: '203.0.113.10' });
      assert.equal(other.statusCode, 200, 'another client is not affected');
    } finally {
      await limited.close();
    }
  });
});
