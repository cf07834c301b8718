// Signed scan webhooks end to end: the real app and store, the real worker tasks, real scans of loopback sites and
// real HTTPS receivers on loopback (test CA). Signatures are checked with node:crypto directly, with the package
// helper, and with the docs' TypeScript and Python snippets; the retry schedule, the manual retry, the delivery
// log and its cap, failure reasons, SSRF refusal (canary) and OpenAPI conformance.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { verifyWebhook } from '../src/webhooks/verify.ts';
import { startWorker } from '../src/worker/runner.ts';
import type { Worker } from '../src/worker/runner.ts';
import { deliverWebhookTask } from '../src/worker/tasks/deliver-webhook.ts';
import { scanDomainTask } from '../src/worker/tasks/scan-domain.ts';
import { bearer, partnerWithKey } from './accounts-fixtures.ts';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';
import { createTestCa, startCanary, startDnsServer, startSite } from './support/local-sites/index.ts';
import type { Canary, DnsServer, Site, TestCa } from './support/local-sites/index.ts';
import { openApiChecker } from './support/openapi.ts';
import type { OpenApiChecker } from './support/openapi.ts';
import { freePort } from './support/service.ts';
import { startReceiver } from './webhooks-receiver.ts';
import type { Receiver } from './webhooks-receiver.ts';

const GOOD = 'good.webhook-partner.com';
const MISSING = 'nothing-here.webhook-partner.com';
const HOOKS = 'hooks.webhook-partner.com';
const EXPIRED = 'expired.webhook-partner.com';
const CANARY = 'canary.webhook-partner.com';
/** Retry delays in seconds, distinct so the test can tell which one applied. */
const DELAYS = [0.3, 0.6, 0.9, 1.2];
const TIMEOUT_MS = 800;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let ca: TestCa;
let dns: DnsServer;
let site: Site;
let worker: Worker;
let openapi: OpenApiChecker;
let receiver: Receiver;
let canary: Canary;
const defaultCas = tls.getCACertificates('default');

