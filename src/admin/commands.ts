// Operator commands, shared by the `confgate-admin` CLI and the admin socket of a running embedded store.
// Each command is data (name, options) plus a function of the store; output is JSON-able.
import type { Config } from '../config.ts';
import type { Db } from '../storage/db.ts';
import { queueStats } from '../storage/jobs.ts';
import { migrate, migrationStatus } from '../storage/migrate.ts';
import { VERSION } from '../http/app.ts';

export interface AdminContext {
  db: Db;
  config: Config;
  clock: () => Date;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  required?: boolean;
  description: string;
}

export type Options = Record<string, string | boolean | undefined>;

export interface Command {
  /** Words after `confgate-admin`, e.g. `key create`. */
  name: string;
  summary: string;
  options: Record<string, OptionSpec>;
  run(ctx: AdminContext, options: Options): Promise<unknown>;
  /** Human-readable rendering when --json is not given. */
  text(result: never): string;
}

/** An operator-facing failure (exit code 1) with a stable code for scripts. */
export class AdminError extends Error {
  override name = 'AdminError';
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

const migrateCommand: Command = {
  name: 'migrate',
  summary: 'Apply pending database migrations (start-up does this too).',
  options: {},
  async run(ctx) {
    const applied = await migrate(ctx.db);
    return { applied_now: applied, ...(await migrationStatus(ctx.db)) };
  },
  text: (r: { applied_now: number[] }) => (r.applied_now.length ? `applied migrations ${r.applied_now.join(', ')}` : 'database is up to date'),
};

const statusCommand: Command = {
  name: 'status',
  summary: 'Show the store, schema version and job queue.',
  options: {},
  async run(ctx) {
    const migrations = await migrationStatus(ctx.db);
    return {
      version: VERSION,
      store: ctx.db.kind,
      schema_version: migrations.applied.at(-1)?.version ?? 0,
      pending_migrations: migrations.pending.map((m) => m.version),
      queue: await queueStats(ctx.db, ctx.clock()),
    };
  },
  text: (r: { store: string; schema_version: number; pending_migrations: number[]; queue: { ready: number; dead: number } }) =>
    `store: ${r.store}\nschema version: ${r.schema_version}${r.pending_migrations.length ? ` (pending: ${r.pending_migrations.join(', ')})` : ''}\njobs: ${r.queue.ready} ready, ${r.queue.dead} dead`,
};

export const COMMANDS: Command[] = [migrateCommand, statusCommand];

export function findCommand(words: string[]): { command: Command; rest: string[] } | undefined {
  for (const command of [...COMMANDS].sort((a, b) => b.name.split(' ').length - a.name.split(' ').length)) {
    const parts = command.name.split(' ');
    if (parts.every((p, i) => words[i] === p)) return { command, rest: words.slice(parts.length) };
  }
  return undefined;
}
