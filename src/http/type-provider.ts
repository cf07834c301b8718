// The routes' request types come from their TypeBox schemas, which Fastify validates before a handler runs: a
// route made through `typed(app)` sees `req.body`, `req.params` and `req.query` as `Static<schema>`, so handlers
// read request parts without casts. (What @fastify/type-provider-typebox does, in the few lines we need, for the
// `typebox` package: no dependency.) Responses keep their own check: the schema's serializer and the OpenAPI tests.
import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { Static, TSchema } from 'typebox';

export interface TypeBoxTypes extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: unknown;
}

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<TypeBoxTypes>();
}