before(async () => {
  ca = await createTestCa();
  // Deliveries trust the system's CAs, as in production (where NODE_EXTRA_CA_CERTS adds to them): add the test CA.
  tls.setDefaultCACertificates([...defaultCas, ca.cert]);
  dns = await startDnsServer({
    [GOOD]: { A: ['127.0.0.1'] },
    [HOOKS]: { A: ['127.0.0.1'] },
    [EXPIRED]: { A: ['127.0.0.1'] },
    // Only 127.0.0.1 is allowed (SCAN_ALLOWED_CIDRS): this name resolves into refused space.
    [CANARY]: { A: ['127.0.0.2'] },
  });
  site = await startSite({ certificate: await ca.issue({ names: [GOOD] }), https: { '/': { body: '<!doctype html><html>good</html>' } } });
  t = await startTestApp({
    PARTNER_RATE_LIMIT: '100000/s',
    SCAN_ALLOWED_CIDRS: '127.0.0.1/32',
    SCAN_DNS_SERVERS: dns.server,
    SCAN_HTTP_PORT: String(site.httpPort),
    SCAN_HTTPS_PORT: String(site.httpsPort),
    WEBHOOK_RETRY_DELAYS: DELAYS.join(','),
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  // The manual retry signs with the app's clock: keep it live, like production's.
  Object.defineProperty(t.clock, 'now', { get: () => new Date() });
  worker = startWorker([scanDomainTask(t.config, { ca: ca.cert }), deliverWebhookTask(t.config)], { db: t.store.db, clock: () => new Date(), log: createLogger('silent') }, { concurrency: 4, autostart: false });
  openapi = await openApiChecker(t.app);
  receiver = await startReceiver(await ca.issue({ names: [HOOKS] }));
  canary = await startCanary('127.0.0.2');
});

after(async () => {
  await worker.stop(5000);
  await t.close();
  await Promise.all([site.close(), dns.close(), receiver.close(), canary.close()]);
  tls.setDefaultCACertificates(defaultCas);
});

const partner = () => partnerWithKey(t.store.db, t.config);
const get = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(key) });
const retry = (key: string, id: string, extra: { payload?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/scans/${id}/webhook`, headers: { ...bearer(key), ...extra.headers }, ...(extra.payload !== undefined ? { payload: extra.payload } : {}) });

async function createScan(key: string, domain: string, webhookUrl?: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/scans', headers: bearer(key), payload: { domain, ...(webhookUrl ? { webhook_url: webhookUrl } : {}) } });
  assert.equal(res.statusCode, 202, res.body);
  return res.json().data.id as string;
}

/** Runs the worker until `done` answers something (the deliveries' retries are due within seconds). */
async function until<T>(what: string, done: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await worker.tick();
    const value = await done();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

interface WebhookView {
  attempt_count: number;
  attempted_at: string | null;
  delivered_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  deliveries: { id: string; kind: string; status: string; attempted_at: string | null; status_code: number | null; error: string | null; next_attempt_at: string | null }[];
}

async function webhookOf(key: string, id: string): Promise<WebhookView> {
  const res = await get(key, `/api/v1/scans/${id}`);
  assert.equal(res.statusCode, 200);
  conforms('GET', '/api/v1/scans/:scan_id', res);
  return res.json().data.webhook as WebhookView;
}

/** Waits until the scan's deliveries have no pending one left and at least `attempts` attempts were made. */
const settled = (key: string, id: string, attempts = 1) => until(`${attempts} attempt(s) of ${id}`, async () => {
  const w = await webhookOf(key, id);
  return w.attempt_count >= attempts && !w.deliveries.some((d) => d.status === 'pending') ? w : undefined;
});

function conforms(method: string, route: string, res: LightMyRequestResponse): void {
  openapi.assertConforms(method, route, res.statusCode, res.json());
}

function assertError(res: LightMyRequestResponse, status: number, code: string): string {
  assert.equal(res.statusCode, status, res.body);
  assert.equal(res.json().error.code, code);
  conforms('POST', '/api/v1/scans/:scan_id/webhook', res);
  return res.json().error.message as string;
}

/** The signature, computed here with node:crypto alone: HMAC-SHA256(SHA-256(key) raw bytes, `<ts>.<body>`). */
function independentSignature(key: string, timestamp: string, body: Buffer): string {
  return createHmac('sha256', createHash('sha256').update(key).digest()).update(Buffer.concat([Buffer.from(`${timestamp}.`), body])).digest('hex');
}

const hookUrl = (path: string) => `https://${HOOKS}:${receiver.port}${path}`;
const usage = async (key: string) => (await get(key, '/api/v1/usage')).json().data.quota as { used: number; remaining: number };

describe('delivery', () => {
  it('delivers scan.completed once, signed over the exact bytes, with the scan as GET shows it', async () => {
    const { key } = await partner();
    const id = await createScan(key, GOOD, hookUrl('/completed'));
    const w = await settled(key, id);
    const [req, ...more] = receiver.requestsTo('/completed');
    assert.ok(req, 'the receiver got the event');
    assert.equal(more.length, 0, 'exactly one delivery');
    assert.equal(req.method, 'POST');
    assert.equal(req.headers['content-type'], 'application/json');
    assert.equal(req.headers['user-agent'], 'ConfgateWebhooks/1.0 (+http://confgate.test)');
    const event = JSON.parse(req.body.toString('utf8'));
    assert.match(event.id, /^evt_[0-9a-f]{32}$/);
    assert.equal(req.headers['x-service-event-id'], event.id);
    assert.equal(event.type, 'scan.completed');
    openapi.assertWebhookConforms('scan.completed', event);
    const detail = (await get(key, `/api/v1/scans/${id}`)).json().data;
    const { webhook, ...scan } = detail;
    assert.deepEqual(event.data, scan, 'data is the scan as GET returns it, without the webhook object');
    assert.equal(event.data.result.domain, GOOD);
    assert.ok(webhook);

    // Signature: independent implementation, then tampering.
    const timestamp = String(req.headers['x-service-timestamp']);
    assert.match(timestamp, /^\d{10}$/);
    assert.ok(Math.abs(Number(timestamp) - Date.now() / 1000) < 60);
    assert.equal(req.headers['x-service-signature'], `v1=${independentSignature(key, timestamp, req.body)}`);
    const tampered = Buffer.from(req.body);
    tampered[tampered.length - 2]! ^= 1;
    assert.notEqual(req.headers['x-service-signature'], `v1=${independentSignature(key, timestamp, tampered)}`);

    // The package helper agrees, and refuses tampered bodies and timestamps, stale timestamps and other keys.
    const input = { apiKey: key, body: req.body, signatureHeader: req.headers['x-service-signature'], timestampHeader: timestamp };
    assert.deepEqual(verifyWebhook(input), { ok: true, timestamp: Number(timestamp) });
    assert.deepEqual(verifyWebhook({ ...input, apiKey: undefined, secretDigest: createHash('sha256').update(key).digest('hex') }), { ok: true, timestamp: Number(timestamp) });
    assert.deepEqual(verifyWebhook({ ...input, body: tampered }), { ok: false, reason: 'signature_mismatch' });
    assert.deepEqual(verifyWebhook({ ...input, body: req.body.toString('utf8').replace(/\s*$/, ' ') }), { ok: false, reason: 'signature_mismatch' });
    assert.deepEqual(verifyWebhook({ ...input, timestampHeader: String(Number(timestamp) - 1) }), { ok: false, reason: 'signature_mismatch' });
    assert.deepEqual(verifyWebhook({ ...input, now: new Date((Number(timestamp) + 301) * 1000) }), { ok: false, reason: 'stale_timestamp' });
    assert.deepEqual(verifyWebhook({ ...input, apiKey: (await partner()).key }), { ok: false, reason: 'signature_mismatch' });
    assert.deepEqual(verifyWebhook({ ...input, signatureHeader: 'v2=abc' }), { ok: false, reason: 'malformed_signature' });
    assert.deepEqual(verifyWebhook({ ...input, timestampHeader: undefined }), { ok: false, reason: 'malformed_timestamp' });

    // The docs' snippets, run as receivers would run them.
    assert.equal(runDocSnippet('python', key, req.body, input.signatureHeader, timestamp), 'True');
    assert.equal(runDocSnippet('python', key, tampered, input.signatureHeader, timestamp), 'False');
    assert.equal(runDocSnippet('python', key, req.body, input.signatureHeader, String(Number(timestamp) - 400)), 'False');
    assert.equal(runDocSnippet('ts', key, req.body, input.signatureHeader, timestamp), 'true');
    assert.equal(runDocSnippet('ts', key, tampered, input.signatureHeader, timestamp), 'false');

    // The delivery log.
    assert.equal(w.attempt_count, 1);
    assert.equal(w.last_status_code, 200);
    assert.equal(w.last_error, null);
    assert.equal(w.delivered_at, w.attempted_at);
    assert.equal(w.deliveries.length, 1);
    assert.deepEqual({ ...w.deliveries[0], id: undefined }, { id: undefined, kind: 'automatic', status: 'succeeded', attempted_at: w.attempted_at, status_code: 200, error: null, next_attempt_at: null });
    assert.match(w.deliveries[0]!.id, /^dlv_[0-9a-f]{24}$/);
    assert.equal((await t.store.db.query("SELECT id FROM jobs WHERE kind = 'deliver-webhook' AND payload->>'delivery_id' = $1", [w.deliveries[0]!.id])).length, 0, 'its job left the queue');
  });

  it('delivers scan.failed with the error for a scan that failed', async () => {
    const { key } = await partner();
    const id = await createScan(key, MISSING, hookUrl('/failed'));
    await settled(key, id);
    const [req] = receiver.requestsTo('/failed');
    const event = JSON.parse(req!.body.toString('utf8'));
    assert.equal(event.type, 'scan.failed');
    openapi.assertWebhookConforms('scan.failed', event);
    assert.equal(event.data.status, 'failed');
    assert.equal(event.data.error.code, 'dns_failure');
    assert.equal(event.data.result, undefined);
  });

  it('shows a webhook object without attempts while the scan is queued, and none without a webhook_url', async () => {
    const { key } = await partner();
    const queued = await createScan(key, GOOD, hookUrl('/never'));
    assert.deepEqual(await webhookOf(key, queued), { attempt_count: 0, attempted_at: null, delivered_at: null, last_status_code: null, last_error: null, deliveries: [] });
    const plain = await createScan(key, GOOD);
    assert.equal((await get(key, `/api/v1/scans/${plain}`)).json().data.webhook, undefined);
    await until('both scans to finish', async () => {
      const statuses = await Promise.all([queued, plain].map(async (s) => (await get(key, `/api/v1/scans/${s}`)).json().data.status as string));
      return statuses.every((s) => s === 'completed') ? true : undefined;
    });
  });
});

describe('retries', () => {
  it('follows the schedule while the receiver is down, then delivers once it is up', async () => {
    const port = await freePort();
    const cert = await ca.issue({ names: [HOOKS] });
    const { key } = await partner();
    const id = await createScan(key, MISSING, `https://${HOOKS}:${port}/late`);
    // Attempts 1 and 2 find nothing listening; then the receiver comes up and answers 500 once, then 204.
    await until('two refused attempts', async () => ((await webhookOf(key, id)).attempt_count >= 2 ? true : undefined));
    const late = await startReceiver(cert, { port, statuses: [500, 204] });
    try {
      const w = await settled(key, id, 4);
      assert.equal(late.requests.length, 2);
      assert.equal(late.requests[0]!.body.toString(), late.requests[1]!.body.toString(), 'every attempt sends the same bytes');
      assert.deepEqual(w.deliveries.map((d) => [d.kind, d.status, d.status_code, d.error]), [
        ['automatic', 'succeeded', 204, null],
        ['automatic', 'failed', 500, 'HTTP 500'],
        ['automatic', 'failed', null, 'connection refused'],
        ['automatic', 'failed', null, 'connection refused'],
      ]);
      assert.deepEqual([w.attempt_count, w.last_status_code, w.last_error, w.delivered_at], [4, 204, null, w.deliveries[0]!.attempted_at]);
      assertSchedule(w);
      assert.equal(w.deliveries[0]!.next_attempt_at, null);
    } finally {
      await late.close();
    }
  });

  it('stops after four retries, then manual retries add deliveries: 503 with the cause, ten kept', async () => {
    const { key } = await partner();
    const id = await createScan(key, MISSING, hookUrl('/always-500'));
    receiver.answer('/always-500', 500);
    const w = await settled(key, id, 5);
    assert.equal(w.attempt_count, 5);
    assert.deepEqual(w.deliveries.map((d) => d.error), Array(5).fill('HTTP 500'));
    assert.equal(w.deliveries[0]!.next_attempt_at, null, 'no retry after the fourth');
    assertSchedule(w);
    assert.equal((await t.store.db.query("SELECT id FROM jobs WHERE kind = 'deliver-webhook' AND payload->>'delivery_id' = ANY($1)", [w.deliveries.map((d) => d.id)])).length, 0);

    const quota = await usage(key);
    for (let i = 0; i < 6; i++) {
      const message = assertError(await retry(key, id), 503, 'webhook_retry_failed');
      assert.match(message, /HTTP 500/);
    }
    const after = await webhookOf(key, id);
    assert.equal(after.attempt_count, 11);
    assert.equal(after.last_error, 'HTTP 500');
    assert.equal(after.deliveries.length, 10, 'the ten most recent');
    assert.deepEqual(after.deliveries.map((d) => d.kind), [...Array(6).fill('manual'), ...Array(4).fill('automatic')]);
    assert.deepEqual(after.deliveries.slice(6).map((d) => d.id), w.deliveries.slice(0, 4).map((d) => d.id), 'the oldest one went');
    assert.equal((await t.store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE e.scan_id = $1', [id]))[0]!.n, 10, 'older rows pruned');
    assert.deepEqual(await usage(key), quota, 'manual retries consume no quota');
    assert.equal(receiver.requestsTo('/always-500').length, 11);
  });
});

describe('interrupted attempts', () => {
  it('records an attempt whose workers kept dying as interrupted, without sending it, and goes on with the schedule', async () => {
    const { key } = await partner();
    const id = await createScan(key, MISSING, hookUrl('/interrupted'));
    await until('the scan to fail', async () => ((await get(key, `/api/v1/scans/${id}`)).json().data.status === 'failed' ? true : undefined));
    let w = await webhookOf(key, id);
    // The scan's tick may have sent the first attempt already; then the retry is the pending one.
    const pending = w.deliveries.find((d) => d.status === 'pending');
    assert.ok(pending, 'an attempt is pending');
    const sent = receiver.requestsTo('/interrupted').length;
    // What workers that died on every claim leave behind: attempts used up, lease expired. Due a second ago: a worker
    // compares run_at with its own clock, to the millisecond, and a microsecond-stamped now() can lie ahead of it.
    await t.store.db.query(
      "UPDATE jobs SET attempts = max_attempts, lease_owner = 'dead', lease_until = now() - interval '1 second', run_at = now() - interval '1 second' WHERE payload->>'delivery_id' = $1",
      [pending.id],
    );
    await worker.tick();
    w = await webhookOf(key, id);
    const recorded = w.deliveries.find((d) => d.id === pending.id)!;
    assert.deepEqual([recorded.status, recorded.error], ['failed', 'interrupted: the delivery worker stopped during the attempt']);
    assert.ok(recorded.next_attempt_at, 'the next retry is planned');
    assert.equal(w.deliveries[0]!.status, 'pending');
    assert.equal(receiver.requestsTo('/interrupted').length, sent, 'the interrupted attempt was not sent again');
    await settled(key, id);
  });
});

/** Each failed automatic attempt planned the next one after its delay, and the next one waited for it. */
function assertSchedule(w: WebhookView): void {
  const automatic = w.deliveries.filter((d) => d.kind === 'automatic').reverse();
  for (let i = 0; i + 1 < automatic.length; i++) {
    const failed = automatic[i]!;
    const next = automatic[i + 1]!;
    const planned = Date.parse(failed.next_attempt_at!) - Date.parse(failed.attempted_at!);
    assert.ok(planned >= DELAYS[i]! * 1000 && planned < DELAYS[i]! * 1000 + TIMEOUT_MS + 500, `retry ${i + 1} planned after ${planned} ms`);
    assert.ok(Date.parse(next.attempted_at!) >= Date.parse(failed.next_attempt_at!), `retry ${i + 1} not sent early`);
  }
}

describe('manual retry', () => {
  it('replays the same event (same bytes and id, fresh signature) now, synchronously; no quota, no rescan', async () => {
    const { key } = await partner();
    const id = await createScan(key, GOOD, hookUrl('/replay'));
    await settled(key, id);
    const quota = await usage(key);
    const siteRequests = site.requests.length;
    for (const extra of [{}, { payload: '', headers: { 'content-type': 'application/json' } }, { payload: '{}', headers: { 'content-type': 'application/json' } }]) {
      const res = await retry(key, id, extra);
      assert.equal(res.statusCode, 200, res.body);
      conforms('POST', '/api/v1/scans/:scan_id/webhook', res);
      assert.match(res.json().request_id, /^req_[0-9a-f]{16}$/);
      const w = res.json().data as WebhookView;
      assert.deepEqual([w.deliveries[0]!.kind, w.deliveries[0]!.status, w.deliveries[0]!.status_code, w.last_error], ['manual', 'succeeded', 200, null]);
      assert.equal(w.delivered_at, w.deliveries[0]!.attempted_at);
    }
    const [first, ...replays] = receiver.requestsTo('/replay');
    assert.equal(replays.length, 3);
    for (const r of replays) {
      assert.ok(r.body.equals(first!.body), 'identical bytes');
      assert.equal(r.headers['x-service-event-id'], first!.headers['x-service-event-id']);
      const ts = String(r.headers['x-service-timestamp']);
      assert.equal(r.headers['x-service-signature'], `v1=${independentSignature(key, ts, r.body)}`);
    }
    const w = await webhookOf(key, id);
    assert.equal(w.attempt_count, 4);
    assert.deepEqual(w.deliveries.map((d) => d.kind), ['manual', 'manual', 'manual', 'automatic']);
    assert.deepEqual(await usage(key), quota, 'no quota consumed');
    assert.equal(site.requests.length, siteRequests, 'the scan did not run again');
    assert.equal((await get(key, `/api/v1/scans/${id}`)).json().data.status, 'completed');
    assertError(await retry(key, id, { payload: '{', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
  });

  it('a manual success drops the pending automatic retry', async () => {
    const { key } = await partner();
    const id = await createScan(key, MISSING, hookUrl('/flaky'));
    receiver.answer('/flaky', 500);
    await until('the first attempt', async () => ((await webhookOf(key, id)).attempt_count === 1 ? true : undefined));
    const pending = (await webhookOf(key, id)).deliveries[0]!;
    assert.equal(pending.status, 'pending');
    receiver.answer('/flaky', 200);
    assert.equal((await retry(key, id)).statusCode, 200);
    const w = await webhookOf(key, id);
    assert.deepEqual(w.deliveries.map((d) => [d.kind, d.status, d.next_attempt_at]), [['manual', 'succeeded', null], ['automatic', 'failed', null]]);
    assert.equal((await t.store.db.query("SELECT id FROM jobs WHERE payload->>'delivery_id' = $1", [pending.id])).length, 0, 'its job is gone');
    await sleep(DELAYS[0]! * 1000 + 100);
    await worker.tick();
    assert.equal(receiver.requestsTo('/flaky').length, 2, 'nothing more was sent');
  });

  it('answers 409 without a webhook or before the scan finished, 404 for unknown and foreign scans', async () => {
    const { key } = await partner();
    const quota = await usage(key);
    const plain = await createScan(key, MISSING);
    await until('the scan without webhook to fail', async () => ((await get(key, `/api/v1/scans/${plain}`)).json().data.status === 'failed' ? true : undefined));
    assertError(await retry(key, plain), 409, 'webhook_not_configured');
    const queued = await createScan(key, GOOD, hookUrl('/early'));
    assertError(await retry(key, queued), 409, 'scan_not_finished');
    assertError(await retry(key, `scan_${'0'.repeat(32)}`), 404, 'not_found');
    assertError(await retry(key, 'nonsense'), 404, 'not_found');
    assertError(await retry((await partner()).key, queued), 404, 'not_found');
    const unauthenticated = await t.app.inject({ method: 'POST', url: `/api/v1/scans/${queued}/webhook` });
    assert.equal(unauthenticated.statusCode, 401);
    assert.equal(receiver.requestsTo('/early').length, 0);
    assert.equal((await usage(key)).used, quota.used + 2, 'only the two creations counted');
    await until('the queued scan to finish', async () => ((await get(key, `/api/v1/scans/${queued}`)).json().data.status === 'completed' ? true : undefined));
  });
});

describe('failures', () => {
  it('never connects to a webhook host that resolves to a refused address (canary)', async () => {
    const { key } = await partner();
    const id = await createScan(key, MISSING, `https://${CANARY}:${canary.port}/hook`);
    const w = await until('the first attempt', async () => {
      const view = await webhookOf(key, id);
      return view.attempt_count >= 1 ? view : undefined;
    });
    assert.equal(w.last_error, 'address not allowed: the host resolves to a non-public address');
    assert.equal(w.last_status_code, null);
    assert.match(assertError(await retry(key, id), 503, 'webhook_retry_failed'), /address not allowed/);
    assert.equal(canary.connections, 0, 'the canary must never be contacted');
  });

  it('reports redirects, timeouts and bad certificates clearly', async () => {
    const expired = await startReceiver(await ca.issue({ names: [EXPIRED], notBefore: new Date(Date.now() - 10 * 86_400_000), notAfter: new Date(Date.now() - 86_400_000) }));
    receiver.answer('/moved', 302);
    receiver.answer('/silent', 'hang');
    try {
      const cases: [string, string][] = [
        [hookUrl('/moved'), 'HTTP 302 (redirects are not followed)'],
        [hookUrl('/silent'), `timeout after ${TIMEOUT_MS} ms`],
        [`https://${EXPIRED}:${expired.port}/hook`, 'TLS error: certificate has expired'],
        [`https://${GOOD}:${receiver.port}/hook`, 'TLS error: certificate does not match the host name'],
      ];
      const { key } = await partner();
      const ids: string[] = [];
      for (const [url] of cases) ids.push(await createScan(key, MISSING, url));
      for (const [i, [, error]] of cases.entries()) {
        const w = await until(`the first attempt to ${cases[i]![0]}`, async () => {
          const view = await webhookOf(key, ids[i]!);
          return view.attempt_count >= 1 ? view : undefined;
        });
        assert.equal(w.last_error, error);
        assert.equal(w.deliveries.at(-1)!.error, error);
      }
      assert.ok(receiver.requestsTo('/moved').length >= 1);
      assert.equal(receiver.requestsTo('/elsewhere').length, 0, 'the redirect was not followed');
      assert.equal(expired.requests.length, 0, 'nothing was sent over the bad TLS connection');
    } finally {
      await expired.close();
    }
  });
});

describe('settings', () => {
  it('reads WEBHOOK_RETRY_DELAYS (seconds, decimals allowed) and WEBHOOK_TIMEOUT_MS, with the spec defaults', () => {
    assert.deepEqual(loadConfig({}).webhooks, { retryDelaysMs: [60_000, 300_000, 900_000, 3_600_000], timeoutMs: 10_000 });
    assert.deepEqual(loadConfig({ WEBHOOK_RETRY_DELAYS: ' 0.25, 2 ', WEBHOOK_TIMEOUT_MS: '500' }).webhooks, { retryDelaysMs: [250, 2000], timeoutMs: 500 });
    for (const bad of ['0', '1,,2', '-1', '1e3', '86401', 'a', Array(11).fill('1').join(',')]) {
      assert.throws(() => loadConfig({ WEBHOOK_RETRY_DELAYS: bad }), (e: Error) => e instanceof ConfigError && /WEBHOOK_RETRY_DELAYS/.test(e.message), bad);
    }
    assert.throws(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '99' }), /WEBHOOK_TIMEOUT_MS/);
  });
});

/** Runs the verification snippet of docs/webhooks.md in `lang` on a delivery and returns what it printed. */
function runDocSnippet(lang: 'python' | 'ts', key: string, body: Buffer, signature: string, timestamp: string): string {
  const docs = readFileSync('docs/webhooks.md', 'utf8');
  const code = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(docs)?.[1];
  assert.ok(code, `docs/webhooks.md has a ${lang} snippet`);
  const dir = mkdtempSync(path.join(tmpdir(), 'confgate-snippet-'));
  try {
    const bodyFile = path.join(dir, 'body');
    writeFileSync(bodyFile, body);
    const args = [bodyFile, key, signature, timestamp];
    const res = lang === 'python'
      ? spawnSync('python3', ['-c', `${code}\nimport sys\nprint(verify_webhook(sys.argv[2], open(sys.argv[1], 'rb').read(), sys.argv[3], sys.argv[4]))`, ...args], { encoding: 'utf8' })
      : (() => {
          const file = path.join(dir, 'verify.ts');
          writeFileSync(file, `${code}\nimport { readFileSync } from 'node:fs';\nconst [, , b, k, s, ts] = process.argv;\nconsole.log(verifyWebhook(k!, readFileSync(b!), s!, ts!));\n`);
          return spawnSync(process.execPath, [file, ...args], { encoding: 'utf8' });
        })();
    assert.equal(res.status, 0, res.stderr);
    return res.stdout.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
