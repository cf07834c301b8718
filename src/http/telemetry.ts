// What the API keeps about its own use: technical security logs (one row per request, no content) and the
// daily analysis counters. Both are buffered and written in batches; closing the app flushes them.
import type { FastifyInstance } from 'fastify';
import { BatchWriter } from '../storage/batch.ts';
import { addCounts, mergeCounts, scoreBucket } from '../storage/analysis-counters.ts';
import type { CounterKey } from '../storage/analysis-counters.ts';
import { insertSecurityLog } from '../storage/security-log.ts';
import type { SecurityLogEntry } from '../storage/security-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts one analysis of each (file type, score, severity): the only durable trace of public analyses. */
    countAnalyses(items: { fileType: string; score: number; severity: string }[]): void;
  }
}

/** Probes and documentation assets are not security-relevant and would drown the log. */
const UNLOGGED = new Set(['/healthz', '/readyz', '/docs/static/*', '/docs/*', '/assets/:name', '/metrics']);

export async function telemetry(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.deps;
  const onError = (what: string) => (err: Error, dropped: number) => app.log.warn({ error: err.message, dropped }, `could not write ${what}`);
  // A busy second is thousands of rows: written 250 at a time (a few ms each on the embedded store's event loop), with
  // requests served between chunks. As one statement of 2000 rows after another, a flush at 8000 requests a second held
  // the event loop up to 160 ms, and requests' p99 latency was 90–120 ms; in chunks of 250 it is 7–14 ms
  // (bench/README.md).
  const securityLog = new BatchWriter<SecurityLogEntry>((items) => insertSecurityLog(db, items), { intervalMs: 1000, maxItems: 50_000, maxPerWrite: 250, onError: onError('security log') });
  const counters = new BatchWriter<CounterKey>((keys) => addCounts(db, mergeCounts(keys)), { intervalMs: 1000, maxItems: 50_000, onError: onError('analysis counters') });

  app.decorate('countAnalyses', (items: { fileType: string; score: number; severity: string }[]) => {
    const day = clock().toISOString().slice(0, 10);
    for (const i of items) counters.add({ day, fileType: i.fileType, scoreBucket: scoreBucket(i.score), severity: i.severity });
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (UNLOGGED.has(route)) return;
    securityLog.add({
      at: clock(),
      clientIp: req.ip,
      method: req.method,
      route,
      status: reply.statusCode,
      requestId: req.id,
      userAgent: req.headers['user-agent'],
    });
  });

  // Runs before the store closes (main.ts closes the server first).
  app.addHook('onClose', async () => {
    await Promise.all([securityLog.flush(), counters.flush()]);
  });
}
