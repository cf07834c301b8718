// Sustained load on the real service (`node src/main.ts` as a child process, embedded store; PostgreSQL when
// BENCH_DATABASE_URL is set), with autocannon on loopback for BENCH_SECONDS (default 20) per scenario:
// GET /healthz (the baseline of the same run), POST /api/analyze, POST /api/analyze-project, and the partner
// API read paths with a real key (list, detail, usage) while scans are created at a modest rate against a
// loopback DNS server and HTTPS site. Then a soak of the mixed load in three windows. The service's memory (from
// /metrics) is taken at start-up, after every scenario, and — each after a full garbage collection requested
// through the service's inspector on loopback — after a short warm-up ("before") and after each soak window.
// Two bounds are checked on the collected figures: RSS after ≤ RSS before + 150 MB, and no growth across the
// three soak windows in a row. Every request must answer 2xx.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { SuiteResult } from '../run.ts';
import { COMPOSE, DOCKERFILE } from '../samples.ts';
import { TEST_SECRET_KEY, createEmptyStore } from '../../test/support/store.ts';
import { enterprisePartnerKey, startService } from '../../test/support/service.ts';
import { createTestCa, startDnsServer, startSite } from '../../test/support/local-sites/index.ts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20);
const CONNECTIONS = 16;
const MB = 1024 * 1024;
/** RSS after the whole run (after a full GC) may exceed RSS before it (after a full GC) by at most this. */
const RSS_GROWTH_BOUND = 150 * MB;
/** Growth across the soak windows below this is noise, not a trend. Without a collection first, RSS swung by
 * 13 MB over eight 10 s windows of this load on PostgreSQL with no trend (the V8 heap by GC timing); after a
 * full GC the six windows of a run on the embedded store stayed within 2 MB of each other. */
const SOAK_NOISE = 25 * MB;
/** Scan creations per second during the partner scenarios: enough to exercise the write path and the worker. */
const SCAN_RATE = 2;
const DOMAINS = Array.from({ length: 32 }, (_, i) => `load-${i}.example-shop.com`);

