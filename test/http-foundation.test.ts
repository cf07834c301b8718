// The HTTP foundation through real requests: request ids, the error envelope for every malformed request,
// health and readiness, the OpenAPI document, and responses that conform to it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { buildServer } from '../src/http/server.ts';
import { createLogger } from '../src/logger.ts';
import { envelope, errorResponses } from '../src/http/schemas/common.ts';
import { REQUEST_ID_PATTERN } from '../src/http/request-id.ts';
import { openTestStore } from './support/store.ts';
import type { TestStore } from './support/store.ts';
import { openApiChecker } from './support/openapi.ts';
import type { OpenApiChecker } from './support/openapi.ts';

let app: FastifyInstance;
let store: TestStore;
let openapi: OpenApiChecker;

before(async () => {
  store = await openTestStore();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...store.env });
  app = await buildServer({ config, db: store.db, clock: () => new Date() }, { logger: createLogger('silent') });
  // A probe route exercising the shared body handling (JSON parsing, validation, limits) exactly as real routes do.
  app.post('/probe', {
    bodyLimit: 1024,
    schema: {
      body: Type.Object({ name: Type.String(), count: Type.Integer({ minimum: 0 }) }),
      response: { 200: envelope(Type.Object({ name: Type.String() })), ...errorResponses(400, 413, 415, 422) },
    },
  }, async (req) => ({ request_id: req.id, data: { name: (req.body as { name: string }).name } }));
  app.get('/boom', async () => {
    throw new Error('secret internal detail');
  });
  await app.ready();
  openapi = await openApiChecker(app);
});
after(async () => {
  await app.close();
  await store.destroy();
});

function assertEnvelope(res: { statusCode: number; headers: Record<string, unknown>; json(): any }, status: number, code: string) {
  assert.equal(res.statusCode, status);
  const body = res.json();
  assert.equal(body.error.code, code);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(body.error.message.length > 0);
  assert.match(body.error.request_id, REQUEST_ID_PATTERN);
  assert.equal(res.headers['x-request-id'], body.error.request_id);
  assert.doesNotMatch(JSON.stringify(body), /at .*\.ts:\d+|node_modules|stack/i, 'no stack trace');
}

describe('request ids', () => {
  it('every response carries req_ + 16 hex in the header and the body, unique per request', async () => {
    const a = await app.inject({ method: 'GET', url: '/healthz' });
    const b = await app.inject({ method: 'GET', url: '/healthz' });
    assert.match(String(a.headers['x-request-id']), REQUEST_ID_PATTERN);
    assert.equal(a.json().request_id, a.headers['x-request-id']);
    assert.notEqual(a.headers['x-request-id'], b.headers['x-request-id']);
  });
  it('ignores a client-supplied X-Request-Id', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'req_0000000000000000' } });
    assert.notEqual(res.headers['x-request-id'], 'req_0000000000000000');
  });
});

describe('error envelope', () => {
  it('404 for unknown routes', async () => assertEnvelope(await app.inject({ method: 'GET', url: '/no/such/route' }), 404, 'not_found'));
  it('405 with Allow for a known path and another method', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/healthz' });
    assertEnvelope(res, 405, 'method_not_allowed');
    assert.match(String(res.headers['allow']), /GET/);
  });
  it('400 invalid_json for an unparsable body', async () =>
    assertEnvelope(await app.inject({ method: 'POST', url: '/probe', headers: { 'content-type': 'application/json' }, payload: '{"name": ' }), 400, 'invalid_json'));
  it('400 invalid_json for an empty JSON body', async () =>
    assertEnvelope(await app.inject({ method: 'POST', url: '/probe', headers: { 'content-type': 'application/json' }, payload: '' }), 400, 'invalid_json'));
  it('415 for a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      assertEnvelope(await app.inject({ method: 'POST', url: '/probe', headers: { 'content-type': type }, payload: 'name=x' }), 415, 'unsupported_media_type');
    }
  });
  it('413 for a body over the route limit', async () =>
    assertEnvelope(await app.inject({ method: 'POST', url: '/probe', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(2000), count: 1 }) }), 413, 'payload_too_large'));
  it('422 invalid_request naming a missing field', async () => {
    const res = await app.inject({ method: 'POST', url: '/probe', payload: { count: 1 } });
    assertEnvelope(res, 422, 'invalid_request');
    assert.match(res.json().error.message, /body\.name is required/);
  });
  it('422 invalid_request naming a wrongly typed field, without coercion', async () => {
    const res = await app.inject({ method: 'POST', url: '/probe', payload: { name: 5, count: 1 } });
    assertEnvelope(res, 422, 'invalid_request');
    assert.match(res.json().error.message, /body\.name must be of type string/);
  });
  it('500 internal_error without the exception message or a stack trace', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    assertEnvelope(res, 500, 'internal_error');
    assert.doesNotMatch(res.body, /secret internal detail/);
  });
  it('valid requests pass', async () => {
    const res = await app.inject({ method: 'POST', url: '/probe', payload: { name: 'ok', count: 2 } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().data.name, 'ok');
  });
});

describe('health', () => {
  it('/healthz answers ok and conforms', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(res.statusCode, 200);
    openapi.assertConforms('GET', '/healthz', 200, res.json());
  });
  it('/readyz reports the store and conforms', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().data.store, store.db.kind);
    openapi.assertConforms('GET', '/readyz', 200, res.json());
  });
  it('responses carry security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['cache-control'], 'no-store');
  });
});

describe('OpenAPI', () => {
  it('is OpenAPI 3.1 with the v1 analysis contract as named components', () => {
    assert.equal(openapi.doc['openapi'], '3.1.0');
    for (const name of ['Report', 'Finding', 'Location', 'SeverityCounts', 'ErrorEnvelope']) {
      assert.ok(openapi.doc['components']?.['schemas']?.[name], `component ${name}`);
    }
  });
  it('every documented operation declares its responses', () => {
    for (const [p, ops] of Object.entries<Record<string, any>>(openapi.doc['paths'])) {
      for (const [method, op] of Object.entries<any>(ops)) {
        assert.ok(op.responses && Object.keys(op.responses).length > 0, `${method} ${p} declares responses`);
      }
    }
  });
  it('the docs UI is served', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /swagger/i);
  });
});
