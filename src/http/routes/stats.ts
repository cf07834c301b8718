// GET /api/stats: the daily aggregate counters, the only data public analyses leave behind.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { countsBetween } from '../../storage/analysis-counters.ts';
import { ApiError } from '../errors.ts';
import { envelope, errorResponses } from '../schemas/common.ts';
import { typed } from '../type-provider.ts';

const Counts = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));

export async function statsRoutes(instance: FastifyInstance): Promise<void> {
  const app = typed(instance);
  app.get('/api/stats', {
    schema: {
      tags: ['analysis'],
      operationId: 'getStats',
      summary: 'Aggregate analysis counts per day, file type, score bucket and severity.',
      querystring: Type.Object({ days: Type.Optional(Type.String({ description: 'Days back from today (UTC), 1–90; default 30.' })) }),
      response: {
        200: envelope(Type.Object({
          from: Type.String(),
          to: Type.String(),
          total: Type.Integer({ minimum: 0 }),
          by_file_type: Counts,
          by_severity: Counts,
          by_score_bucket: Counts,
          daily: Type.Array(Type.Object({ day: Type.String(), analyses: Type.Integer({ minimum: 0 }) })),
        })),
        ...errorResponses(422),
      },
    },
  }, async (req) => {
    const raw = req.query.days ?? '30';
    if (!/^\d{1,2}$/.test(raw) || Number(raw) < 1 || Number(raw) > 90) throw new ApiError(422, 'invalid_request', 'query.days must be an integer from 1 to 90.');
    const to = app.deps.clock();
    const from = new Date(to.getTime() - (Number(raw) - 1) * 86_400_000);
    const rows = await countsBetween(app.deps.db, from.toISOString().slice(0, 10), to.toISOString().slice(0, 10));
    const add = (acc: Record<string, number>, key: string, n: number) => ((acc[key] = (acc[key] ?? 0) + n), acc);
    const byFileType: Record<string, number> = {};
    const bySeverity: Record<string, number> = {};
    const byBucket: Record<string, number> = {};
    const daily: Record<string, number> = {};
    for (const r of rows) {
      add(byFileType, r.file_type, r.analyses);
      add(bySeverity, r.severity, r.analyses);
      add(byBucket, String(r.score_bucket), r.analyses);
      add(daily, r.day, r.analyses);
    }
    return {
      request_id: req.id,
      data: {
        from: from.toISOString().slice(0, 10),
        to: to.toISOString().slice(0, 10),
        total: rows.reduce((n, r) => n + r.analyses, 0),
        by_file_type: byFileType,
        by_severity: bySeverity,
        by_score_bucket: byBucket,
        daily: Object.entries(daily).map(([day, analyses]) => ({ day, analyses })),
      },
    };
  });
}
