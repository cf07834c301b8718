// HTTP throughput of the public analysis API against a no-op endpoint that takes the same body in the same run (the
// same body limit, JSON parsing, validation, rate-limit config and hooks, but no analysis). Target: analyze ≥ 0.5 ×
// no-op rps. The service runs in this process on loopback with an embedded store and its default analysis threads
// (ANALYSIS_THREADS). The load comes from wrk, a separate process (bench/wrk.ts), so this process's CPU is the
// server's alone. The two endpoints are measured in alternating slices (medians), so a change in the load of a shared
// machine does not land on one side only. CPU time per request is reported twice: the event loop's (main thread), and
// the whole process's (the event loop and the analysis threads), since on a busy 2-core machine requests per second
// also measure how much CPU the scheduler gave us.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { execFileSync } from 'node:child_process';
import { loadConfig } from '../../src/config.ts';
import { buildServer } from '../../src/http/server.ts';
import { createLogger } from '../../src/logger.ts';
import { openEmbedded } from '../../src/storage/embedded.ts';
import { migrate } from '../../src/storage/migrate.ts';
import { Type } from 'typebox';
import { BODY_LIMITS } from '../../src/http/limits.ts';
import { FormatQuery, varyOnAccept } from '../../src/http/routes/analyze.ts';
import { AnalyzeRequest } from '../../src/http/schemas/analysis.ts';
import { envelope } from '../../src/http/schemas/common.ts';
import { median } from '../measure.ts';
import { wrk } from '../wrk.ts';
import type { SuiteResult } from '../run.ts';
import { COMPOSE, DOCKERFILE } from '../samples.ts';

/** Seconds per slice (wrk takes whole seconds). */
const SLICE_SECONDS = 2;
/** Slices per endpoint, alternating with the other endpoint's: a slice disturbed by the machine's other tenants
 * moves the median of five less than that of three (runs of 3 slices of 2.7 s differed by up to 0.17 in ratio). */
const SLICES = Number(process.env['BENCH_SLICES'] ?? 5);
/** Until V8 has compiled the analysis code: with 3 s the first measured analyze slice still paid for compilation on
 * V8's background threads (45–50 µs of CPU per request, 5–10 later). */
const WARMUP_SECONDS = 5;
/** Longer than the telemetry flush interval (1 s) plus a flush. */
const SETTLE_MS = 1500;

interface Slice { rps: number; p50: number; p99: number; non2xx: number; cpuUsPerRequest: number; processCpuUsPerRequest: number }

async function load(url: string, bodyFile: string, seconds: number): Promise<Slice> {
  const cpu = process.threadCpuUsage();
  const all = process.cpuUsage();
  const result = await wrk(url, bodyFile, 16, seconds);
  // The security log and counters are written once a second: wait for this slice's rows, so their cost is counted
  // here and not in the next slice (the no-op's many rows would otherwise land in the analyze slice).
  await setTimeout(SETTLE_MS);
  const used = process.threadCpuUsage(cpu);
  const usedAll = process.cpuUsage(all);
  const requests = Math.max(1, result.requests);
  return {
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    non2xx: result.non2xx + result.socketErrors,
    cpuUsPerRequest: (used.user + used.system) / requests,
    processCpuUsPerRequest: (usedAll.user + usedAll.system) / requests,
  };
}

/** A slice's figures, rounded for the results file. */
function round(s: Slice): Record<string, number> {
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Number(v.toFixed(1))]));
}

