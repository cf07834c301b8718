// Sustained load on the real service (`node src/main.ts` as a child process, embedded store; PostgreSQL when
// BENCH_DATABASE_URL is set), with autocannon on loopback for BENCH_SECONDS (default 20) per scenario:
// GET /healthz (the baseline of the same run), POST /api/analyze, POST /api/analyze-project, and the partner
// API read paths with a real key (list, detail, usage) while scans are created at a modest rate against a
// loopback DNS server and HTTPS site. Then a soak of the mixed load in three windows. The service's RSS (from
// /metrics) is taken at start-up, after a short warm-up ("before"), after every scenario and after each soak
// window, and two bounds are checked: RSS after ≤ RSS before + 150 MB, and no growth across the three soak
// windows in a row. Every request must answer 2xx.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { SuiteResult } from '../run.ts';
import { COMPOSE, DOCKERFILE } from '../samples.ts';
import { TEST_SECRET_KEY, createEmptyStore } from '../../test/support/store.ts';
import { adminCli, startService } from '../../test/support/service.ts';
import { createTestCa, startDnsServer, startSite } from '../../test/support/local-sites/index.ts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20);
const CONNECTIONS = 16;
const MB = 1024 * 1024;
/** RSS after the whole run may exceed RSS before it by at most this. */
const RSS_GROWTH_BOUND = 150 * MB;
/** Growth across the soak windows below this is noise, not a trend: over eight 10 s windows of this load on
 * PostgreSQL, RSS swung between 308 and 321 MB with no trend (the V8 heap between 52 and 109 MB, by GC timing). */
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

/** The service's resident memory and V8 heap in use, from its own /metrics. */
async function memory(url: string): Promise<{ rss: number; heap: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) => {
    const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    if (!m) throw new Error(`/metrics has no ${name}`);
    return Number(m[1]);
  };
  return { rss: value('confgate_process_resident_memory_bytes'), heap: value('confgate_nodejs_heap_size_used_bytes') };
}
const rssBytes = async (url: string) => (await memory(url)).rss;

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
  const admin = (args: string[]) => {
    const r = adminCli([...args, '--json'], env);
    if (r.status !== 0) throw new Error(`confgate-admin ${args.slice(0, 2).join(' ')} failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  };
  admin(['account', 'create', '--email', email, '--plan', 'enterprise', '--quota', '10000000', '--approve']);
  const key = String(admin(['key', 'create', '--email', email])['key']);
  const service = await startService(env);
  try {
    return await measure(service.url, key);
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

async function measure(url: string, key: string): Promise<SuiteResult> {
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

  // RSS at start-up, then "before" after a short warm-up of every request kind: the JIT, the connection pool
  // and the embedded store's WebAssembly memory (which never shrinks) reach their working size first.
  const startup = await rssBytes(url);
  await cannon(url, [analyze, project, ...Object.values(partnerGets)], { seconds: 3 });
  const rss: Record<string, number> = { startup, before: await rssBytes(url) };
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
  // The soak: everything at once, three windows in a row, RSS after each.
  const soak: number[] = [];
  // The V8 heap beside RSS tells the service's own objects from native memory (the embedded store's included).
  const soakHeap: number[] = [];
  for (let w = 0; w < 3; w++) {
    await Promise.all([
      cannon(url, [analyze, project], { seconds: SECONDS / 2, connections: CONNECTIONS / 2 }),
      cannon(url, Object.values(partnerGets), { seconds: SECONDS / 2, connections: CONNECTIONS / 2 }),
      cannon(url, [createScan], { seconds: SECONDS / 2, connections: 1, rate: SCAN_RATE }),
    ]);
    const m = await memory(url);
    soak.push(m.rss);
    soakHeap.push(m.heap);
  }
  rss['after'] = soak[2]!;

  const failed = Object.entries(scenarios).filter(([, f]) => f.non2xx + f.errors > 0).map(([name]) => name);
  const growth = rss['after']! - rss['before']!;
  const trend = soak[0]! < soak[1]! && soak[1]! < soak[2]! && soak[2]! - soak[0]! > SOAK_NOISE;
  const bounds = {
    rss_after_within_before_plus_150mb: growth <= RSS_GROWTH_BOUND,
    no_growth_across_3_soak_windows: !trend,
    no_failed_requests: failed.length === 0,
  };
  const mb = (b: number) => Number((b / MB).toFixed(1));
  console.log(`RSS MB: ${Object.entries(rss).map(([k, v]) => `${k} ${mb(v)}`).join(', ')}; soak windows ${soak.map(mb).join(' → ')} (V8 heap used ${soakHeap.map(mb).join(' → ')})`);
  console.log(`${bounds.rss_after_within_before_plus_150mb ? 'PASS' : 'FAIL'} RSS after ${mb(rss['after']!)} MB ≤ before ${mb(rss['before']!)} MB + 150 MB (growth ${mb(growth)} MB)`);
  console.log(`${bounds.no_growth_across_3_soak_windows ? 'PASS' : 'FAIL'} no growth across the 3 soak windows (${soak.map(mb).join(' → ')} MB; rises under ${mb(SOAK_NOISE)} MB in total are noise)`);
  console.log(`${bounds.no_failed_requests ? 'PASS' : 'FAIL'} every request answered 2xx${failed.length ? ` (not: ${failed.join(', ')})` : ''}`);
  return {
    suite: 'load',
    results: {
      seconds_per_scenario: SECONDS,
      connections: CONNECTIONS,
      scan_creations_per_s: SCAN_RATE,
      store: process.env['BENCH_DATABASE_URL'] ? 'postgres' : 'embedded',
      scenarios,
      // Throughput of each scenario relative to GET /healthz in the same run.
      ratios_to_healthz: Object.fromEntries(Object.entries(scenarios).filter(([name]) => !name.startsWith('POST /api/v1/scans')).map(([name, f]) => [name, Number((f.rps / baseline.rps).toFixed(3))])),
      rss_mb: Object.fromEntries(Object.entries(rss).map(([k, v]) => [k, mb(v)])),
      soak_rss_mb: soak.map(mb),
      soak_heap_used_mb: soakHeap.map(mb),
      bounds,
      pass: Object.values(bounds).every(Boolean),
    },
  };
}
