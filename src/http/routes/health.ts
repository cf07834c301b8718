import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { envelope, errorRef } from '../schemas/common.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', {
    schema: {
      tags: ['operations'],
      operationId: 'getLiveness',
      summary: 'Liveness: the process is up.',
      response: { 200: envelope(Type.Object({ status: Type.Literal('ok') })) },
    },
  }, async (req) => ({ request_id: req.id, data: { status: 'ok' as const } }));

  app.get('/readyz', {
    schema: {
      tags: ['operations'],
      operationId: 'getReadiness',
      summary: 'Readiness: the database answers.',
      response: { 200: envelope(Type.Object({ status: Type.Literal('ready'), store: Type.String() })), 503: errorRef },
    },
  }, async (req, reply) => {
    try {
      await app.deps.db.query('SELECT 1');
    } catch {
      return reply.code(503).send({ error: { code: 'not_ready', message: 'The database is not reachable.', request_id: req.id } });
    }
    return { request_id: req.id, data: { status: 'ready' as const, store: app.deps.db.kind } };
  });
}
