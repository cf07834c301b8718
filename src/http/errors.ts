// The error catalogue: every error the API returns, with its status. Bodies always take the envelope
// `{"error": {"code", "message", "request_id"}}`; messages never contain submitted content or internals.
import type { FastifyReply } from 'fastify';

export const ERRORS = {
  bad_request: { status: 400, description: 'The request is malformed at the HTTP level (e.g. an invalid header).' },
  invalid_json: { status: 400, description: 'The body is not valid JSON.' },
  unauthorized: { status: 401, description: 'Missing, malformed, unknown or revoked API key, or an account without access.' },
  forbidden: { status: 403, description: 'The request is not allowed (e.g. a failed CSRF check).' },
  not_found: { status: 404, description: 'No such route or resource (including scans of other keys).' },
  method_not_allowed: { status: 405, description: 'The route exists but not for this method; see the Allow header.' },
  request_timeout: { status: 408, description: 'The request (headers and body) did not arrive within REQUEST_TIMEOUT_MS; the connection is closed.' },
  idempotency_conflict: { status: 409, description: 'The Idempotency-Key was used before with a different domain or webhook.' },
  webhook_not_configured: { status: 409, description: 'Webhook retry on a scan without a webhook URL.' },
  scan_not_finished: { status: 409, description: 'Webhook retry before the scan is completed or failed.' },
  payload_too_large: { status: 413, description: 'The request body is larger than this route accepts.' },
  file_too_large: { status: 413, description: 'A file is over 100 KB (1 KB = 1000 bytes) of UTF-8.' },
  project_too_large: { status: 413, description: 'The files of a project total over 500 KB.' },
  uri_too_long: { status: 414, description: 'The request URL is too long.' },
  unsupported_media_type: { status: 415, description: 'The body must be sent as application/json.' },
  invalid_request: { status: 422, description: 'A field is missing or has the wrong type or value; the message names it.' },
  unsupported_file_type: { status: 422, description: 'The file is no supported type; the message lists the accepted file_type values.' },
  too_many_files: { status: 422, description: 'More than 10 files in a project.' },
  duplicate_filename: { status: 422, description: 'Two files of a project have the same name.' },
  invalid_domain: { status: 422, description: 'The domain or URL cannot be scanned (IP literal, internal or reserved name, no public suffix, credentials, other scheme).' },
  key_limit_reached: { status: 422, description: 'The account already has five active API keys; revoke one first.' },
  quota_exceeded: { status: 429, description: 'The monthly scan quota is used up; wait until X-RateLimit-Reset.' },
  rate_limited: { status: 429, description: 'Too many requests; retry after the Retry-After header.' },
  headers_too_large: { status: 431, description: 'The request headers (the URL included) are larger than 16 KiB.' },
  internal_error: { status: 500, description: 'An unexpected error; quote the request id to support.' },
  analysis_busy: { status: 503, description: 'Too many analyses are waiting for a thread (ANALYSIS_QUEUE_LIMIT); retry after the Retry-After header.' },
  analysis_failed: { status: 503, description: 'The analysis did not complete (it ran past ANALYSIS_TIMEOUT_MS, or its thread stopped); nothing was counted. Retry; quote the request id if it repeats.' },
  not_ready: { status: 503, description: 'A dependency (the database) is not reachable.' },
  scan_failed: { status: 503, description: 'The scan could not be accepted (e.g. the database is down); retry with increasing delay.' },
  webhook_retry_failed: { status: 503, description: 'The manual webhook delivery failed; the cause is in webhook.last_error.' },
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
