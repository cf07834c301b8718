// The Partner Scan API end to end: the real app and store, the real worker task, real scans of loopback sites
// (DNS, HTTP, TLS) — creation, the life cycle to completed or failed, idempotency (replays, conflicts,
// concurrent requests), quota, history with cursors, scoping to the key, errors, and OpenAPI conformance.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createServer } from '../src/http/server.ts';
import { createLogger } from '../src/logger.ts';
import { serverKeys } from '../src/auth/secret.ts';
import { setPlan } from '../src/storage/accounts.ts';
import { createApiKey } from '../src/auth/keys.ts';
import { peekQuota } from '../src/storage/quota.ts';
import { finishScan, startScan } from '../src/lifecycle/scans.ts';
import { startWorker } from '../src/worker/runner.ts';
import type { Worker } from '../src/worker/runner.ts';
import { scanDomainTask, SCAN_FAILURES } from '../src/worker/tasks/scan-domain.ts';
import { bearer, partnerWithKey } from './accounts-fixtures.ts';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';
import { createTestCa, startCanary, startDnsServer, startSite } from './support/local-sites/index.ts';
import { createDnssecLab } from './support/local-sites/dnssec-signer.ts';
import type { Canary, DnsServer, Site } from './support/local-sites/index.ts';
import { openApiChecker } from './support/openapi.ts';
import type { OpenApiChecker } from './support/openapi.ts';

const GOOD = 'good.scan-partner.com';
const SLOW = 'slow.scan-partner.com';
const HOOK = 'https://hooks.scan-partner.com/confgate';
/** Sites whose home page redirects where scans do not go: another port of an allowed address, a private address. */
const TO_PORT = 'to-port.scan-partner.com';
const TO_PRIVATE = 'to-private.scan-partner.com';
const ID = /^scan_[0-9a-f]{32}$/;
const OFFSET_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;

let t: TestApp;
let dns: DnsServer;
let anchors: string;
let site: Site;
/** Listens on the allowed loopback address at a port the scanner must never connect to. */
let canary: Canary;
let worker: Worker;
let openapi: OpenApiChecker;
let listDir: string;
/** While set, the slow host's home page waits for it: a scan can be held mid-flight. */
let gate: Promise<void> | undefined;

before(async () => {
  const ca = await createTestCa();
  // Signed (the lab's own root, com., scan-partner.com.): the worker is given the lab root through
  // SCAN_DNSSEC_TRUST_ANCHORS, and a scan through the API validates the chain.
  const lab = createDnssecLab({ com: {}, 'scan-partner.com': {} });
  anchors = lab.trustAnchor.join('; ');
  dns = await startDnsServer({
    [GOOD]: { A: ['127.0.0.1'], TXT: ['v=spf1 -all'] },
    [SLOW]: { A: ['127.0.0.1'] },
    // Nothing listens on 127.0.0.2: the name resolves, no site answers.
    'down.scan-partner.com': { A: ['127.0.0.2'] },
    // A public name pointing into private space: refused before any connection.
    'private.scan-partner.com': { A: ['10.20.30.40'] },
    [TO_PORT]: { A: ['127.0.0.1'] },
    [TO_PRIVATE]: { A: ['127.0.0.1'] },
  }, { dnssec: lab });
  canary = await startCanary('127.0.0.1');
  const slowHome: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => {
    void (gate ?? Promise.resolve()).then(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>slow</html>'));
  };
  site = await startSite({
    certificate: await ca.issue({ names: [GOOD, SLOW, TO_PORT, TO_PRIVATE] }),
    https: {
      [`${GOOD}/`]: { headers: { 'content-type': 'text/html', 'strict-transport-security': 'max-age=63072000' }, body: '<!doctype html><html>good</html>' },
      [`${SLOW}/`]: slowHome,
      [`${TO_PORT}/`]: { status: 302, headers: { location: `https://${TO_PORT}:${canary.port}/` } },
      [`${TO_PRIVATE}/`]: { status: 302, headers: { location: 'https://private.scan-partner.com/' } },
    },
  });
  // The worker judges HSTS preload status against a list the setting names (our own, naming the lab host).
  listDir = await mkdtemp(join(tmpdir(), 'confgate-hsts-'));
  const list = join(listDir, 'transport_security_state_static.json');
  await writeFile(list, `// lab list\n{ "entries": [ { "name": "${GOOD}", "policy": "custom", "mode": "force-https" } ] }\n`);
  t = await startTestApp({
    SCAN_HSTS_PRELOAD_LIST: list,
    SCAN_HSTS_PRELOAD_DATE: '2026-11-20',
    PARTNER_RATE_LIMIT: '100000/s',
    SCAN_ALLOWED_CIDRS: '127.0.0.0/8',
    SCAN_DNS_SERVERS: dns.server,
    SCAN_DNSSEC_TRUST_ANCHORS: anchors,
    SCAN_HTTP_PORT: String(site.httpPort),
    SCAN_HTTPS_PORT: String(site.httpsPort),
  });
  worker = startWorker([scanDomainTask(t.config, { ca: ca.cert })], { db: t.store.db, clock: () => new Date(), log: createLogger('silent') }, { concurrency: 4, autostart: false });
  openapi = await openApiChecker(t.app);
});

after(async () => {
  await worker.stop(5000);
  await t.close();
  await Promise.all([site.close(), dns.close(), canary.close()]);
  await rm(listDir, { recursive: true, force: true });
});

const partner = (options: Parameters<typeof partnerWithKey>[2] = {}) => partnerWithKey(t.store.db, t.config, options);

function create(key: string | undefined, body: unknown, idempotencyKey?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/scans',
    headers: { ...(key ? bearer(key) : {}), ...(idempotencyKey !== undefined ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: body as Record<string, unknown>,
  });
}

const get = (key: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: key ? bearer(key) : {} });

