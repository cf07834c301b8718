// GET /metrics in Prometheus format: request rates and latencies (this process), and the shared state read
// from the database at scrape time (queue depth and age, scans by outcome), plus process metrics.
// Labels are route patterns and status codes only — never URLs, content or identifiers.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queueGauges, scanGauges } from '../../storage/metrics.ts';
import { ApiError } from '../errors.ts';

function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config } = app.deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'confgate_' });
  const requests = new Counter({ name: 'confgate_http_requests_total', help: 'HTTP requests by route pattern, method and status.', labelNames: ['route', 'method', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'confgate_http_request_duration_seconds',
    help: 'HTTP request duration by route pattern and method.',
    labelNames: ['route', 'method'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const jobs = new Gauge({ name: 'confgate_jobs', help: 'Jobs in the durable queue by kind and status (ready, dead).', labelNames: ['kind', 'status'], registers: [registry] });
  const jobAge = new Gauge({ name: 'confgate_jobs_oldest_age_seconds', help: 'Age of the oldest job by kind and status (time since it became due).', labelNames: ['kind', 'status'], registers: [registry] });
  const scans = new Gauge({ name: 'confgate_scans', help: 'Partner scans by status and, for failed scans, error code.', labelNames: ['status', 'error_code'], registers: [registry] });
  const scrapeErrors = new Counter({ name: 'confgate_metrics_scrape_errors_total', help: 'Scrapes whose database gauges could not be read.', registers: [registry] });
  const wasmMemoryBytes = db.wasmMemoryBytes?.bind(db);
  if (wasmMemoryBytes) {
    new Gauge({
      name: 'confgate_embedded_store_wasm_memory_bytes',
      help: 'Size of the embedded store\'s WebAssembly memory, resident as far as used; it grows when PostgreSQL inside needs more and never shrinks.',
      registers: [registry],
      collect() {
        this.set(wasmMemoryBytes());
      },
    });
  }

  const pool = () => app.analysis.stats();
  new Gauge({ name: 'confgate_analysis_threads', help: 'Analysis threads running (ANALYSIS_THREADS; started on the first analyses).', registers: [registry], collect() {
    this.set(pool().threads);
  } });
  new Gauge({ name: 'confgate_analysis_queued', help: 'Analyses waiting for a thread (503 analysis_busy beyond ANALYSIS_QUEUE_LIMIT).', registers: [registry], collect() {
    this.set(pool().queued);
  } });
  new Gauge({ name: 'confgate_analysis_held', help: 'Analyses handed to threads: running, or next in line on their thread.', registers: [registry], collect() {
    this.set(pool().held);
  } });
  new Counter({
    name: 'confgate_analysis_threads_stopped_total',
    help: 'Analysis threads stopped and replaced, by reason (timeout, exit, or the error code or name); their analyses answered 503 analysis_failed.',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      // The pool keeps the totals; the counter shows them as they are.
      this.reset();
      for (const [reason, n] of pool().stopped) this.inc({ reason }, n);
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ route, method: req.method, status: String(reply.statusCode) });
    latency.observe({ route, method: req.method }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (config.metricsToken ? !tokenMatches(req.headers.authorization, config.metricsToken) : !isLoopback(req.ip)) {
      throw new ApiError(401, 'unauthorized', config.metricsToken ? 'Send the metrics token as a Bearer token.' : 'Metrics are served to loopback only; set METRICS_TOKEN to scrape remotely.');
    }
    try {
      const [queue, scanRows] = await Promise.all([queueGauges(db, clock()), scanGauges(db)]);
      jobs.reset();
      jobAge.reset();
      scans.reset();
      for (const q of queue) {
        jobs.set({ kind: q.kind, status: q.status }, q.jobs);
        jobAge.set({ kind: q.kind, status: q.status }, Math.max(0, q.oldest_seconds ?? 0));
      }
      for (const s of scanRows) scans.set({ status: s.status, error_code: s.error_code ?? '' }, s.scans);
    } catch {
      scrapeErrors.inc();
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
