// `npm run bench -- scan-latency`: issue #24's "through the API with an idle queue, a loopback scan completes in
// ≤ 100 ms p50 from creation", measured end to end on the real service (`node src/main.ts`, ROLE=all, as
// `npm start` runs it) on both stores — the embedded one (PGlite) and PostgreSQL (TEST_DATABASE_URL, default
// 127.0.0.1:5432/test, a fresh database dropped afterwards; left out with a note when unreachable).
//
// Per store: a partner key made with the operator commands; a loopback DNS server, HTTPS site (test CA through
// NODE_EXTRA_CA_CERTS) and HTTPS webhook receiver. One scan at a time, each after the queue has been idle for
// IDLE_MS: the clock starts just before `POST /api/v1/scans` (with a `webhook_url`) is sent and stops when the
// signed `scan.completed` event arrives at the receiver (its signature is then checked with the partner's key, as a
// receiver would, outside the timed span). That is what a partner observes, and it is the upper
// bound of "completes": the scan was complete (its row committed) before the event was sent. The webhook is the
// primary measure because it is the API's own completion signal and adds only the delivery (a job of its own,
// announced like the scan's); polling `GET /api/v1/scans/{id}` adds up to its interval and loads the service (on
// the embedded store, the same thread the worker runs in). A polling run is measured too, to show the difference.
// The event's own timestamps split each sample into: the POST's answer, created → started (the worker's pick-up),
// started → completed (the scan), completed → received (the delivery). Baseline of the same run: the same scan as
// a direct `scanDomain` call in the bench's process; the ratio is its p50 over the end-to-end p50. Loopback only.
// A suite of its own rather than a part of `scans`: that one drives the queue inside the bench's process (rows
// inserted directly, its own worker), which is right for throughput ratios but has no HTTP API, service process or
// webhook; its created → started figure is one of the parts measured here.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { SuiteResult } from '../run.ts';
import { scanDomain } from '../../src/scan/index.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';
import { TEST_DATABASE_URL, createEmptyStore } from '../../test/support/store.ts';
import type { StoreKind } from '../../test/support/store.ts';
import { enterprisePartnerKey, startService } from '../../test/support/service.ts';
import { createTestCa, startDnsServer, startSite } from '../../test/support/local-sites/index.ts';
import { startReceiver } from '../../test/webhooks-receiver.ts';

/** Timed scans per store and per way of observing completion (n ≥ 30 for a p90 of some meaning). */
const SCANS = Number(process.env['BENCH_SCANS'] ?? 40);
const WARMUP = 3;
/** Quiet time before each scan: past the previous scan's webhook bookkeeping and any claim round it caused. */
const IDLE_MS = 250;
const POLL_MS = 10;
const TARGET_P50_MS = 100;
const DOMAINS = Array.from({ length: 8 }, (_, i) => `lat-${i}.example-shop.com`);
const HOOKS = 'hooks.example-partner.com';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Nearest-rank percentile of an ascending list. */
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
const round = (n: number) => Math.round(n * 10) / 10;

/** A scan event as the receiver got it. */
interface Arrival { at: number; wall: number; raw: Buffer; signature: string; timestamp: string; body: { type: string; data: { id: string; created_at: string; started_at: string; completed_at: string; result?: { requests?: number } } } }

interface Sample { total: number; post: number; pickup: number; scan: number; delivery: number; connections: number }

