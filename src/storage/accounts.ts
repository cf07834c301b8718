// Partner accounts (table `accounts`): plans and their monthly quotas, approval status, the operator flag.
import type { Queryable } from './db.ts';

export const PLANS = ['free', 'starter', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export const STATUSES = ['pending', 'approved', 'suspended'] as const;
export type AccountStatus = (typeof STATUSES)[number];

/** Scans per calendar month by plan; enterprise accounts carry their own (custom_quota). */
export const PLAN_QUOTAS: Record<Exclude<Plan, 'enterprise'>, number> = { free: 100, starter: 1000, pro: 5000 };
export const MAX_CUSTOM_QUOTA = 10_000_000;

export interface Account {
  id: number;
  email: string;
  status: AccountStatus;
  plan: Plan;
  custom_quota: number | null;
  is_operator: boolean;
  created_at: Date;
  approved_at: Date | null;
}

/** An account's monthly quota under its plan. */
export function quotaOf(account: Pick<Account, 'plan' | 'custom_quota'>): number {
  return account.plan === 'enterprise' ? (account.custom_quota ?? 0) : PLAN_QUOTAS[account.plan];
}

export function isPlan(value: unknown): value is Plan {
  return (PLANS as readonly unknown[]).includes(value);
}

/** Addresses are compared lower-cased; the syntax check is deliberately loose (one @, a dot in the domain). */
export function normalizeEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email) ? email : undefined;
}

const COLUMNS = 'id, email, status, plan, custom_quota, is_operator, created_at, approved_at';

export interface NewAccount {
  email: string;
  plan: Plan;
  customQuota?: number | undefined;
  passwordHash?: string | undefined;
  approved?: boolean;
  operator?: boolean;
}

/** Creates an account; undefined when the e-mail is taken. */
export async function createAccount(db: Queryable, input: NewAccount, now: Date): Promise<Account | undefined> {
  const rows = await db.query<Account>(
    `INSERT INTO accounts (email, password_hash, status, plan, custom_quota, is_operator, created_at, approved_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
    [input.email, input.passwordHash ?? null, input.approved ? 'approved' : 'pending', input.plan,
      input.plan === 'enterprise' ? (input.customQuota ?? null) : null, input.operator ?? false, now, input.approved ? now : null],
  );
  return rows[0];
}

export async function accountByEmail(db: Queryable, email: string): Promise<Account | undefined> {
  return (await db.query<Account>(`SELECT ${COLUMNS} FROM accounts WHERE email = $1`, [email]))[0];
}

export async function accountById(db: Queryable, id: number): Promise<Account | undefined> {
  return (await db.query<Account>(`SELECT ${COLUMNS} FROM accounts WHERE id = $1`, [id]))[0];
}

export async function passwordHashOf(db: Queryable, email: string): Promise<{ id: number; password_hash: string | null } | undefined> {
  return (await db.query<{ id: number; password_hash: string | null }>('SELECT id, password_hash FROM accounts WHERE email = $1', [email]))[0];
}

export async function listAccounts(db: Queryable): Promise<Account[]> {
  return db.query<Account>(`SELECT ${COLUMNS} FROM accounts ORDER BY created_at, id`);
}

/** Approves or suspends; approval keeps the first approval time. */
export async function setStatus(db: Queryable, id: number, status: AccountStatus, now: Date): Promise<Account | undefined> {
  return (await db.query<Account>(
    `UPDATE accounts SET status = $2, approved_at = CASE WHEN $2 = 'approved' THEN COALESCE(approved_at, $3) ELSE approved_at END
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, status, now],
  ))[0];
}

/** Sets the plan; customQuota is taken for enterprise only (callers validate that it is given then). */
export async function setPlan(db: Queryable, id: number, plan: Plan, customQuota: number | undefined): Promise<Account | undefined> {
  return (await db.query<Account>(
    `UPDATE accounts SET plan = $2, custom_quota = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, plan, plan === 'enterprise' ? (customQuota ?? null) : null],
  ))[0];
}

export async function setOperator(db: Queryable, id: number, operator: boolean): Promise<Account | undefined> {
  return (await db.query<Account>(`UPDATE accounts SET is_operator = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, operator]))[0];
}

export type PlanChoice = { ok: true; plan: Plan; customQuota: number | undefined } | { ok: false; message: string };

/** Validates a plan and quota as an operator typed them (CLI or operator page): enterprise needs a quota,
 * the other plans have a fixed one and refuse it. */
export function parsePlanChoice(plan: string | undefined, quota: string | undefined): PlanChoice {
  if (!isPlan(plan)) return { ok: false, message: `plan must be one of ${PLANS.join(', ')}` };
  const given = quota !== undefined && quota !== '';
  if (plan !== 'enterprise') {
    return given ? { ok: false, message: `the ${plan} plan has a fixed quota of ${PLAN_QUOTAS[plan]}; --quota is for enterprise only` } : { ok: true, plan, customQuota: undefined };
  }
  if (!given) return { ok: false, message: 'the enterprise plan needs a quota (scans per month)' };
  if (!/^\d{1,8}$/.test(quota) || Number(quota) > MAX_CUSTOM_QUOTA) return { ok: false, message: `quota must be a whole number from 0 to ${MAX_CUSTOM_QUOTA}` };
  return { ok: true, plan, customQuota: Number(quota) };
}
