// Operator commands, shared by the `confgate-admin` CLI and the admin socket of a running embedded store.
// Each command is data (name, options) plus a function of the store; output is JSON-able.
import type { Config } from '../config.ts';
import type { Db } from '../storage/db.ts';
import { queueStats } from '../storage/jobs.ts';
import { migrate, migrationStatus } from '../storage/migrate.ts';
import { VERSION } from '../http/app.ts';
import { serverKeys } from '../auth/secret.ts';
import { accountByEmail, createAccount, listAccounts, normalizeEmail, parsePlanChoice, quotaOf, setOperator, setPlan, setStatus } from '../storage/accounts.ts';
import type { Account } from '../storage/accounts.ts';
import { createApiKey } from '../auth/keys.ts';
import { keyById, listApiKeys, revokeApiKey } from '../storage/api-keys.ts';
import type { ApiKeyInfo } from '../storage/api-keys.ts';
import { nextMonthStart, periodOf, usageThisMonth } from '../storage/quota.ts';

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

// Partner accounts and API keys (docs/partner-accounts.md). Accounts are named by e-mail, keys by id.

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

function emailOption(options: Options): string {
  const email = normalizeEmail(String(options['email'] ?? ''));
  if (!email) throw new AdminError('invalid_option', '--email must be an e-mail address');
  return email;
}

async function existingAccount(ctx: AdminContext, options: Options): Promise<Account> {
  const email = emailOption(options);
  const account = await accountByEmail(ctx.db, email);
  if (!account) throw new AdminError('not_found', `no account with e-mail ${email}`);
  return account;
}

function planOptions(options: Options) {
  const choice = parsePlanChoice(options['plan'] as string | undefined, options['quota'] as string | undefined);
  if (!choice.ok) throw new AdminError('invalid_option', choice.message);
  return choice;
}

function accountJson(a: Account, used: number, now: Date) {
  const quota = quotaOf(a);
  return {
    id: a.id, email: a.email, status: a.status, plan: a.plan, quota, operator: a.is_operator,
    created_at: iso(a.created_at), approved_at: iso(a.approved_at),
    usage: { period: periodOf(now), used, remaining: Math.max(0, quota - used), reset: nextMonthStart(now).toISOString() },
  };
}
type AccountJson = ReturnType<typeof accountJson>;

async function accountResult(ctx: AdminContext, account: Account | undefined) {
  if (!account) throw new AdminError('not_found', 'the account no longer exists');
  const now = ctx.clock();
  return accountJson(account, (await usageThisMonth(ctx.db, now)).get(account.id) ?? 0, now);
}

const accountLine = (a: AccountJson) =>
  `${a.email}  ${a.status}  ${a.plan} (${a.quota}/month)  used ${a.usage.used}${a.operator ? '  operator' : ''}`;

function keyJson(k: ApiKeyInfo) {
  return {
    id: k.id, prefix: k.prefix, created_at: iso(k.created_at), last_used_at: iso(k.last_used_at), revoked_at: iso(k.revoked_at),
    requests: k.request_count, scans_this_month: k.scans_this_month,
  };
}

const emailSpec: OptionSpec = { type: 'string', required: true, description: 'E-mail address of the account.' };
const planSpec: OptionSpec = { type: 'string', required: true, description: 'free (100 scans/month), starter (1,000), pro (5,000) or enterprise (--quota).' };
const quotaSpec: OptionSpec = { type: 'string', description: 'Scans per month; enterprise plan only.' };

const accountCreate: Command = {
  name: 'account create',
  summary: 'Create a partner account (pending unless --approve). It has no web password: partners who want the developer area sign up there instead.',
  options: {
    email: emailSpec, plan: planSpec, quota: quotaSpec,
    approve: { type: 'boolean', description: 'Approve it at once.' },
    operator: { type: 'boolean', description: 'Give it access to the operator page.' },
  },
  async run(ctx, options) {
    const email = emailOption(options);
    const choice = planOptions(options);
    const account = await createAccount(ctx.db, { email, plan: choice.plan, customQuota: choice.customQuota, approved: options['approve'] === true, operator: options['operator'] === true }, ctx.clock());
    if (!account) throw new AdminError('already_exists', `an account with e-mail ${email} already exists`);
    return accountResult(ctx, account);
  },
  text: (r: AccountJson) => `created ${accountLine(r)}`,
};

