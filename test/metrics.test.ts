// GET /metrics: Prometheus text with request counts by route pattern, queue and scan gauges from the shared
// database; loopback only unless METRICS_TOKEN is set; no URL, content or identifier in any label.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enqueue } from '../src/storage/jobs.ts';
import { startTestApp } from './support/app.ts';

describe('metrics', () => {
  it('serve request, queue and process metrics to loopback, labelled by route pattern only', async () => {
    const t = await startTestApp();
    try {
      await t.app.inject({ method: 'POST', url: '/api/analyze', payload: { filename: 'secret-name/Dockerfile', file_type: 'auto', content: 'FROM alpine:3.22\n' } });
      await t.app.inject({ method: 'GET', url: '/api/rules/CGD001?x=private-query' });
      await enqueue(t.store.db, 'metrics-probe', {}, { runAt: new Date(t.clock.now.getTime() - 60_000) });
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /text\/plain/);
      assert.match(res.body, /confgate_http_requests_total\{route="\/api\/analyze",method="POST",status="200"\} 1/);
      assert.match(res.body, /confgate_http_request_duration_seconds_bucket\{le="[\d.]+",route="\/api\/rules\/:rule_id",method="GET"\}/);
      assert.match(res.body, /confgate_jobs\{kind="metrics-probe",status="ready"\} 1/);
      const age = /confgate_jobs_oldest_age_seconds\{kind="metrics-probe",status="ready"\} ([\d.]+)/.exec(res.body);
      assert.ok(age && Number(age[1]) >= 59, 'queue age reflects the job due a minute ago');
      assert.match(res.body, /confgate_process_resident_memory_bytes/);
      // The embedded store's WebAssembly memory: whole 64 KiB pages, at least PGlite's initial 128 MiB.
      const wasm = /^confgate_embedded_store_wasm_memory_bytes (\d+)$/m.exec(res.body);
      if (t.store.db.kind === 'embedded') {
        assert.ok(wasm, 'the embedded store reports its WebAssembly memory');
        const bytes = Number(wasm[1]);
        assert.ok(bytes >= 128 * 1024 * 1024 && bytes % 65536 === 0, `WebAssembly memory of ${bytes} bytes`);
      } else {
        assert.equal(wasm, null, 'PostgreSQL has no WebAssembly memory to report');
      }
      assert.doesNotMatch(res.body, /secret-name|private-query|CGD001/);
    } finally {
      await t.close();
    }
  });
  it('refuse other clients without a token, and accept the token when set', async () => {
    const open = await startTestApp();
    try {
      assert.equal((await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5' })).statusCode, 401);
    } finally {
      await open.close();
    }
    const guarded = await startTestApp({ METRICS_TOKEN: 'metrics-token-1234567890' });
    try {
      assert.equal((await guarded.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode, 401, 'with a token set, loopback needs it too');
      assert.equal((await guarded.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5', headers: { authorization: 'Bearer wrong-token-000000000000' } })).statusCode, 401);
      const ok = await guarded.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5', headers: { authorization: 'Bearer metrics-token-1234567890' } });
      assert.equal(ok.statusCode, 200);
    } finally {
      await guarded.close();
    }
  });
});
