// Schemas of the Partner Scan API: the scan resource, its result (the v1 contract plus the scan's own fields)
// and the list. Registered by $id so the OpenAPI document names them.
import { Type } from 'typebox';
import type { TSchema } from 'typebox';
import type { OpenAPIV3_2 } from '@fastify/swagger';
import { SCAN_STATUSES } from '../../storage/scans.ts';
import { reportProperties } from './report.ts';

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const ScanStatusSchema = Type.Union(SCAN_STATUSES.map((s) => Type.Literal(s)), {
  description: 'queued → processing → completed | failed. Poll while queued or processing.',
});

export const ScanResultSchema = Type.Object(
  {
    ...reportProperties,
    domain: Type.String(),
    scanned_at: Timestamp('When the scan started collecting.'),
    duration_ms: Type.Integer({ minimum: 0 }),
    scanner_version: Type.String(),
    requests: Type.Integer({ minimum: 0, description: 'Connections the scan made.' }),
    checks: Type.Array(Type.Object({
      id: Type.String(),
      rule_id: Type.Optional(Type.String()),
      category: Type.String({ description: 'http, tls, dns, email or exposure.' }),
      title: Type.String(),
      status: Type.Union(['pass', 'info', 'warn', 'fail', 'not-applicable', 'error'].map((s) => Type.Literal(s))),
      evidence: Type.String(),
      points: Type.Integer({ maximum: 0 }),
    })),
    caps: Type.Array(Type.Object({
      check: Type.String(),
      max: Type.Integer(),
      reason: Type.String(),
      binding: Type.Boolean(),
    }), { description: 'Score caps that applied (e.g. an exposed .env caps the score).' }),
  },
  { $id: 'ScanResult', description: 'The v1 analysis contract of a domain scan, with every check and its evidence.' },
);

const scanProperties = {
  id: Type.String({ pattern: '^scan_[0-9a-f]{32}$' }),
  status: ScanStatusSchema,
  domain: Type.String({ description: 'The normalised domain (lower case, IDN in punycode).' }),
  created_at: Timestamp('ISO 8601 with UTC offset (+00:00).'),
  started_at: Type.Union([Timestamp('When a worker first took the scan up (kept across retries).'), Type.Null()], { description: 'Null while queued.' }),
  completed_at: Type.Union([Timestamp('When the scan ended, completed or failed.'), Type.Null()], { description: 'Null until the status is completed or failed.' }),
  status_url: Type.String({ description: 'Relative path of the scan: /api/v1/scans/<id>.' }),
  error: Type.Optional(Type.Object({
    code: Type.String({ description: 'dns_failure, target_not_allowed, unreachable, invalid_domain, scan_timeout or scan_error.' }),
    message: Type.String(),
  }, { description: 'Present when status is failed.' })),
};

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const NullableTime = (description: string) => Nullable(Timestamp(description));

