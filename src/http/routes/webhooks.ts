// POST /api/v1/scans/{scan_id}/webhook: the manual retry. It replays the stored event (the same bytes, the same
// event id, a fresh timestamp and signature) to the linked URL now, as an extra delivery marked manual, and
// answers with the attempt's outcome. It never reruns the scan and consumes no quota. The attempt happens
// outside any transaction; its outcome is recorded in one.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { isFinished } from '../../storage/scans.ts';
import { eventOfScan, recordManualAttempt } from '../../storage/webhook-deliveries.ts';
import { sendEvent } from '../../webhooks/deliver.ts';
import { webhookStatus } from '../../lifecycle/webhook-view.ts';
import { ApiError } from '../errors.ts';
import { envelope, errorResponses } from '../schemas/common.ts';
import { ownScan } from './scans.ts';
import { typed } from '../type-provider.ts';

/** Room for `{}` and whitespace: the route takes no body, but clients that always send JSON must not fail. */
const BODY_LIMIT = 64;

export async function webhookRoutes(instance: FastifyInstance): Promise<void> {
  const app = typed(instance);
  const { db, clock, config } = app.deps;

  // This plugin is encapsulated: the tolerant parser applies to its route only. An empty body with a JSON
  // content type is accepted (Fastify's parser refuses it); a body that is not JSON is still 400 invalid_json.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, (body as string).trim() === '' ? undefined : JSON.parse(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  app.post('/api/v1/scans/:scan_id/webhook', {
    bodyLimit: BODY_LIMIT,
    schema: {
      tags: ['partner'],
      operationId: 'retryScanWebhook',
      summary: 'Retry the webhook delivery of a finished scan now (manual retry).',
      description: 'Requires `Authorization: Bearer <API key>`. No request body. Sends the stored scan.completed / scan.failed event again '
        + '(same body and event id, fresh timestamp and signature) as an extra delivery of kind manual and answers with the updated webhook '
        + 'object. Never reruns the scan; consumes no quota. Errors: 404 `not_found` (unknown scan or another key\'s), '
        + '409 `webhook_not_configured`, 409 `scan_not_finished`, 503 `webhook_retry_failed` (the attempt failed; the cause is in the '
        + 'message and in webhook.last_error).',
      params: Type.Object({ scan_id: Type.String() }),
      response: { 200: envelope(Type.Ref('ScanWebhook')), ...errorResponses(400, 401, 404, 409, 413, 415, 429, 503) },
    },
  }, async (req) => {
    const scan = await ownScan(db, req, req.params.scan_id);
    if (!scan.webhook_url) throw new ApiError(409, 'webhook_not_configured', 'This scan has no webhook_url, so there is no delivery to retry.');
    if (!isFinished(scan.status)) throw new ApiError(409, 'scan_not_finished', 'The scan is still queued or processing; its event is delivered when it finishes.');
    // finishScan stores the event with the final state, so a finished scan with a webhook always has one.
    const event = (await eventOfScan(db, scan.id))!;
    const now = clock();
    const outcome = await sendEvent(db, app.serverKeys, config, event, now);
    await db.transaction((tx) => recordManualAttempt(tx, event.id, outcome, now));
    if (!outcome.ok) throw new ApiError(503, 'webhook_retry_failed', `The webhook delivery failed: ${outcome.error}. The scan's webhook.last_error records it.`);
    return { request_id: req.id, data: await webhookStatus(db, scan.id) };
  });
}