function stats(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(s, 0.5)), p90: round(percentile(s, 0.9)), min: round(s[0] ?? NaN), max: round(s[s.length - 1] ?? NaN) };
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default async function scanLatency(): Promise<SuiteResult> {
  const ca = await createTestCa();
  const caDir = mkdtempSync(path.join(tmpdir(), 'confgate-latency-ca-'));
  writeFileSync(path.join(caDir, 'ca.pem'), ca.cert);
  const dns = await startDnsServer({
    ...Object.fromEntries(DOMAINS.map((d) => [d, { A: ['127.0.0.1'], TXT: ['v=spf1 -all'] }])),
    [HOOKS]: { A: ['127.0.0.1'] },
  });
  const site = await startSite({
    certificate: await ca.issue({ names: DOMAINS }),
    https: { '/': { headers: { 'content-type': 'text/html', 'strict-transport-security': 'max-age=63072000' }, body: '<!doctype html><html><body>latency</body></html>' } },
  });
  // Arrival time of each scan's event, by scan id; a waiter is resolved when its event comes.
  const arrivals = new Map<string, Arrival>();
  const waiters = new Map<string, () => void>();
  const receiver = await startReceiver(await ca.issue({ names: [HOOKS] }), {
    onRequest: (r) => {
      const at = performance.now();
      const wall = Date.now();
      const body = JSON.parse(r.body.toString('utf8')) as Arrival['body'];
      arrivals.set(body.data.id, { at, wall, raw: r.body, signature: String(r.headers['x-service-signature'] ?? ''), timestamp: String(r.headers['x-service-timestamp'] ?? ''), body });
      waiters.get(body.data.id)?.();
    },
  });
  const results: Record<string, unknown> = { scans: SCANS, idle_ms: IDLE_MS, poll_ms: POLL_MS, target_p50_ms: TARGET_P50_MS };
  try {
    // The baseline: the same scan as a direct `scanDomain` call in this process (no API, queue, store or webhook).
    const direct = { publicBaseUrl: 'https://confgate.bench', dnsServers: [dns.server], allowedCidrs: ['127.0.0.1/32'], httpPort: site.httpPort, httpsPort: site.httpsPort, ca: ca.cert };
    for (let i = 0; i < WARMUP; i++) await scanDomain(DOMAINS[i % DOMAINS.length]!, direct);
    const directMs: number[] = [];
    for (let i = 0; i < SCANS; i++) {
      await sleep(IDLE_MS);
      const t0 = performance.now();
      await scanDomain(DOMAINS[i % DOMAINS.length]!, direct);
      directMs.push(performance.now() - t0);
    }
    const baseline = stats(directMs);
    results['direct_scan_ms'] = baseline;
    console.log(`direct scanDomain (baseline): p50 ${baseline.p50} ms, p90 ${baseline.p90} ms`);
    for (const kind of ['embedded', 'postgres'] as StoreKind[]) {
      if (kind === 'postgres' && !(await postgresReachable())) {
        console.log(`postgres: not reachable at ${TEST_DATABASE_URL}, left out`);
        results[kind] = { skipped: `PostgreSQL not reachable at ${TEST_DATABASE_URL}` };
        continue;
      }
      const figures = await measureStore(kind, { caFile: path.join(caDir, 'ca.pem'), dnsServer: dns.server, httpPort: site.httpPort, httpsPort: site.httpsPort, hookPort: receiver.port, arrivals, waiters });
      // The share of the end-to-end time that is the scan itself (1.0 would be a free API, queue and webhook).
      results[kind] = { ...figures, ratio: Number((baseline.p50 / figures.webhook.creation_to_event_ms.p50).toFixed(3)) };
      console.log(`${kind}: ratio direct p50 / end-to-end p50 = ${(baseline.p50 / figures.webhook.creation_to_event_ms.p50).toFixed(3)}`);
    }
    return { suite: 'scan-latency', results };
  } finally {
    await Promise.all([site.close(), dns.close(), receiver.close()]);
    rmSync(caDir, { recursive: true, force: true });
  }
}

interface Lab {
  caFile: string;
  dnsServer: string;
  httpPort: number;
  httpsPort: number;
  hookPort: number;
  arrivals: Map<string, Arrival>;
  waiters: Map<string, () => void>;
}

