// Every task the worker runs, one file each.
import type { Task } from '../runner.ts';

export const TASKS: Task[] = [];
