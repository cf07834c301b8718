// Every task the worker runs, one file each.
import type { Config } from '../../config.ts';
import type { Task } from '../runner.ts';
import { purgeTask } from './purge.ts';

export function tasksFor(config: Config): Task[] {
  return [purgeTask(config.securityLogRetentionDays)];
}
