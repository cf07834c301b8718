// Every task the worker runs, one file each.
import type { Config } from '../../config.ts';
import type { Task } from '../runner.ts';
import { deliverWebhookTask } from './deliver-webhook.ts';
import { purgeTask } from './purge.ts';
import { scanDomainTask } from './scan-domain.ts';

export function tasksFor(config: Config): Task[] {
  return [purgeTask(config.securityLogRetentionDays), scanDomainTask(config), deliverWebhookTask(config)];
}