interface Figures {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

type Request = autocannon.Request;

async function cannon(url: string, requests: Request[], options: { seconds?: number; connections?: number; rate?: number } = {}): Promise<Figures> {
  const r = await autocannon({
    url,
    requests,
    connections: options.connections ?? CONNECTIONS,
    duration: options.seconds ?? SECONDS,
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  return { rps: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99, requests: r.requests.total, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

interface Memory {
  rss: number;
  heap_used: number;
  heap_total: number;
  /** The embedded store's WebAssembly memory (part of RSS); absent on PostgreSQL. */
  wasm?: number;
}

/** The service's memory, from its own /metrics. */
async function memory(url: string): Promise<Memory> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string, required = true) => {
    const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    if (!m && required) throw new Error(`/metrics has no ${name}`);
    return m ? Number(m[1]) : undefined;
  };
  const wasm = value('confgate_embedded_store_wasm_memory_bytes', false);
  return {
    rss: value('confgate_process_resident_memory_bytes')!,
    heap_used: value('confgate_nodejs_heap_size_used_bytes')!,
    heap_total: value('confgate_nodejs_heap_size_total_bytes')!,
    ...(wasm === undefined ? {} : { wasm }),
  };
}
const rssBytes = async (url: string) => (await memory(url)).rss;

/**
 * A full, memory-reducing garbage collection in the service (the inspector's HeapProfiler.collectGarbage) — on its
 * main thread and on each analysis thread (through the inspector's NodeWorker domain) — then its memory. Without one,
 * RSS includes however much garbage V8 lets accumulate before collecting: under this load its heap grew to
 * 200–300 MB with some 45 MB alive, and gave it back at the next full collection — GC timing, not retained memory,
 * and the figure the bounds are about. Each thread has a heap of its own, which the main thread's collection does
 * not touch.
 */
async function collectedMemory(url: string, inspectorUrl: string): Promise<Memory> {
  const socket = new WebSocket(inspectorUrl);
  try {
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = () => reject(new Error(`could not connect to the service's inspector at ${inspectorUrl}`));
    });
    const COLLECT = JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' });
    const workers = new Set<string>();
    const collected = new Set<string>();
    await new Promise<void>((resolve) => {
      let mainDone = false;
      let attached = false;
      const settle = () => {
        if (mainDone && attached && [...workers].every((w) => collected.has(w))) resolve();
      };
      socket.onmessage = (event) => {
        const msg = JSON.parse(String(event.data)) as { id?: number; method?: string; params?: { sessionId: string; message?: string } };
        if (msg.id === 1) mainDone = true;
        // Workers already running are announced before the answer to NodeWorker.enable.
        if (msg.id === 2) attached = true;
        if (msg.method === 'NodeWorker.attachedToWorker' && msg.params) {
          workers.add(msg.params.sessionId);
          socket.send(JSON.stringify({ id: 3, method: 'NodeWorker.sendMessageToWorker', params: { sessionId: msg.params.sessionId, message: COLLECT } }));
        }
        if (msg.method === 'NodeWorker.receivedMessageFromWorker' && msg.params && (JSON.parse(msg.params.message ?? '{}') as { id?: number }).id === 1) collected.add(msg.params.sessionId);
        settle();
      };
      socket.send(COLLECT);
      socket.send(JSON.stringify({ id: 2, method: 'NodeWorker.enable', params: { waitForDebuggerOnStart: false } }));
    });
  } finally {
    socket.close();
  }
  return memory(url);
}

const json = (body: unknown): Pick<Request, 'headers' | 'body'> => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export default async function load(): Promise<SuiteResult> {
  const databaseUrl = process.env['BENCH_DATABASE_URL'];
  const store = databaseUrl ? { env: { DATABASE_URL: databaseUrl, SECRET_KEY: TEST_SECRET_KEY }, remove: async () => undefined } : await createEmptyStore('embedded');
  const ca = await createTestCa();
  const caDir = mkdtempSync(path.join(tmpdir(), 'confgate-load-ca-'));
  writeFileSync(path.join(caDir, 'ca.pem'), ca.cert);
  const dns = await startDnsServer(Object.fromEntries(DOMAINS.map((d) => [d, { A: ['127.0.0.1'], TXT: ['v=spf1 -all'] }])));
  const site = await startSite({
    certificate: await ca.issue({ names: DOMAINS }),
    https: { '/': { headers: { 'content-type': 'text/html', 'strict-transport-security': 'max-age=63072000' }, body: '<!doctype html><html><body>load</body></html>' } },
  });
  const env = {
    ...store.env,
    // warn: request lines would measure the log pipe to this process rather than the service.
    LOG_LEVEL: 'warn',
    PUBLIC_RATE_LIMIT: '999999/s',
    PARTNER_RATE_LIMIT: '999999/s',
    SCAN_ALLOWED_CIDRS: '127.0.0.1/32',
    SCAN_DNS_SERVERS: dns.server,
    SCAN_HTTP_PORT: String(site.httpPort),
    SCAN_HTTPS_PORT: String(site.httpsPort),
    NODE_EXTRA_CA_CERTS: path.join(caDir, 'ca.pem'),
  };
  // The partner: an enterprise account with a quota no run can use up, made with the operator commands.
  const email = `load-${randomUUID().slice(0, 8)}@example.test`;
  const key = enterprisePartnerKey(env, email);
  // The inspector on a loopback port of the system's choosing, for the full collections before measuring.
  const service = await startService({ ...env, NODE_OPTIONS: '--inspect=127.0.0.1:0' });
  try {
    const inspectorUrl = /Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/\S+)/.exec(service.output())?.[1];
    if (!inspectorUrl) throw new Error(`the service did not start its inspector:\n${service.output()}`);
    return await measure(service.url, key, inspectorUrl);
  } finally {
    await service.stop();
    await Promise.all([site.close(), dns.close()]);
    await store.remove();
    rmSync(caDir, { recursive: true, force: true });
  }
}