export const WebhookDeliverySchema = Type.Object({
  id: Type.String({ pattern: '^dlv_[0-9a-f]{24}$' }),
  kind: Type.Union([Type.Literal('automatic'), Type.Literal('manual')], { description: 'automatic: the first attempt and its retries; manual: POST /api/v1/scans/{scan_id}/webhook.' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')], { description: 'pending: planned, not attempted yet.' }),
  attempted_at: NullableTime('When the attempt was made; null while pending.'),
  status_code: Nullable(Type.Integer({ description: 'HTTP status the receiver answered; null when no answer came.' })),
  error: Nullable(Type.String({ description: 'Why the attempt failed: `HTTP 500`, `timeout after 10000 ms`, `connection refused`, `TLS error: …`, `address not allowed: …`.' })),
  next_attempt_at: NullableTime('Pending: when it is due. Failed: when the retry it led to is due (null when none follows).'),
}, { $id: 'WebhookDelivery' });

export const ScanWebhookSchema = Type.Object({
  attempt_count: Type.Integer({ minimum: 0, description: 'Delivery attempts made, automatic and manual.' }),
  attempted_at: NullableTime('Time of the latest attempt.'),
  delivered_at: NullableTime('Time of the latest successful delivery.'),
  last_status_code: Nullable(Type.Integer({ description: 'HTTP status of the latest attempt; null when it got no answer.' })),
  last_error: Nullable(Type.String({ description: 'Error of the latest attempt; null when it succeeded.' })),
  deliveries: Type.Array(Type.Ref('WebhookDelivery'), { maxItems: 10, description: 'The ten most recent deliveries, newest first.' }),
}, { $id: 'ScanWebhook', description: 'Delivery of the scan.completed / scan.failed event to the linked webhook_url.' });

const scanResult = { result: Type.Optional(Type.Ref('ScanResult', { description: 'Present when status is completed.' })) };

export const ScanSchema = Type.Object(
  { ...scanProperties, ...scanResult, webhook: Type.Optional(Type.Ref('ScanWebhook', { description: 'Present when a webhook_url is linked.' })) },
  { $id: 'Scan' },
);

/** The body of a webhook delivery: the event, with the scan as GET /api/v1/scans/{scan_id} showed it when it
 * finished (without the webhook object). */
export const WebhookEventSchema = Type.Object({
  id: Type.String({ pattern: '^evt_[0-9a-f]{32}$', description: 'The event id, also in X-Service-Event-Id: the same in every attempt and manual replay; de-duplicate on it.' }),
  type: Type.Union([Type.Literal('scan.completed'), Type.Literal('scan.failed')]),
  created_at: Timestamp('When the scan finished and the event was created.'),
  data: Type.Object({ ...scanProperties, ...scanResult }),
}, { $id: 'WebhookEvent' });

/** A list item: the scan without its result (fetch status_url for it). */
export const ScanSummarySchema = Type.Object(scanProperties, { $id: 'ScanSummary' });

export const ScanListSchema = Type.Object({
  items: Type.Array(Type.Ref('ScanSummary'), { description: 'Newest first.' }),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `cursor` for the next page; null on the last page.' }),
});

export const CreateScanBody = Type.Object({
  domain: Type.String({ description: 'A domain name or an http(s) URL; only its host is scanned.' }),
  webhook_url: Type.Optional(Type.String({ description: 'An https:// URL (no credentials) that receives scan.completed or scan.failed.' })),
});

export const scanSchemas = [ScanResultSchema, WebhookDeliverySchema, ScanWebhookSchema, ScanSchema, ScanSummarySchema, WebhookEventSchema];


/** One event as an OpenAPI 3.1 webhook: a POST the service sends to the partner's webhook_url. */
const webhookOperation = (type: string, operationId: string, when: string): OpenAPIV3_2.PathItemObject => ({
  post: {
    tags: ['partner'],
    operationId,
    summary: `${type}: ${when}`,
    // No security scheme: the receiver authenticates the request by its signature headers below.
    security: [],
    description: "Sent to the scan's webhook_url. First attempt at once; up to four retries (by default after 1, 5, 15 and 60 minutes); "
      + 'a manual retry (POST /api/v1/scans/{scan_id}/webhook) sends the same bytes again. Verification: docs/webhooks.md.',
    parameters: [
      { name: 'X-Service-Signature', in: 'header', required: true, schema: { type: 'string', pattern: '^v1=[0-9a-f]{64}$' }, description: 'v1=<hex HMAC-SHA256 of `<timestamp>.<raw body>`>, keyed with the 32 raw bytes of SHA-256(the API key that created the scan).' },
      { name: 'X-Service-Timestamp', in: 'header', required: true, schema: { type: 'string', pattern: '^[0-9]+$' }, description: 'Unix seconds when this attempt was signed; reject it when more than 5 minutes away from your clock.' },
      { name: 'X-Service-Event-Id', in: 'header', required: true, schema: { type: 'string', pattern: '^evt_[0-9a-f]{32}$' }, description: 'The event id (as in the body): de-duplicate on it.' },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookEvent' } } } },
    responses: {
      '2XX': { description: 'Received. Any 2xx within the timeout (10 s by default) counts; redirects and every other answer are failures.' },
    },
  },
});

/** The `webhooks` section of the OpenAPI 3.1 document: what the service sends to partners. */
export const scanWebhooks = {
  'scan.completed': webhookOperation('scan.completed', 'scanCompletedWebhook', 'a scan with a webhook_url reached completed.'),
  'scan.failed': webhookOperation('scan.failed', 'scanFailedWebhook', 'a scan with a webhook_url reached failed.'),
};
