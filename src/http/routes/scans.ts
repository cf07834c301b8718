// The Partner Scan API: POST /api/v1/scans (create, idempotent), GET /api/v1/scans (the key's history) and
// GET /api/v1/scans/{scan_id}. Authentication comes from partner-auth (every /api/v1/ route). A creation is the
// life cycle's `createScan` (src/lifecycle/scans.ts): idempotency key, quota, scan and job in one transaction.
import { Type } from 'typebox';
import type { Static } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validateWebhookUrl } from '../../net/index.ts';
import { normalizeDomain } from '../../scan/index.ts';
import { createScan } from '../../lifecycle/scans.ts';
import type { Creation } from '../../lifecycle/scans.ts';
import type { Queryable } from '../../storage/db.ts';
import { scanDetail, scanView } from '../../lifecycle/scan-view.ts';
import { listScans, SCAN_ID, SCAN_STATUSES, scanOfKey } from '../../storage/scans.ts';
import type { ScanRow, ScanStatus, ScanSummary } from '../../storage/scans.ts';
import { webhookStatus } from '../../lifecycle/webhook-view.ts';
import { ApiError } from '../errors.ts';
import { typed } from '../type-provider.ts';
import { envelope, errorResponses } from '../schemas/common.ts';
import { CreateScanBody, ScanListSchema } from '../schemas/scans.ts';
import { partnerOf, quotaExceeded, quotaHeaders } from './partner-auth.ts';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
/** Visible ASCII, as in HTTP header values; long enough for UUIDs, hashes and composite keys. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Fixed messages per refusal code of `normalizeDomain`: errors never echo submitted content. */
const DOMAIN_REFUSALS: Record<string, string> = {
  invalid: 'domain is not a valid domain name or URL',
  scheme: 'domain may only be a bare name or an http(s) URL',
  credentials: 'domain must not contain credentials',
  port: 'domain may only use ports 80 and 443',
  'ip-literal': 'domain must be a domain name, not an IP address',
  'too-long': 'domain is too long',
  'label-too-long': 'domain has a label longer than 63 characters',
  'bad-characters': 'domain contains characters not allowed in host names',
  reserved: 'domain is under a reserved or internal suffix',
  'single-label': 'domain must be fully qualified (e.g. example.com)',
  'no-public-suffix': 'domain is not under a public suffix',
};

const WEBHOOK_REFUSALS: Record<string, string> = {
  scheme: 'webhook_url must use https://',
  credentials: 'webhook_url must not contain credentials',
  'ip-literal': 'webhook_url must name its host, not give an IP address',
  'too-long': 'webhook_url is too long',
};

const CURSOR_REFUSAL = 'is not a cursor this API returned; pass next_cursor unchanged';