/** Runs the worker until the queue has nothing due. */
/** Runs scan jobs until none is left. A job whose domain another job holds is postponed a few seconds (the
 * one-scan-per-domain lock), so an empty claim round is not the end while scan jobs remain queued. */
async function drain(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if ((await worker.tick()) > 0) continue;
    const [left] = await t.store.db.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE kind = 'scan-domain' AND status = 'ready'");
    if (left!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${left!.n} scan job(s) still queued after 30 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function conforms(method: string, route: string, res: LightMyRequestResponse): void {
  openapi.assertConforms(method, route, res.statusCode, res.json());
}

function assertError(res: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(res.statusCode, status, res.body);
  const body = res.json();
  assert.equal(body.error.code, code);
  assert.equal(body.error.request_id, res.headers['x-request-id']);
}

async function scanCount(keyId: string): Promise<number> {
  return (await t.store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM scans WHERE key_id = $1', [keyId]))[0]!.n;
}

describe('scan life cycle: start', () => {
  it('a scan finished before its start is not started: no processing state, no domain lock kept, nothing to run', async () => {
    const { key } = await partner();
    const domain = 'finished-before-start.scan-partner.com';
    const id = (await create(key, { domain })).json().data.id as string;
    const [job] = await t.store.db.query<{ id: number }>("SELECT id FROM jobs WHERE payload->>'scan_id' = $1", [id]);
    try {
      // Another claim of the scan finished it after this worker read it (here: directly).
      assert.ok(await finishScan(t.store.db, id, { status: 'failed', code: 'scan_timeout', message: SCAN_FAILURES.scan_timeout }, new Date()));
      assert.equal(await startScan(t.store.db, { id, domain }, { id: job!.id, attempts: 2 }, new Date()), 'finished');
      const [row] = await t.store.db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM scans WHERE id = $1', [id]);
      assert.deepEqual({ ...row }, { status: 'failed', attempts: 0 }, 'the finished scan is left as it was');
      assert.equal((await t.store.db.query('SELECT domain FROM scan_domain_locks WHERE domain = $1', [domain])).length, 0, 'the lock was rolled back with the start');
    } finally {
      await t.store.db.query("DELETE FROM jobs WHERE payload->>'scan_id' = $1", [id]);
    }
  });

  it('a queued scan starts: processing, its attempt recorded, its domain locked to it', async () => {
    const { key } = await partner();
    const domain = 'starts.scan-partner.com';
    const id = (await create(key, { domain })).json().data.id as string;
    const [job] = await t.store.db.query<{ id: number }>("SELECT id FROM jobs WHERE payload->>'scan_id' = $1", [id]);
    try {
      assert.equal(await startScan(t.store.db, { id, domain }, { id: job!.id, attempts: 1 }, new Date()), 'started');
      const [row] = await t.store.db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM scans WHERE id = $1', [id]);
      assert.deepEqual({ ...row }, { status: 'processing', attempts: 1 });
      assert.deepEqual(await t.store.db.query('SELECT scan_id FROM scan_domain_locks WHERE domain = $1', [domain]), [{ scan_id: id }]);
    } finally {
      await finishScan(t.store.db, id, { status: 'failed', code: 'scan_error', message: SCAN_FAILURES.scan_error }, new Date());
      await t.store.db.query("DELETE FROM jobs WHERE payload->>'scan_id' = $1", [id]);
    }
  });
});

describe('scan life cycle', () => {
  it('creates a queued scan (202, rate-limit headers), then the worker completes it with the full result', async () => {
    const { key } = await partner();
    const res = await create(key, { domain: `https://${GOOD.toUpperCase()}./some/page?q=1`, webhook_url: HOOK });
    assert.equal(res.statusCode, 202, res.body);
    conforms('POST', '/api/v1/scans', res);
    const { data, request_id } = res.json();
    assert.match(request_id, /^req_[0-9a-f]{16}$/);
    assert.match(data.id, ID);
    assert.deepEqual({ status: data.status, domain: data.domain, status_url: data.status_url }, { status: 'queued', domain: GOOD, status_url: `/api/v1/scans/${data.id}` });
    assert.match(data.created_at, OFFSET_TIME);
    assert.equal(new Date(data.created_at).getTime(), t.clock.now.getTime());
    assert.equal(res.headers['x-ratelimit-limit'], '100');
    assert.equal(res.headers['x-ratelimit-remaining'], '99');
    assert.match(String(res.headers['x-ratelimit-reset']), /^\d{4}-\d\d-01T00:00:00\.000Z$/);
    assert.equal(res.headers['idempotent-replayed'], undefined);

    const queued = await get(key, data.status_url);
    assert.equal(queued.statusCode, 200);
    assert.equal(queued.json().data.status, 'queued');
    assert.equal(queued.json().data.result, undefined);
    assert.deepEqual([queued.json().data.started_at, queued.json().data.completed_at], [null, null], 'a queued scan has neither');

    await drain();
    const done = await get(key, data.status_url);
    assert.equal(done.statusCode, 200);
    conforms('GET', '/api/v1/scans/:scan_id', done);
    const scan = done.json().data;
    assert.equal(scan.status, 'completed');
    assert.equal(scan.error, undefined);
    assert.match(scan.started_at, OFFSET_TIME);
    assert.match(scan.completed_at, OFFSET_TIME);
    assert.ok(Date.parse(scan.created_at) <= Date.parse(scan.started_at) && Date.parse(scan.started_at) <= Date.parse(scan.completed_at), 'created ≤ started ≤ completed');
    assert.equal(scan.result.domain, GOOD);
    assert.equal(typeof scan.result.score, 'number');
    assert.match(scan.result.grade, /^[A-F][+-]?$/);
    assert.ok(Array.isArray(scan.result.findings) && scan.result.findings.length > 0, 'the test site lacks CSP & co.: findings');
    assert.ok(scan.result.checks.some((c: { id: string; status: string }) => c.id === 'https-available' && c.status === 'pass'));
    assert.deepEqual(scan.result.checks.filter((c: { id: string }) => c.id === 'hsts-preload').map((c: { status: string; evidence: string; points: number }) => [c.status, c.evidence, c.points]),
      [['pass', `${GOOD} preloaded — list of 2026-11-20, 1 entries`, 0]], 'judged against the list SCAN_HSTS_PRELOAD_LIST names');
    assert.deepEqual(scan.result.checks.filter((c: { id: string }) => c.id === 'dnssec').map((c: { status: string; evidence: string }) => [c.status, c.evidence]),
      [['pass', 'secure (. → com. → scan-partner.com., ECDSAP256SHA256)']], 'validated from the lab root SCAN_DNSSEC_TRUST_ANCHORS names');
    assert.equal(scan.result.score, 100 + scan.result.checks.reduce((s: number, c: { points: number }) => s + c.points, 0));
    assert.ok(site.requests.includes(`GET https://${GOOD}/`));
  });

  it('shows processing while the scan runs', async () => {
    const { key } = await partner();
    let release!: () => void;
    gate = new Promise((r) => (release = r));
    const id = (await create(key, { domain: SLOW })).json().data.id as string;
    const running = worker.tick();
    try {
      while (!site.requests.includes(`GET https://${SLOW}/`)) await new Promise((r) => setTimeout(r, 20));
      assert.equal((await get(key, `/api/v1/scans/${id}`)).json().data.status, 'processing');
    } finally {
      release();
      gate = undefined;
    }
    await running;
    assert.equal((await get(key, `/api/v1/scans/${id}`)).json().data.status, 'completed');
  });

  const failures = [
    ['nothing-here.scan-partner.com', 'dns_failure'], ['down.scan-partner.com', 'unreachable'], ['private.scan-partner.com', 'target_not_allowed'],
    [TO_PORT, 'target_not_allowed'], [TO_PRIVATE, 'target_not_allowed'],
  ] as const;
  for (const [domain, code] of failures) {
    it(`ends failed with ${code} for ${domain}, without internal detail`, async () => {
      const { key } = await partner();
      const id = (await create(key, { domain })).json().data.id as string;
      await drain();
      const res = await get(key, `/api/v1/scans/${id}`);
      conforms('GET', '/api/v1/scans/:scan_id', res);
      const scan = res.json().data;
      assert.equal(scan.status, 'failed');
      assert.deepEqual(scan.error, { code, message: SCAN_FAILURES[code] });
      assert.equal(scan.result, undefined);
      assert.match(scan.completed_at, OFFSET_TIME, 'a failed scan has ended too');
      assert.equal(canary.connections, 0, 'no connection to a port other than 80 and 443 (their stand-ins here)');
    });
  }

  it('fails a scan whose job outlived its attempts (workers died) with scan_timeout', async () => {
    const { key } = await partner();
    const id = (await create(key, { domain: GOOD })).json().data.id as string;
    // The state workers that died on every attempt leave behind: attempts used up, lease expired.
    await t.store.db.query("UPDATE jobs SET attempts = max_attempts, lease_owner = 'dead', lease_until = now() - interval '1 second' WHERE payload->>'scan_id' = $1", [id]);
    const before = site.requests.length;
    await drain();
    const scan = (await get(key, `/api/v1/scans/${id}`)).json().data;
    assert.deepEqual(scan.error, { code: 'scan_timeout', message: SCAN_FAILURES.scan_timeout });
    assert.match(scan.completed_at, OFFSET_TIME);
    assert.equal(site.requests.length, before, 'no new scan was started');
    assert.equal((await t.store.db.query("SELECT id FROM jobs WHERE payload->>'scan_id' = $1", [id])).length, 0);
  });

  it('runs one scan per domain at a time: the second waits without using an attempt, and starts when the first finishes', async () => {
    const { key } = await partner();
    let release!: () => void;
    gate = new Promise((r) => (release = r));
    const first = (await create(key, { domain: SLOW })).json().data.id as string;
    const second = (await create(key, { domain: `https://${SLOW}/other` })).json().data.id as string;
    const homeHits = () => site.requests.filter((r) => r === `GET https://${SLOW}/`).length;
    const hitsBefore = homeHits();
    const running = worker.tick();
    try {
      while (homeHits() === hitsBefore) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      const jobs = await t.store.db.query<{ scan: string; attempts: number; leased: boolean; later: boolean }>(
        "SELECT payload->>'scan_id' AS scan, attempts, lease_owner IS NOT NULL AS leased, run_at > now() AS later FROM jobs WHERE payload->>'scan_id' = ANY($1)",
        [[first, second]],
      );
      const waiting = jobs.find((j) => !j.leased);
      assert.ok(waiting, 'one job was given back');
      assert.deepEqual({ attempts: waiting.attempts, later: waiting.later }, { attempts: 0, later: true });
      const runningScan = jobs.find((j) => j.leased)!.scan;
      assert.equal((await get(key, `/api/v1/scans/${waiting.scan}`)).json().data.status, 'queued');
      assert.equal((await get(key, `/api/v1/scans/${runningScan}`)).json().data.status, 'processing');
    } finally {
      release();
      gate = undefined;
    }
    await running;
    // The first scan's finish freed the domain and woke the waiting one: due now, not at its 2–3 s retry.
    const woken = await t.store.db.query<{ attempts: number; due: boolean; leased: boolean }>(
      "SELECT attempts, run_at <= now() AS due, lease_owner IS NOT NULL AS leased FROM jobs WHERE payload->>'scan_id' = ANY($1)",
      [[first, second]],
    );
    assert.deepEqual(woken, [{ attempts: 0, due: true, leased: false }]);
    await drain();
    for (const id of [first, second]) assert.equal((await get(key, `/api/v1/scans/${id}`)).json().data.status, 'completed');
    assert.equal((await t.store.db.query('SELECT domain FROM scan_domain_locks WHERE domain = $1', [SLOW])).length, 0, 'lock released');
  });

  it('finishing a scan wakes (and announces) only the released, never-failed jobs of its own domain', async () => {
    const { key } = await partner();
    const other = 'other.scan-partner.com';
    const scans = {
      holder: (await create(key, { domain: SLOW })).json().data.id as string,
      waiting: (await create(key, { domain: SLOW })).json().data.id as string,
      failedBefore: (await create(key, { domain: SLOW })).json().data.id as string,
      otherDomain: (await create(key, { domain: other })).json().data.id as string,
    };
    const jobOf = async (scan: string) => (await t.store.db.query<{ id: number; attempts: number }>("SELECT id, attempts FROM jobs WHERE payload->>'scan_id' = $1", [scan]))[0]!;
    const holderJob = await jobOf(scans.holder);
    await t.store.db.query("UPDATE jobs SET lease_owner = 'test', lease_until = now() + interval '1 minute', attempts = 1 WHERE id = $1", [holderJob.id]);
    assert.equal(await startScan(t.store.db, { id: scans.holder, domain: SLOW }, { id: holderJob.id, attempts: 1 }, new Date()), 'started');
    const later = "now() + interval '1 minute'";
    await t.store.db.query(`UPDATE jobs SET run_at = ${later} WHERE payload->>'scan_id' = ANY($1)`, [[scans.waiting, scans.failedBefore, scans.otherDomain]]);
    await t.store.db.query("UPDATE jobs SET last_error = 'database error' WHERE payload->>'scan_id' = $1", [scans.failedBefore]);
    const notified: string[] = [];
    const unlisten = await t.store.db.listen('confgate_jobs', (p) => void notified.push(p));
    try {
      assert.ok(await finishScan(t.store.db, scans.holder, { status: 'failed', code: 'scan_error', message: SCAN_FAILURES.scan_error }, new Date()));
      const due = await t.store.db.query<{ scan: string; due: boolean }>("SELECT payload->>'scan_id' AS scan, run_at <= now() AS due FROM jobs WHERE payload->>'scan_id' = ANY($1)", [Object.values(scans)]);
      const dueOf = Object.fromEntries(due.map((r) => [r.scan, r.due]));
      for (const [name, expected] of [['waiting', true], ['failedBefore', false], ['otherDomain', false]] as const) assert.equal(dueOf[scans[name]], expected, name);
      const deadline = Date.now() + 5000;
      while (notified.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      assert.ok(notified.length > 0, 'the wake-up is announced at commit');
      assert.equal((await t.store.db.query('SELECT domain FROM scan_domain_locks WHERE domain = $1', [SLOW])).length, 0, 'lock released');
    } finally {
      await unlisten();
      await t.store.db.query("DELETE FROM jobs WHERE payload->>'scan_id' = ANY($1)", [Object.values(scans)]);
    }
  });
});

describe('idempotency', () => {
  it('replays the same request without consuming quota, whatever its spelling', async () => {
    const { key, account } = await partner();
    const first = await create(key, { domain: GOOD, webhook_url: HOOK }, 'order-1');
    assert.equal(first.statusCode, 202);
    for (const body of [{ domain: GOOD, webhook_url: HOOK }, { domain: `https://${GOOD.toUpperCase()}/`, webhook_url: HOOK }]) {
      const again = await create(key, body, 'order-1');
      assert.equal(again.statusCode, 202);
      conforms('POST', '/api/v1/scans', again);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.headers['x-ratelimit-remaining'], undefined, 'replays are not new creations');
      assert.equal(again.json().data.id, first.json().data.id);
      assert.equal(again.json().data.created_at, first.json().data.created_at);
    }
    assert.equal((await peekQuota(t.store.db, account.id, t.clock.now)).used, 1);
  });

  it('answers 409 idempotency_conflict for the same key with another domain or webhook, consuming nothing', async () => {
    const { key, keyId, account } = await partner();
    assert.equal((await create(key, { domain: GOOD, webhook_url: HOOK }, 'k')).statusCode, 202);
    for (const body of [{ domain: 'other.scan-partner.com', webhook_url: HOOK }, { domain: GOOD }, { domain: GOOD, webhook_url: `${HOOK}/other` }]) {
      const res = await create(key, body, 'k');
      assertError(res, 409, 'idempotency_conflict');
      conforms('POST', '/api/v1/scans', res);
    }
    assert.equal(await scanCount(keyId), 1);
    assert.equal((await peekQuota(t.store.db, account.id, t.clock.now)).used, 1);
  });

  it('scopes keys to the API key: another key of the same account creates its own scan', async () => {
    const a = await partner();
    const second = await createApiKey(t.store.db, serverKeys(t.config), a.account.id, t.clock.now);
    assert.ok(second.ok);
    const one = await create(a.key, { domain: GOOD }, 'shared');
    const two = await create(second.key, { domain: GOOD }, 'shared');
    assert.equal(two.statusCode, 202);
    assert.equal(two.headers['idempotent-replayed'], undefined);
    assert.notEqual(two.json().data.id, one.json().data.id);
  });

  it('creates exactly one scan for many concurrent requests with one key', async () => {
    const { key, keyId, account } = await partner();
    const results = await Promise.all(Array.from({ length: 12 }, () => create(key, { domain: GOOD }, 'burst')));
    assert.deepEqual([...new Set(results.map((r) => r.statusCode))], [202]);
    assert.equal(new Set(results.map((r) => r.json().data.id)).size, 1);
    assert.equal(results.filter((r) => r.headers['idempotent-replayed'] === undefined).length, 1, 'one creation, the rest replays');
    assert.equal(await scanCount(keyId), 1);
    assert.equal((await t.store.db.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE payload->>'scan_id' = $1", [results[0]!.json().data.id]))[0]!.n, 1);
    assert.equal((await peekQuota(t.store.db, account.id, t.clock.now)).used, 1);
  });

  it('refuses a malformed Idempotency-Key with 422', async () => {
    const { key } = await partner();
    assertError(await create(key, { domain: GOOD }, 'x'.repeat(256)), 422, 'invalid_request');
    assertError(await create(key, { domain: GOOD }, 'has space'), 422, 'invalid_request');
  });

  it('forgets keys after 24 hours (the purge), after which the key creates a new scan', async () => {
    const { key } = await partner();
    const first = (await create(key, { domain: GOOD }, 'old')).json().data.id as string;
    const { purgeIdempotencyKeys } = await import('../src/storage/scan-idempotency.ts');
    assert.equal(await purgeIdempotencyKeys(t.store.db, new Date(t.clock.now.getTime() - 1)), 0, 'younger than the cut-off: kept');
    assert.ok((await purgeIdempotencyKeys(t.store.db, new Date(t.clock.now.getTime() + 1))) >= 1);
    const again = await create(key, { domain: GOOD }, 'old');
    assert.equal(again.headers['idempotent-replayed'], undefined);
    assert.notEqual(again.json().data.id, first);
  });
});

describe('quota', () => {
  it('counts creations only: 429 with headers at exhaustion; replays, lists and reads stay free', async () => {
    const { key, account } = await partner();
    await setPlan(t.store.db, account.id, 'enterprise', 2);
    const first = await create(key, { domain: GOOD }, 'q1');
    assert.equal(first.headers['x-ratelimit-remaining'], '1');
    assert.equal((await create(key, { domain: GOOD })).headers['x-ratelimit-remaining'], '0');
    const over = await create(key, { domain: GOOD }, 'q3');
    assertError(over, 429, 'quota_exceeded');
    conforms('POST', '/api/v1/scans', over);
    assert.deepEqual([over.headers['x-ratelimit-limit'], over.headers['x-ratelimit-remaining']], ['2', '0']);
    assert.match(String(over.headers['x-ratelimit-reset']), /T00:00:00\.000Z$/);
    const replay = await create(key, { domain: GOOD }, 'q1');
    assert.equal(replay.statusCode, 202, 'a replay needs no quota');
    assert.equal(replay.json().data.id, first.json().data.id);
    assert.equal((await get(key, '/api/v1/scans')).statusCode, 200);
    assert.equal((await get(key, first.json().data.status_url)).statusCode, 200);
    assertError(await create(key, { domain: 'localhost' }), 422, 'invalid_domain');
    assert.equal((await peekQuota(t.store.db, account.id, t.clock.now)).used, 2);
    // The refused key was not recorded: once quota returns, it creates a scan.
    await setPlan(t.store.db, account.id, 'enterprise', 3);
    const later = await create(key, { domain: GOOD }, 'q3');
    assert.equal(later.statusCode, 202);
    assert.equal(later.headers['idempotent-replayed'], undefined);
  });
});

describe('history', () => {
  it("lists only the key's scans, newest first, across pages with the cursor", async () => {
    const { key, keyId } = await partner();
    const other = await partner();
    const start = t.clock.now;
    const ids: string[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        t.clock.now = new Date(start.getTime() + i * 1000);
        ids.push((await create(key, { domain: GOOD })).json().data.id);
      }
      // Same instant: ties are ordered by id and still paginate without loss.
      ids.push((await create(key, { domain: GOOD })).json().data.id);
      await create(other.key, { domain: GOOD });
    } finally {
      t.clock.now = start;
    }
    const seen: string[] = [];
    let url = '/api/v1/scans?limit=2';
    for (let page = 0; page < 10; page++) {
      const res = await get(key, url);
      assert.equal(res.statusCode, 200);
      conforms('GET', '/api/v1/scans', res);
      const { items, next_cursor } = res.json().data;
      assert.ok(items.length <= 2);
      seen.push(...items.map((s: { id: string }) => s.id));
      for (const item of items) assert.equal(item.result, undefined, 'list items carry no result');
      if (next_cursor === null) break;
      url = `/api/v1/scans?limit=2&cursor=${next_cursor}`;
    }
    const tied = ids.slice(4).sort().reverse();
    assert.deepEqual(seen, [...tied, ...ids.slice(0, 4).reverse()]);
    assert.equal(await scanCount(keyId), 6);
    const all = (await get(key, '/api/v1/scans')).json().data;
    assert.equal(all.items.length, 6, 'default limit 20 holds them all');
    assert.equal(all.next_cursor, null);
  });

  it('filters by status', async () => {
    const { key } = await partner();
    await create(key, { domain: GOOD });
    // Two names: two scans of one domain would run one after the other (the domain lock).
    await create(key, { domain: 'nothing-here.scan-partner.com' });
    await create(key, { domain: 'nothing-there.scan-partner.com' });
    assert.equal((await get(key, '/api/v1/scans?status=queued')).json().data.items.length, 3);
    await drain();
    const statuses = async (status: string) => (await get(key, `/api/v1/scans?status=${status}`)).json().data.items as { status: string; error?: { code: string } }[];
    assert.equal((await statuses('queued')).length, 0);
    assert.equal((await statuses('completed')).length, 1);
    const failed = await statuses('failed');
    assert.deepEqual(failed.map((s) => [s.status, s.error?.code]), [['failed', 'dns_failure'], ['failed', 'dns_failure']]);
  });

  it('refuses bad parameters with 422 naming them, with the documented sentence whatever the check that failed', async () => {
    const { key } = await partner();
    const bogus = Buffer.from('2031-01-01T00:00:00.000Z|scan_nothex').toString('base64url');
    const LIMIT = 'query.limit must be an integer from 1 to 100';
    const STATUS = 'query.status must be one of queued, processing, completed, failed';
    const CURSOR = 'query.cursor is not a cursor this API returned; pass next_cursor unchanged';
    const cases: Array<[string, string]> = [
      ['limit=0', LIMIT], ['limit=101', LIMIT], ['limit=abc', LIMIT], ['limit=1.5', LIMIT], ['limit=-1', LIMIT], ['limit=', LIMIT],
      ['limit=1e2', LIMIT], ['limit=%2010', LIMIT], ['limit=1&limit=2', LIMIT], ['limit=000', LIMIT],
      // limit is an integer, coerced from the query string; a number not written in decimal digits stays refused
      // (src/http/validation.ts), though Number() reads each of these as an integer from 1 to 100 (Infinity: one Ajv
      // calls an integer).
      ['limit=10%20', LIMIT], ['limit=%2B5', LIMIT], ['limit=5.0', LIMIT], ['limit=1.', LIMIT], ['limit=0x10', LIMIT], ['limit=0b11', LIMIT], ['limit=0o7', LIMIT],
      ['limit=00001e2', LIMIT], ['limit=Infinity', LIMIT],
      ['status=done', STATUS], ['status=Queued', STATUS], ['status=', STATUS], ['status=failed&status=queued', STATUS],
      ['cursor=%21%21', CURSOR], [`cursor=${bogus}`, CURSOR], ['cursor=', CURSOR], [`cursor=${'a'.repeat(201)}`, CURSOR], ['cursor=a&cursor=b', CURSOR],
      // The first bad parameter in the schema's order is named.
      ['status=done&limit=0', LIMIT],
    ];
    for (const [query, message] of cases) {
      const res = await get(key, `/api/v1/scans?${query}`);
      assertError(res, 422, 'invalid_request');
      conforms('GET', '/api/v1/scans', res);
      assert.equal(res.json().error.message, message, query);
    }
    // Leading zeros spell the number, however many: `0100` is 100 (refused while limit was 1 to 3 digits, a string).
    for (const query of ['limit=100&status=failed', 'limit=001', 'limit=010', 'limit=0100', 'limit=1', 'status=queued', 'unknown=1']) {
      const res = await get(key, `/api/v1/scans?${query}`);
      assert.equal(res.statusCode, 200, `${query}: ${res.body}`);
      conforms('GET', '/api/v1/scans', res);
    }
  });

  it('a limit given with leading zeros is the number it spells', async () => {
    const { key } = await partner();
    for (const domain of ['one.scan-partner.com', 'two.scan-partner.com']) assert.equal((await create(key, { domain })).statusCode, 202);
    try {
      const page = (await get(key, '/api/v1/scans?limit=001')).json().data;
      assert.equal(page.items.length, 1);
      assert.notEqual(page.next_cursor, null);
      const next = (await get(key, `/api/v1/scans?limit=01&cursor=${page.next_cursor}`)).json().data;
      assert.equal(next.items.length, 1);
      assert.notEqual(next.items[0].id, page.items[0].id);
    } finally {
      await t.store.db.query("DELETE FROM jobs WHERE kind = 'scan-domain' AND payload->>'scan_id' IN (SELECT id FROM scans WHERE domain IN ('one.scan-partner.com', 'two.scan-partner.com'))");
    }
  });
});

describe('access and input errors', () => {
  it("answers 404 not_found for unknown ids and for another key's scan", async () => {
    const a = await partner();
    const b = await partner();
    const id = (await create(a.key, { domain: GOOD })).json().data.id as string;
    for (const url of [`/api/v1/scans/${id}`, `/api/v1/scans/scan_${'0'.repeat(32)}`, '/api/v1/scans/not-an-id']) {
      const res = await get(b.key, url);
      assertError(res, 404, 'not_found');
      conforms('GET', '/api/v1/scans/:scan_id', res);
    }
    assert.equal((await get(b.key, '/api/v1/scans')).json().data.items.length, 0);
  });

  it('answers 401 without a valid key on every scan route', async () => {
    for (const res of [await create(undefined, { domain: GOOD }), await get(undefined, '/api/v1/scans'), await get('svc_live_nope', `/api/v1/scans/scan_${'0'.repeat(32)}`)]) {
      assertError(res, 401, 'unauthorized');
    }
    const { key, account } = await partner();
    await t.store.db.query("UPDATE accounts SET status = 'suspended' WHERE id = $1", [account.id]);
    assertError(await create(key, { domain: GOOD }), 401, 'unauthorized');
  });

  it('refuses domains that cannot be scanned with 422 invalid_domain, without echoing them', async () => {
    const { key, keyId } = await partner();
    for (const domain of ['localhost', '127.0.0.1', '[::1]', 'http://example.com:8080', 'ftp://example.com', 'intranet', 'printer.local', 'user:pw@example.com', 'bad_label.example.com', 'x.'.repeat(130) + 'com', '   ']) {
      const res = await create(key, { domain });
      assertError(res, 422, 'invalid_domain');
      conforms('POST', '/api/v1/scans', res);
      if (domain.trim() !== '') assert.ok(!res.body.includes(domain), `message does not echo ${domain}`);
    }
    assert.equal(await scanCount(keyId), 0);
  });

  it('refuses a missing or mistyped domain and bad webhook URLs with 422 invalid_request, bad JSON with 400', async () => {
    const { key, keyId } = await partner();
    for (const body of [{}, { domain: 5 }, { domain: null }, { domain: GOOD, webhook_url: 'http://hooks.scan-partner.com/x' }, { domain: GOOD, webhook_url: 'https://u:p@hooks.scan-partner.com/' }, { domain: GOOD, webhook_url: 'https://10.0.0.1/hook' }, { domain: GOOD, webhook_url: 'not a url' }, { domain: GOOD, webhook_url: 7 }]) {
      const res = await create(key, body);
      assertError(res, 422, 'invalid_request');
      conforms('POST', '/api/v1/scans', res);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/scans', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: '{"domain":' });
    assertError(res, 400, 'invalid_json');
    assert.equal(await scanCount(keyId), 0);
  });

  it('answers 503 scan_failed when the scan cannot be stored, consuming nothing', async () => {
    const { key, keyId, account } = await partner();
    const db = t.store.db;
    const broken = { kind: db.kind, query: db.query.bind(db), exec: db.exec.bind(db), listen: db.listen.bind(db), onLocalWrite: db.onLocalWrite.bind(db), close: async () => undefined, transaction: async () => Promise.reject(new Error('connection terminated unexpectedly')) };
    const app = await createServer({ config: t.config, db: broken, clock: () => t.clock.now }, { logger: createLogger('silent') });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/v1/scans', headers: bearer(key), payload: { domain: GOOD } });
      assertError(res, 503, 'scan_failed');
      assert.ok(!res.body.includes('connection terminated'), 'no internal detail');
    } finally {
      await app.close();
    }
    assert.equal(await scanCount(keyId), 0);
    assert.equal((await peekQuota(db, account.id, t.clock.now)).used, 0);
  });
});
