// Creates the Fastify instance with the options the app relies on (request ids, logger, body limit) and registers
// the app plugin (which sets request validation: src/http/validation.ts). `main.ts` decides what to run; tests call
// `createServer` directly.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { confgateApp } from './app.ts';
import type { AppDeps } from './context.ts';
import { errorBody, sendError } from './errors.ts';
import { answeredBeforeBody } from './linger.ts';
import { newRequestId } from './request-id.ts';

export interface ServerOptions {
  logger: Logger;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Node's default; REQUEST_TIMEOUT_MS is at least 1000, so the announced keep-alive timeout stays positive. */
const KEEP_ALIVE_BUFFER_MS = 1000;

/** Errors the router meets before any route runs (Fastify would answer them in its own shape, without an id). */
function routerError(err: FastifyError, _req: unknown, reply: FastifyReply) {
  reply.header('X-Request-Id', reply.request.id);
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, 'uri_too_long', 'A path segment is longer than any route accepts.');
  if (err.code === 'FST_ERR_BAD_URL') return sendError(reply, 400, 'bad_request', 'The URL is not valid percent-encoding.');
  return sendError(reply, 500, 'internal_error', 'An unexpected error occurred; quote the request id to support.');
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'The request did not arrive in time.'],
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large', 'The request headers are too large.'],
};

/** Requests Node's HTTP parser refuses (malformed, too slow, headers too large) never reach Fastify: answer them
 * in the envelope with a request id too, then close the connection as Node does. */
function clientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // The request was answered before its body arrived (linger.ts): one answer per request.
  if (answeredBeforeBody(socket)) {
    socket.destroy();
    return;
  }
  const [status, code, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'bad_request', 'The HTTP request is malformed.'];
  const id = newRequestId();
  const body = JSON.stringify(errorBody(code, message, id));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}

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
    // Slow clients (slowloris) cannot hold sockets: headers and body must arrive within the request timeout,
    // and a socket with no traffic at all for twice that is closed — a kept-alive one waiting for its next request
    // too (Fastify's keep-alive default, 72 s, held idle sockets whatever the setting said). Node closes a
    // kept-alive socket keepAliveTimeoutBuffer after the keep-alive timeout it announces (Keep-Alive: timeout=N),
    // so that a client reusing it at the last moment is not cut off: the two add up to twice the request timeout.
    // Node only checks the request and header timeouts every connectionsCheckingInterval (30 s by default):
    // check every second (short timeouts: 4 times each).
    requestTimeout: deps.config.requestTimeoutMs,
    connectionTimeout: 2 * deps.config.requestTimeoutMs,
    keepAliveTimeout: 2 * deps.config.requestTimeoutMs - KEEP_ALIVE_BUFFER_MS,
    http: {
      headersTimeout: deps.config.requestTimeoutMs,
      keepAliveTimeoutBuffer: KEEP_ALIVE_BUFFER_MS,
      connectionsCheckingInterval: Math.min(1000, deps.config.requestTimeoutMs / 4),
    },
    frameworkErrors: routerError,
    clientErrorHandler: clientError,
    // Request validation (strict bodies, coerced query strings and path parameters, the `x-refusal` annotation) is the
    // app's own compiler, set in src/http/app.ts: src/http/validation.ts.
  });
  await app.register(confgateApp, deps);
  return app;
}

export async function createServer(deps: AppDeps, options: ServerOptions): Promise<FastifyInstance> {
  const app = await buildServer(deps, options);
  await app.ready();
  return app;
}