/** Cursor: base64url of the last item's `created_at|id`. Opaque to clients; validated on the way in. */
function encodeCursor(row: ScanSummary): string {
  return Buffer.from(`${new Date(row.created_at).toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(raw: string): { createdAt: Date; id: string } | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw)) return undefined;
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|(scan_[0-9a-f]{32})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!m) return undefined;
  const createdAt = new Date(m[1]!);
  return Number.isNaN(createdAt.getTime()) ? undefined : { createdAt, id: m[2]! };
}

function invalid(message: string): ApiError {
  return new ApiError(422, 'invalid_request', message);
}

function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY.test(raw)) {
    throw invalid('The Idempotency-Key header must be 1 to 255 visible ASCII characters, sent once.');
  }
  return raw;
}

/** The list's query, checked by this schema before the handler runs: `limit` an integer (query strings are coerced,
 * a number written in decimal digits only: src/http/validation.ts), so the OpenAPI document says what the API takes.
 * A bad value is 422 `invalid_request` with its `x-refusal` sentence (src/http/app.ts), as documented: `query.limit must
 * be an integer from 1 to 100`. Leading zeros spell the number (`001`, `0100`); `limit` absent is the default. */
const ListQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: `1–${MAX_LIMIT}, default ${DEFAULT_LIMIT}.`, 'x-refusal': `must be an integer from 1 to ${MAX_LIMIT}` })),
  status: Type.Optional(Type.Union(SCAN_STATUSES.map((s) => Type.Literal(s)), { 'x-refusal': `must be one of ${SCAN_STATUSES.join(', ')}` })),
  cursor: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,200}$', description: "The previous page's next_cursor, unchanged.", 'x-refusal': CURSOR_REFUSAL })),
});

interface ListQuery {
  limit: number;
  status?: ScanStatus;
  after?: { createdAt: Date; id: string };
}

/** The validated query as the store reads it; a cursor of the right form that this API did not make is refused here. */
function listQuery(query: Static<typeof ListQuerySchema>): ListQuery {
  const out: ListQuery = { limit: query.limit ?? DEFAULT_LIMIT };
  if (query.status !== undefined) out.status = query.status;
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor);
    if (!after) throw invalid(`query.cursor ${CURSOR_REFUSAL}`);
    out.after = after;
  }
  return out;
}

/** A request id's stand-in in a cached body: the same length and form, and the body's first value. */
const REQUEST_ID_SLOT = `req_${'0'.repeat(16)}`;

/** The 200 envelope of `data`, serialized by the route's response schema and encoded once, for the read cache (a
 * scan's result is most of a detail's cost to serialize and encode), split around the request id. */
function serializedOnce(reply: FastifyReply, data: unknown): [Buffer, Buffer] {
  const body = Buffer.from(reply.serialize({ request_id: REQUEST_ID_SLOT, data }) as string, 'utf8');
  const at = body.indexOf(REQUEST_ID_SLOT);
  return [body.subarray(0, at), body.subarray(at + REQUEST_ID_SLOT.length)];
}

/** A cached body with this request's id; bytes with a JSON type are sent as they are. */
function sendSerialized(reply: FastifyReply, requestId: string, [head, tail]: [Buffer, Buffer]): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(Buffer.concat([head, Buffer.from(requestId, 'latin1'), tail]));
}

/** The scan `id` of the calling key, or 404 `not_found` (unknown, malformed and foreign ids alike). */
export async function ownScan(db: Queryable, req: FastifyRequest, id: string): Promise<ScanRow> {
  const scan = SCAN_ID.test(id) ? await scanOfKey(db, partnerOf(req).keyId, id) : undefined;
  if (!scan) throw new ApiError(404, 'not_found', 'No scan with this id was created with this API key.');
  return scan;
}

export async function scanRoutes(instance: FastifyInstance): Promise<void> {
  const app = typed(instance);
  const { db, clock, config } = app.deps;

  app.post('/api/v1/scans', {
    schema: {
      tags: ['partner'],
      operationId: 'createScan',
      summary: 'Create a scan of a domain (asynchronous).',
      description: 'Requires `Authorization: Bearer <API key>`. Optional `Idempotency-Key` header (1–255 visible ASCII characters): '
        + 'the same key with the same request returns the existing scan with `Idempotent-Replayed: true` and consumes no quota; '
        + 'with another domain or webhook it gives 409 `idempotency_conflict`. A new scan consumes one unit of the monthly quota '
        + 'and carries the X-RateLimit-* headers. Errors: 422 `invalid_request` (domain missing or not a string, bad webhook_url), '
        + '422 `invalid_domain`, 429 `quota_exceeded`, 503 `scan_failed` (the scan could not be accepted; retry later).',
      headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ description: '1–255 visible ASCII characters; one distinct value per new scan.' })) }),
      body: CreateScanBody,
      response: { 202: envelope(Type.Ref('Scan')), ...errorResponses(400, 401, 409, 413, 415, 422, 429, 503) },
    },
  }, async (req, reply) => {
    const partner = partnerOf(req);
    const body = req.body;
    const idempotencyKey = idempotencyKeyOf(req);
    const domain = normalizeDomain(body.domain);
    if (!domain.ok) throw new ApiError(422, 'invalid_domain', `The domain cannot be scanned: ${DOMAIN_REFUSALS[domain.code] ?? 'domain is not a valid public domain name'}.`);
    let webhookUrl: string | null = null;
    if (body.webhook_url !== undefined) {
      const webhook = validateWebhookUrl(body.webhook_url, { allowedCidrs: config.scan.allowedCidrs });
      if (!webhook.ok) throw invalid(`${WEBHOOK_REFUSALS[webhook.code] ?? 'webhook_url must be an https:// URL on a public host name'}.`);
      webhookUrl = webhook.url;
    }
    let created: Creation;
    try {
      const request = { accountId: partner.accountId, keyId: partner.keyId, domain: domain.domain, webhookUrl, ...(idempotencyKey !== undefined ? { idempotencyKey } : {}) };
      created = await createScan(db, request, clock(), config.scan.maxAttempts);
    } catch (err) {
      req.log.error({ err: { type: (err as Error).name, stack: (err as Error).stack?.split('\n').slice(1).join('\n') } }, 'scan creation failed');
      throw new ApiError(503, 'scan_failed', 'The scan could not be accepted right now; retry with increasing delay and quote the request id to support.');
    }
    if (created.kind === 'idempotency-conflict') throw new ApiError(409, 'idempotency_conflict', 'This Idempotency-Key was already used with a different domain or webhook_url.');
    if (created.kind === 'quota-exceeded') throw quotaExceeded(created.quota);
    if (created.kind === 'created') reply.headers(quotaHeaders(created.quota));
    else reply.header('Idempotent-Replayed', 'true');
    return reply.code(202).send({ request_id: req.id, data: scanView(created.scan) });
  });

  app.get('/api/v1/scans', {
    schema: {
      tags: ['partner'],
      operationId: 'listScans',
      summary: "The calling API key's scans, newest first.",
      description: 'Requires `Authorization: Bearer <API key>`; lists only scans created with that key. Consumes no quota. '
        + '`limit` 1–100 (default 20), `status` one of queued, processing, completed, failed, `cursor` = the previous page\'s next_cursor. '
        + 'Items carry no result: fetch status_url. A bad parameter gives 422 `invalid_request` naming it.',
      querystring: ListQuerySchema,
      response: { 200: envelope(ScanListSchema), ...errorResponses(401, 422, 429) },
    },
  }, async (req, reply) => {
    const { keyId } = partnerOf(req);
    const query = listQuery(req.query);
    // One more than asked: whether a next page exists without a count query.
    const page = `list:${keyId}:${query.limit}:${query.status ?? ''}:${query.after ? `${query.after.createdAt.toISOString()}|${query.after.id}` : ''}`;
    const body = await app.readCache.get(page, ['scans'], async () => {
      const rows = await listScans(db, keyId, { ...query, limit: query.limit + 1 });
      const items = rows.slice(0, query.limit);
      const last = items[items.length - 1];
      return serializedOnce(reply, { items: items.map(scanView), next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null });
    });
    return sendSerialized(reply, req.id, body);
  });

  app.get('/api/v1/scans/:scan_id', {
    schema: {
      tags: ['partner'],
      operationId: 'getScan',
      summary: 'One scan: result when completed, error when failed, webhook delivery status when a webhook is linked.',
      description: 'Requires `Authorization: Bearer <API key>`. Consumes no quota. An unknown id and a scan of another API key '
        + 'both give 404 `not_found`. `webhook` (only with a webhook_url) summarises the deliveries of the scan event and lists the ten most recent.',
      params: Type.Object({ scan_id: Type.String() }),
      response: { 200: envelope(Type.Ref('Scan')), ...errorResponses(401, 404, 429) },
    },
  }, async (req, reply) => {
    const id = req.params.scan_id;
    const body = await app.readCache.get(`scan:${partnerOf(req).keyId}:${id}`, ['scans', 'webhook_events', 'webhook_deliveries'], async () => {
      const scan = await ownScan(db, req, id);
      return serializedOnce(reply, { ...scanDetail(scan), ...(scan.webhook_url ? { webhook: await webhookStatus(db, scan.id) } : {}) });
    });
    return sendSerialized(reply, req.id, body);
  });
}
