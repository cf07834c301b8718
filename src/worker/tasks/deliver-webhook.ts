// The deliver-webhook task: one job per automatic attempt. It sends the pending delivery (network I/O outside any
// transaction), then records the outcome once and, after a failure, plans the next retry (a new pending
// delivery and its job, due after the next WEBHOOK_RETRY_DELAYS entry) in one transaction. Jobs are leased like
// scan jobs, so one attempt is sent by one worker; a worker that dies mid-attempt has its job claimed again
// after the lease (the receiver may then see the event twice and de-duplicates on its id).
import { serverKeys } from '../../auth/secret.ts';
import type { Config } from '../../config.ts';
import { DELIVER_WEBHOOK_KIND, pendingDelivery, recordAutomaticAttempt } from '../../storage/webhook-deliveries.ts';
import type { AttemptOutcome } from '../../storage/webhook-deliveries.ts';
import { sendEvent } from '../../webhooks/deliver.ts';
import type { Task } from '../runner.ts';

/** Outcomes of attempts our side could not make: never the receiver's fault, still an attempt used. */
const INTERRUPTED: AttemptOutcome = { ok: false, statusCode: null, error: 'interrupted: the delivery worker stopped during the attempt' };
const INTERNAL: AttemptOutcome = { ok: false, statusCode: null, error: 'internal error before sending' };

export function deliverWebhookTask(config: Config): Task {
  const delays = config.webhooks.retryDelaysMs;
  return {
    kind: DELIVER_WEBHOOK_KIND,
    // Room for the receiver's full timeout; the runner renews the lease while the attempt runs.
    leaseMs: config.webhooks.timeoutMs + 5000,
    async run(job, ctx) {
      const found = await pendingDelivery(ctx.db, String(job.payload['delivery_id']));
      if (!found) return; // recorded just before its worker died, or dropped after a manual success
      const { delivery, event } = found;
      const attemptedAt = ctx.clock();
      let outcome: AttemptOutcome;
      // Claims beyond the limit mean earlier ones never finished: their workers died or hung past the lease.
      if (job.attempts > job.max_attempts) outcome = INTERRUPTED;
      else {
        try {
          outcome = await sendEvent(ctx.db, serverKeys(config), config, event, attemptedAt);
        } catch (err) {
          if (job.attempts < job.max_attempts) throw err; // the runner retries with backoff
          ctx.log.error({ delivery: delivery.id, error: err instanceof Error ? err.name : 'unknown' }, 'webhook delivery failed on its last attempt');
          outcome = INTERNAL;
        }
      }
      // Attempt n (1 = the first) is followed by retry n after delays[n - 1], while entries are left.
      const delay = delays[(delivery.attempt_number ?? 1) - 1];
      const retryAt = delay === undefined ? null : new Date(ctx.clock().getTime() + delay);
      await ctx.db.transaction((tx) => recordAutomaticAttempt(tx, delivery, outcome, attemptedAt, retryAt));
      ctx.log.info({ delivery: delivery.id, event: event.id, ok: outcome.ok, status: outcome.statusCode }, 'webhook attempt');
    },
  };
}