/** A command that changes one existing account (named by --email) and prints it as it is afterwards. */
function accountCommand(
  name: string,
  summary: string,
  change: (ctx: AdminContext, account: Account, options: Options) => Promise<Account | undefined>,
  options: Record<string, OptionSpec> = { email: emailSpec },
): Command {
  return {
    name, summary, options,
    async run(ctx, opts) {
      const account = await existingAccount(ctx, opts);
      return accountResult(ctx, await change(ctx, account, opts));
    },
    text: (r: AccountJson) => accountLine(r),
  };
}

const accountList: Command = {
  name: 'account list',
  summary: 'List accounts with their plan, status and usage this month.',
  options: {},
  async run(ctx) {
    const now = ctx.clock();
    const [accounts, usage] = await Promise.all([listAccounts(ctx.db), usageThisMonth(ctx.db, now)]);
    return { period: periodOf(now), accounts: accounts.map((a) => accountJson(a, usage.get(a.id) ?? 0, now)) };
  },
  text: (r: { accounts: AccountJson[] }) => (r.accounts.length ? r.accounts.map(accountLine).join('\n') : 'no accounts'),
};

const keyCreate: Command = {
  name: 'key create',
  summary: 'Create an API key for an account (at most 5 active). The key is printed this once only.',
  options: { email: emailSpec },
  async run(ctx, options) {
    const account = await existingAccount(ctx, options);
    const created = await createApiKey(ctx.db, serverKeys(ctx.config), account.id, ctx.clock());
    if (!created.ok) throw new AdminError('key_limit_reached', `${account.email} already has 5 active keys; revoke one first`);
    return { ...keyJson(created.info), key: created.key, email: account.email, account_status: account.status };
  },
  text: (r: { key: string; id: string; email: string; account_status: string }) =>
    `${r.key}\n(key ${r.id} for ${r.email}; shown only this once${r.account_status === 'approved' ? '' : `; the account is ${r.account_status}, so the key is refused until it is approved`})`,
};

const keyList: Command = {
  name: 'key list',
  summary: "List an account's keys (prefix, created, last used, scans this month), revoked ones included.",
  options: { email: emailSpec },
  async run(ctx, options) {
    const account = await existingAccount(ctx, options);
    return { email: account.email, keys: (await listApiKeys(ctx.db, account.id, ctx.clock())).map(keyJson) };
  },
  text: (r: { keys: ReturnType<typeof keyJson>[] }) =>
    r.keys.length ? r.keys.map((k) => `${k.id}  ${k.prefix}…  ${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}  last used ${k.last_used_at ?? 'never'}  scans this month ${k.scans_this_month}`).join('\n') : 'no keys',
};

const keyRevoke: Command = {
  name: 'key revoke',
  summary: 'Revoke a key; requests with it are refused from the next one on.',
  options: { id: { type: 'string', required: true, description: 'Key id (key_…), from key list.' } },
  async run(ctx, options) {
    const id = String(options['id'] ?? '');
    if (!(await keyById(ctx.db, id))) throw new AdminError('not_found', `no key with id ${id}`);
    const revoked = await revokeApiKey(ctx.db, id, ctx.clock());
    return { id, revoked_at: iso(revoked?.revoked_at ?? null) };
  },
  text: (r: { id: string; revoked_at: string }) => `revoked ${r.id} (at ${r.revoked_at})`,
};

export const COMMANDS: Command[] = [
  migrateCommand, statusCommand,
  accountCreate,
  accountCommand('account approve', 'Approve an account: its keys work from the next request.', (ctx, a) => setStatus(ctx.db, a.id, 'approved', ctx.clock())),
  accountCommand('account suspend', 'Suspend an account: its keys and sessions stop working at once.', (ctx, a) => setStatus(ctx.db, a.id, 'suspended', ctx.clock())),
  accountCommand(
    'account set-plan',
    'Change the plan (and, for enterprise, the monthly quota); applies to the next scan.',
    (ctx, a, options) => {
      const choice = planOptions(options);
      return setPlan(ctx.db, a.id, choice.plan, choice.customQuota);
    },
    { email: emailSpec, plan: planSpec, quota: quotaSpec },
  ),
  accountCommand('account set-operator', 'Give an account access to the operator page.', (ctx, a) => setOperator(ctx.db, a.id, true)),
  accountCommand('account unset-operator', 'Take access to the operator page away.', (ctx, a) => setOperator(ctx.db, a.id, false)),
  accountList, keyCreate, keyList, keyRevoke,
];

export function findCommand(words: string[]): { command: Command; rest: string[] } | undefined {
  for (const command of [...COMMANDS].sort((a, b) => b.name.split(' ').length - a.name.split(' ').length)) {
    const parts = command.name.split(' ');
    if (parts.every((p, i) => words[i] === p)) return { command, rest: words.slice(parts.length) };
  }
  return undefined;
}