function line(name: string, f: Figures, base?: Figures): string {
  const ratio = base ? ` ${(f.rps / base.rps).toFixed(3).padStart(7)}` : '       -';
  return `${name.padEnd(26)} ${String(f.rps).padStart(7)} ${ratio} ${String(f.p50_ms).padStart(6)} ${String(f.p99_ms).padStart(6)} ${String(f.non2xx + f.errors).padStart(7)}`;
}

async function measure(url: string, key: string, inspectorUrl: string): Promise<SuiteResult> {
  const auth = { authorization: `Bearer ${key}` };
  let n = 0;
  // Each creation is a new scan: its own Idempotency-Key, domains in turn (one running scan per domain).
  const createScan: Request = {
    method: 'POST',
    path: '/api/v1/scans',
    setupRequest: (req) => ({ ...req, headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify({ domain: DOMAINS[n++ % DOMAINS.length] }) }),
  };
  // A few scans exist before the read scenarios, so list and detail have something to read.
  const seeded = await cannon(url, [createScan], { seconds: 2, connections: 1, rate: 10 });
  const list = await (await fetch(`${url}/api/v1/scans?limit=1`, { headers: auth })).json() as { data: { items: { id: string }[] } };
  const scanId = list.data.items[0]?.id;
  if (!scanId || seeded.non2xx > 0) throw new Error('could not create the scans the partner scenarios read');

  const analyze: Request = { method: 'POST', path: '/api/analyze', ...json({ filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE }) };
  const project: Request = { method: 'POST', path: '/api/analyze-project', ...json({ files: [{ filename: 'Dockerfile', content: DOCKERFILE }, { filename: 'compose.yaml', content: COMPOSE }] }) };
  const partnerGets: Record<string, Request> = {
    'GET /api/v1/scans': { method: 'GET', path: '/api/v1/scans', headers: auth },
    'GET /api/v1/scans/{id}': { method: 'GET', path: `/api/v1/scans/${scanId}`, headers: auth },
    'GET /api/v1/usage': { method: 'GET', path: '/api/v1/usage', headers: auth },
  };

  // RSS at start-up, then "before" after a short warm-up of every request kind (the JIT, the connection pool and
  // the embedded store reach their working size first) and a full collection.
  const startup = await rssBytes(url);
  await cannon(url, [analyze, project, ...Object.values(partnerGets)], { seconds: 3 });
  const before = await collectedMemory(url, inspectorUrl);
  // RSS at start-up and after each scenario, uncollected: what the process holds under load, garbage included.
  const rss: Record<string, number> = { startup };
  const scenarios: Record<string, Figures> = {};
  console.log(`${SECONDS}s per scenario, ${CONNECTIONS} connections; ${SCAN_RATE} scan creations/s alongside the partner reads`);
  console.log(`${'scenario'.padEnd(26)} ${'rps'.padStart(7)} ${'vs base'.padStart(7)} ${'p50 ms'.padStart(6)} ${'p99 ms'.padStart(6)} ${'failed'.padStart(7)}`);
  const baseline = (scenarios['GET /healthz'] = await cannon(url, [{ method: 'GET', path: '/healthz' }]));
  console.log(line('GET /healthz', baseline));
  for (const [name, request] of [['POST /api/analyze', analyze], ['POST /api/analyze-project', project]] as const) {
    scenarios[name] = await cannon(url, [request]);
    rss[name] = await rssBytes(url);
    console.log(line(name, scenarios[name], baseline));
  }
  for (const [name, request] of Object.entries(partnerGets)) {
    const [reads, creations] = await Promise.all([cannon(url, [request]), cannon(url, [createScan], { connections: 1, rate: SCAN_RATE })]);
    scenarios[name] = reads;
    scenarios[`POST /api/v1/scans (during ${name.split(' ')[1]})`] = creations;
    rss[name] = await rssBytes(url);
    console.log(line(name, reads, baseline));
    console.log(line('  + POST /api/v1/scans', creations));
  }
  // The soak: everything at once, three windows in a row; memory at the end of each, as it was and collected.
  const soakUncollected: Memory[] = [];
  const soak: Memory[] = [];
  for (let w = 0; w < 3; w++) {
    await Promise.all([
      cannon(url, [analyze, project], { seconds: SECONDS / 2, connections: CONNECTIONS / 2 }),
      cannon(url, Object.values(partnerGets), { seconds: SECONDS / 2, connections: CONNECTIONS / 2 }),
      cannon(url, [createScan], { seconds: SECONDS / 2, connections: 1, rate: SCAN_RATE }),
    ]);
    soakUncollected.push(await memory(url));
    soak.push(await collectedMemory(url, inspectorUrl));
  }
  const after = soak[2]!;

  const failed = Object.entries(scenarios).filter(([, f]) => f.non2xx + f.errors > 0).map(([name]) => name);
  const growth = after.rss - before.rss;
  const soakRss = soak.map((m) => m.rss);
  const trend = soakRss[0]! < soakRss[1]! && soakRss[1]! < soakRss[2]! && soakRss[2]! - soakRss[0]! > SOAK_NOISE;
  const bounds = {
    rss_after_within_before_plus_150mb: growth <= RSS_GROWTH_BOUND,
    no_growth_across_3_soak_windows: !trend,
    no_failed_requests: failed.length === 0,
  };
  const mb = (b: number) => Number((b / MB).toFixed(1));
  const figures = (m: Memory) => ({ rss: mb(m.rss), heap_used: mb(m.heap_used), heap_total: mb(m.heap_total), ...(m.wasm === undefined ? {} : { wasm: mb(m.wasm) }) });
  const show = (m: Memory) => `RSS ${mb(m.rss)} (V8 heap ${mb(m.heap_used)} used of ${mb(m.heap_total)}${m.wasm === undefined ? '' : `, WebAssembly memory ${mb(m.wasm)}`})`;
  console.log(`Uncollected, MB: RSS ${Object.entries(rss).map(([k, v]) => `${k} ${mb(v)}`).join(', ')}; soak windows ${soakUncollected.map(show).join(' → ')}`);
  console.log(`After a full GC, MB: before ${show(before)}; soak windows ${soak.map(show).join(' → ')}`);
  console.log(`${bounds.rss_after_within_before_plus_150mb ? 'PASS' : 'FAIL'} RSS after ${mb(after.rss)} MB ≤ before ${mb(before.rss)} MB + 150 MB, both after a full GC (growth ${mb(growth)} MB)`);
  console.log(`${bounds.no_growth_across_3_soak_windows ? 'PASS' : 'FAIL'} no growth across the 3 soak windows (${soakRss.map(mb).join(' → ')} MB after a full GC; rises under ${mb(SOAK_NOISE)} MB in total are noise)`);
  console.log(`${bounds.no_failed_requests ? 'PASS' : 'FAIL'} every request answered 2xx${failed.length ? ` (not: ${failed.join(', ')})` : ''}`);
  const store = process.env['BENCH_DATABASE_URL'] ? 'postgres' : 'embedded';
  return {
    suite: 'load',
    // One file per store: bench/results/load-embedded.json, bench/results/load-postgres.json.
    file: `load-${store}`,
    results: {
      seconds_per_scenario: SECONDS,
      connections: CONNECTIONS,
      scan_creations_per_s: SCAN_RATE,
      store,
      scenarios,
      // Throughput of each scenario relative to GET /healthz in the same run.
      ratios_to_healthz: Object.fromEntries(Object.entries(scenarios).filter(([name]) => !name.startsWith('POST /api/v1/scans')).map(([name, f]) => [name, Number((f.rps / baseline.rps).toFixed(3))])),
      // Uncollected: at start-up, after each scenario and at the end of each soak window.
      uncollected_rss_mb: Object.fromEntries(Object.entries(rss).map(([k, v]) => [k, mb(v)])),
      soak_uncollected_mb: soakUncollected.map(figures),
      // After a full GC: before (after the warm-up) and at the end of each soak window (the last one is "after").
      collected_mb: { before: figures(before), soak: soak.map(figures) },
      rss_growth_collected_mb: mb(growth),
      bounds,
      pass: Object.values(bounds).every(Boolean),
    },
  };
}