export default async function run(): Promise<SuiteResult> {
  execFileSync(path.join(import.meta.dirname, '../../scripts/ensure-deb.sh'), ['wrk', 'wrk'], { stdio: 'inherit' });
  const dir = mkdtempSync(path.join(tmpdir(), 'confgate-bench-'));
  const db = await openEmbedded(dir);
  await migrate(db);
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_RATE_LIMIT: '999999/s' });
  const app = await buildServer({ config, db, clock: () => new Date() }, { logger: createLogger('silent') });
  // The baseline: the analyze route's body limit, query and body validation, rate-limit config, hooks and a response
  // schema; no analysis.
  await app.register(async (scope) => {
    scope.addHook('onSend', varyOnAccept);
    const rateLimit = { max: config.publicRateLimit.count, timeWindow: config.publicRateLimit.windowMs };
    const schema = { querystring: FormatQuery, body: AnalyzeRequest, response: { 200: envelope(Type.Object({ ok: Type.Boolean() })) } };
    scope.post('/bench/noop', { bodyLimit: BODY_LIMITS.analyze, config: { rateLimit }, schema }, async (req) => ({ request_id: req.id, data: { ok: true } }));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const cases = {
      dockerfile: JSON.stringify({ filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE }),
      compose: JSON.stringify({ filename: 'compose.yaml', file_type: 'auto', content: COMPOSE }),
    };
    const bodyFile = path.join(dir, 'body.json');
    const results: Record<string, unknown> = {};
    console.log(`${SLICES} slices of ${SLICE_SECONDS} s per endpoint, alternating (medians), wrk with 16 connections, ${config.analysis.threads} analysis thread(s); CPU in µs per request`);
    console.log('case        no-op rps  analyze rps  ratio  analyze p50/p99 ms  event-loop CPU no-op/analyze (ratio)  process CPU no-op/analyze');
    for (const [name, body] of Object.entries(cases)) {
      writeFileSync(bodyFile, body);
      // Warm-up (JIT, connection pools, analysis threads), not recorded (see WARMUP_SECONDS).
      await load(`${base}/bench/noop`, bodyFile, WARMUP_SECONDS);
      await load(`${base}/api/analyze`, bodyFile, WARMUP_SECONDS);
      const noops: Slice[] = [];
      const analyses: Slice[] = [];
      for (let i = 0; i < SLICES; i++) {
        noops.push(await load(`${base}/bench/noop`, bodyFile, SLICE_SECONDS));
        analyses.push(await load(`${base}/api/analyze`, bodyFile, SLICE_SECONDS));
      }
      if ([...noops, ...analyses].some((s) => s.non2xx > 0)) throw new Error(`${name}: non-2xx responses during the run`);
      const summary = (slices: Slice[]) => ({
        rps: median(slices.map((s) => s.rps)),
        p50: median(slices.map((s) => s.p50)),
        p99: median(slices.map((s) => s.p99)),
        cpuUsPerRequest: median(slices.map((s) => s.cpuUsPerRequest)),
        processCpuUsPerRequest: median(slices.map((s) => s.processCpuUsPerRequest)),
      });
      const noop = summary(noops);
      const analyze = summary(analyses);
      const ratio = analyze.rps / noop.rps;
      // Requests per CPU-second of the whole process, analyze over no-op: the ratio when the CPUs are what runs out.
      const cpuRatio = noop.processCpuUsPerRequest / analyze.processCpuUsPerRequest;
      // Requests per event-loop CPU-second, analyze over no-op: the ratio the event loop allows when the analysis
      // threads and the load generator have CPUs of their own (with 2 CPUs they compete with it; bench/README.md).
      const loopRatio = noop.cpuUsPerRequest / analyze.cpuUsPerRequest;
      const pair = (a: number, b: number) => `${a.toFixed(0)}/${b.toFixed(0)}`;
      console.log(
        `${name.padEnd(10)} ${noop.rps.toFixed(0).padStart(10)} ${analyze.rps.toFixed(0).padStart(12)} ${ratio.toFixed(2).padStart(6)}  ${`${analyze.p50.toFixed(1)}/${analyze.p99.toFixed(1)}`.padStart(18)}  ${`${pair(noop.cpuUsPerRequest, analyze.cpuUsPerRequest)} (${loopRatio.toFixed(2)})`.padStart(35)}  ${pair(noop.processCpuUsPerRequest, analyze.processCpuUsPerRequest).padStart(25)}`,
      );
      results[name] = { noop, analyze, ratio: Number(ratio.toFixed(3)), process_cpu_ratio: Number(cpuRatio.toFixed(3)), event_loop_cpu_ratio: Number(loopRatio.toFixed(3)), target: 0.5, slices: { noop: noops.map(round), analyze: analyses.map(round) } };
    }
    results['analysis_threads'] = config.analysis.threads;
    results['load_generator'] = 'wrk, 1 thread, 16 connections';
    return { suite: 'http', results };
  } finally {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