async function measureStore(kind: StoreKind, lab: Lab) {
  const store = await createEmptyStore(kind);
  const env: Record<string, string> = {
    ...store.env,
    LOG_LEVEL: 'warn',
    PARTNER_RATE_LIMIT: '999999/s',
    SCAN_ALLOWED_CIDRS: '127.0.0.1/32',
    SCAN_DNS_SERVERS: lab.dnsServer,
    SCAN_HTTP_PORT: String(lab.httpPort),
    SCAN_HTTPS_PORT: String(lab.httpsPort),
    NODE_EXTRA_CA_CERTS: lab.caFile,
  };
  const email = `latency-${randomUUID().slice(0, 8)}@example.test`;
  const key = enterprisePartnerKey(env, email);
  const service = await startService(env);
  const auth = { authorization: `Bearer ${key}` };
  let n = 0;
  const create = async (withWebhook: boolean) => {
    const domain = DOMAINS[n++ % DOMAINS.length]!;
    const body = { domain, ...(withWebhook ? { webhook_url: `https://${HOOKS}:${lab.hookPort}/scan-events` } : {}) };
    const res = await fetch(`${service.url}/api/v1/scans`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify(body) });
    if (res.status !== 202) throw new Error(`POST /api/v1/scans answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  /** One scan observed by its webhook: the clock runs from just before the POST to the event's arrival. */
  const byWebhook = async (): Promise<Sample> => {
    await sleep(IDLE_MS);
    const t0 = performance.now();
    const id = await create(true);
    const posted = performance.now();
    if (!lab.arrivals.has(id)) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no webhook for scan ${id} within 30 s:\n${service.output().slice(-2000)}`)), 30_000);
        lab.waiters.set(id, () => { clearTimeout(timer); resolve(); });
      });
    }
    lab.waiters.delete(id);
    const got = lab.arrivals.get(id)!;
    if (got.body.type !== 'scan.completed') throw new Error(`scan ${id} ended ${got.body.type}`);
    // The event is the service's, signed with this partner's key, as a receiver would check it.
    const verified = verifyWebhook({ apiKey: key, body: got.raw, signatureHeader: got.signature, timestampHeader: got.timestamp });
    if (!verified.ok) throw new Error(`the event of scan ${id} does not verify: ${verified.reason}`);
    const d = got.body.data;
    const ms = (iso: string) => new Date(iso).getTime();
    return { total: got.at - t0, post: posted - t0, pickup: ms(d.started_at) - ms(d.created_at), scan: ms(d.completed_at) - ms(d.started_at), delivery: got.wall - ms(d.completed_at), connections: d.result?.requests ?? NaN };
  };
  /** One scan observed by polling its detail every POLL_MS. */
  const byPolling = async (): Promise<number> => {
    await sleep(IDLE_MS);
    const t0 = performance.now();
    const id = await create(false);
    for (;;) {
      const res = await fetch(`${service.url}/api/v1/scans/${id}`, { headers: auth });
      const status = ((await res.json()) as { data: { status: string } }).data.status;
      if (status === 'completed') return performance.now() - t0;
      if (status === 'failed') throw new Error(`scan ${id} failed`);
      if (performance.now() - t0 > 30_000) throw new Error(`scan ${id} not completed within 30 s`);
      await sleep(POLL_MS);
    }
  };
  try {
    for (let i = 0; i < WARMUP; i++) await byWebhook(); // JIT, TLS contexts, the store's caches
    const samples: Sample[] = [];
    for (let i = 0; i < SCANS; i++) samples.push(await byWebhook());
    const polled: number[] = [];
    for (let i = 0; i < SCANS; i++) polled.push(await byPolling());
    const total = stats(samples.map((s) => s.total));
    const figures = {
      webhook: {
        creation_to_event_ms: total,
        target_met: total.p50 <= TARGET_P50_MS,
        post_answer_ms: stats(samples.map((s) => s.post)),
        created_to_started_ms: stats(samples.map((s) => s.pickup)),
        started_to_completed_ms: stats(samples.map((s) => s.scan)),
        completed_to_event_ms: stats(samples.map((s) => s.delivery)),
        connections_per_scan: stats(samples.map((s) => s.connections)),
      },
      polling: { creation_to_seen_completed_ms: stats(polled) },
    };
    const f = figures.webhook;
    console.log(`${kind}: creation → webhook p50 ${total.p50} ms, p90 ${total.p90} ms (n=${SCANS}, target p50 ≤ ${TARGET_P50_MS} ms: ${f.target_met ? 'met' : 'NOT met'}); `
      + `POST answer p50 ${f.post_answer_ms.p50} ms, created → started p50 ${f.created_to_started_ms.p50} ms, scan p50 ${f.started_to_completed_ms.p50} ms, completed → event p50 ${f.completed_to_event_ms.p50} ms; `
      + `${f.connections_per_scan.p50} connections per scan; polling every ${POLL_MS} ms: p50 ${figures.polling.creation_to_seen_completed_ms.p50} ms, p90 ${figures.polling.creation_to_seen_completed_ms.p90} ms`);
    return figures;
  } finally {
    await service.stop();
    await store.remove();
  }
}
