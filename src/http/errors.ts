// The error catalogue: every error the API returns, with its status. Bodies always take the envelope
// `{"error": {"code", "message", "request_id"}}`; messages never contain submitted content or internals.
import type { FastifyReply } from 'fastify';

export const ERRORS = {
  invalid_json: { status: 400, description: 'The body is not valid JSON.' },
  unauthorized: { status: 401, description: 'Missing, malformed, unknown or revoked API key, or an account without access.' },
  forbidden: { status: 403, description: 'The request is not allowed (e.g. a failed CSRF check).' },
  not_found: { status: 404, description: 'No such route or resource.' },
  method_not_allowed: { status: 405, description: 'The route exists but not for this method; see the Allow header.' },
  conflict: { status: 409, description: 'The request conflicts with the current state.' },
  payload_too_large: { status: 413, description: 'The request body is larger than this route accepts.' },
  unsupported_media_type: { status: 415, description: 'The body must be sent as application/json.' },
  key_limit_reached: { status: 422, description: 'The account already has five active API keys; revoke one first.' },
  invalid_request: { status: 422, description: 'A field is missing or has the wrong type or value; the message names it.' },
  quota_exceeded: { status: 429, description: 'The monthly scan quota is used up; wait until X-RateLimit-Reset.' },
  rate_limited: { status: 429, description: 'Too many requests; retry after the Retry-After header.' },
  internal_error: { status: 500, description: 'An unexpected error; quote the request id to support.' },
  not_ready: { status: 503, description: 'A dependency (the database) is not reachable.' },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** An error a handler throws to answer with a specific status and code. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export function errorBody(code: string, message: string, requestId: string) {
  return { error: { code, message, request_id: requestId } };
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(code, message, reply.request.id));
}
