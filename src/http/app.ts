// The Fastify application as a plugin: error envelope, request ids, security headers, OpenAPI, and every
// route. `server.ts` creates the Fastify instance with the options this plugin relies on and registers it.
import fp from 'fastify-plugin';
import type { AnySchemaObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './context.ts';
import { AnalysisPool } from './analysis-pool.ts';
import { openReadCache } from './read-cache.ts';
import { ApiError, errorBody, sendError } from './errors.ts';
import { StoreUnavailableError } from '../storage/db.ts';
import { lingerOnEarlyAnswer } from './linger.ts';
import { MethodIndex } from './method-router.ts';
import { ErrorEnvelope } from './schemas/common.ts';
import { contractSchemas } from './schemas/report.ts';
import { healthRoutes } from './routes/health.ts';
import rateLimit from '@fastify/rate-limit';
import { analyzeRoutes } from './routes/analyze.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { statsRoutes } from './routes/stats.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { analysisSchemas } from './schemas/analysis.ts';
import { telemetry } from './telemetry.ts';
import { partnerAccounts } from './routes/partner.ts';
import { scanRoutes } from './routes/scans.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { scanSchemas } from './schemas/scans.ts';
import { openApi } from './openapi.ts';
import { requestValidatorCompiler } from './validation.ts';
import { staticRoutes } from './routes/static.ts';
import { publicPages } from '../web/public/index.ts';
import { rulePages } from '../web/rules/index.ts';
import { sendNotFoundPage, wantsHtml } from '../web/shared/not-found.ts';

const VERSION = '1.0.0';

/** The schema of the value at `instancePath` (`/rules/disable/0`) inside the schema of a request part. */
function schemaAt(schema: unknown, instancePath: string): Record<string, unknown> | undefined {
  let node = schema as Record<string, unknown> | undefined;
  for (const segment of instancePath.split('/').slice(1)) {
    const properties = node?.['properties'] as Record<string, Record<string, unknown>> | undefined;
    node = properties && Object.hasOwn(properties, segment) ? properties[segment] : (node?.['items'] as Record<string, unknown> | undefined);
  }
  return node;
}

/** A validation error as one readable sentence naming the field: `body.filename is required`. The query string is
 * named `query`, as the API documents it (`query.limit`). A field whose schema carries an `x-refusal` sentence
 * answers with it whatever the keyword that failed (type, pattern, enum...): `query.limit must be an integer from
 * 1 to 100`. */
function describeValidation(err: FastifyError, schemas: Record<string, unknown> | undefined): string {
  const first = err.validation?.[0];
  if (!first) return 'The request is invalid.';
  const context = err.validationContext ?? 'body';
  const where = context === 'querystring' ? 'query' : context;
  // `/rules/disable/0` -> `rules.disable[0]`.
  const base = first.instancePath.replace(/^\//, '').replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.');
  const params = first.params as Record<string, unknown>;
  if (first.keyword === 'required') {
    const missing = String(params['missingProperty'] ?? '');
    return `${[where, base, missing].filter(Boolean).join('.')} is required`;
  }
  const field = [where, base].filter(Boolean).join('.');
  const refusal = first.instancePath ? schemaAt(schemas?.[context], first.instancePath)?.['x-refusal'] : undefined;
  if (typeof refusal === 'string') return `${field} ${refusal}`;
  if (first.keyword === 'type') return `${field} must be of type ${String(params['type'])}`;
  if (first.keyword === 'enum') return `${field} must be one of: ${(params['allowedValues'] as unknown[]).join(', ')}`;
  if (first.keyword === 'additionalProperties') return `${field} has a field it does not know: ${String(params['additionalProperty']).slice(0, 40)}`;
  return `${field} ${first.message ?? 'is invalid'}`;
}

function toErrorReply(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ApiError) {
    reply.headers(err.headers);
    return sendError(reply, err.status, err.code, err.message);
  }
  if (err.validation) return sendError(reply, 422, 'invalid_request', describeValidation(err, req.routeOptions.schema as Record<string, unknown> | undefined));
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      // Fastify's parser gives this one error for bad syntax and for prototype-poisoning keys in valid JSON.
      return sendError(reply, 400, 'invalid_json', 'The body is not valid JSON, or it has a __proto__ or constructor.prototype key.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return sendError(reply, 400, 'invalid_json', 'The body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendError(reply, 413, 'payload_too_large', `The request body is larger than this route accepts (${reply.routeOptions.bodyLimit ?? 'its limit'} bytes).`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return sendError(reply, 415, 'unsupported_media_type', 'Send the body as application/json.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return sendError(reply, 400, 'bad_request', 'The body is not as long as its Content-Length says.');
  }
  if (err instanceof SyntaxError || err.statusCode === 400) {
    return sendError(reply, 400, 'invalid_json', 'The body is not valid JSON.');
  }
  if (err instanceof StoreUnavailableError) {
    // The database is down or restarting: transient, the client should retry (as /readyz says meanwhile).
    req.log.warn({ err: { type: err.name } }, 'database not reachable');
    reply.header('Retry-After', '1');
    return sendError(reply, 503, 'not_ready', 'The service cannot reach its database right now; retry with increasing delay.');
  }
  if (err.statusCode === 413) return sendError(reply, 413, 'payload_too_large', 'The request body is too large.');
  if (err.statusCode === 415) return sendError(reply, 415, 'unsupported_media_type', 'Send the body as application/json.');
  // Unexpected: log the type and stack frames but not the message, which could echo request data.
  req.log.error({ err: { type: err.name, code: err.code, stack: err.stack?.split('\n').slice(1).join('\n') } }, 'unhandled error');
  return sendError(reply, 500, 'internal_error', 'An unexpected error occurred; quote the request id to support.');
}

async function confgate(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.decorate('deps', deps);
  const reads = await openReadCache(deps.db, (err) => app.log.warn({ error: err.message }, 'cannot listen for changes: partner reads are not cached'));
  app.decorate('readCache', reads.cache);
  app.addHook('onClose', () => reads.close());
  const analysis = new AnalysisPool(deps.config.analysis, { helpBaseUrl: deps.config.publicBaseUrl }, app.log);
  app.decorate('analysis', analysis);
  app.addHook('onClose', () => analysis.close());
  const methods = new MethodIndex();
  app.addHook('onRoute', (route) => methods.add(route.method, route.url));

  // JSON is the only body the API takes; forms register their own parser where needed.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    lingerOnEarlyAnswer(req);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    // One line per request: route pattern, never the URL's query or the body.
    req.log.info({ route: req.routeOptions.url ?? 'unmatched', method: req.method, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  app.setErrorHandler((err: FastifyError, req, reply) => toErrorReply(err, req, reply));
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const allowed = methods.allowed(path);
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      return sendError(reply, 405, 'method_not_allowed', `${req.method} is not allowed here; use ${allowed.join(' or ')}.`);
    }
    // A browser navigating to a page that does not exist gets a page; API clients keep the JSON envelope.
    if ((req.method === 'GET' || req.method === 'HEAD') && wantsHtml(req.headers.accept) && !path.startsWith('/api/')) {
      return sendNotFoundPage(reply, deps.config.publicBaseUrl);
    }
    return sendError(reply, 404, 'not_found', 'No such route.');
  });

  for (const schema of [ErrorEnvelope, ...contractSchemas, ...analysisSchemas, ...scanSchemas]) app.addSchema(schema);
  // Strict bodies and headers, coerced query strings and path parameters (src/http/validation.ts): set here, after the
  // shared schemas it must hold and before the routes' plugins, which take the compiler of this scope when registered.
  app.setValidatorCompiler<AnySchemaObject>(requestValidatorCompiler(app.getSchemas()));
  await openApi(app, VERSION);

  await telemetry(app);
  await metricsRoutes(app); // in the root scope, before any route, so its response hook sees every route
  // Per-route limits only (routes opt in through `config.rateLimit`); counted per client address.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => new ApiError(429, 'rate_limited', `Too many requests; retry in ${Math.ceil(ctx.ttl / 1000)} s.`),
  });
  await app.register(partnerAccounts);
  await app.register(scanRoutes);
  await app.register(webhookRoutes);
  await app.register(healthRoutes);
  await app.register(analyzeRoutes);
  await app.register(catalogueRoutes);
  await app.register(statsRoutes);
  await app.register(staticRoutes);
  await app.register(publicPages);
  await app.register(rulePages);
}

export const confgateApp = fp(confgate, { name: 'confgate', fastify: '5.x' });
export { errorBody, VERSION };
