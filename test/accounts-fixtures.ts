// Shared set-up for the partner-account tests: accounts and keys made through the real storage functions.
import { serverKeys } from '../src/auth/secret.ts';
import type { Config } from '../src/config.ts';
import { createAccount } from '../src/storage/accounts.ts';
import type { Plan } from '../src/storage/accounts.ts';
import { createApiKey } from '../src/storage/api-keys.ts';
import type { Db } from '../src/storage/db.ts';

let counter = 0;

export async function partnerWithKey(db: Db, config: Pick<Config, 'secretKey' | 'dataDir'>, options: { plan?: Plan; quota?: number; approved?: boolean; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const account = await createAccount(db, {
    email: `partner${++counter}-${process.pid}@example.test`,
    plan: options.plan ?? 'free',
    customQuota: options.quota,
    approved: options.approved ?? true,
  }, now);
  if (!account) throw new Error('account not created');
  const created = await createApiKey(db, serverKeys(config), account.id, now);
  if (!created.ok) throw new Error('key not created');
  return { account, key: created.key, keyId: created.info.id };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
