// Creates the Fastify instance with the options the app relies on (request ids, logger, body limit, strict
// validation) and registers the app plugin. `main.ts` decides what to run; tests call `createServer` directly.
import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { confgateApp } from './app.ts';
import type { AppDeps } from './context.ts';
import { newRequestId } from './request-id.ts';

export interface ServerOptions {
  logger: Logger;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The configured instance with the app registered, not yet ready: callers may add routes or hooks. */
export async function buildServer(deps: AppDeps, options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    // Fastify's own per-request lines would log URLs; app.ts logs one line per request with the route pattern.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    genReqId: newRequestId,
    requestIdHeader: false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Each member of the union is a valid trustProxy value; the overloads cannot pick one for a union.
    trustProxy: deps.config.trustProxy as boolean,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  await app.register(confgateApp, deps);
  return app;
}

export async function createServer(deps: AppDeps, options: ServerOptions): Promise<FastifyInstance> {
  const app = await buildServer(deps, options);
  await app.ready();
  return app;
}
