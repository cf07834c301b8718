// Shared set-up for the partner-account tests: accounts and keys made through the real storage functions, the
// admin CLI and the service as subprocesses (Node 24 = this test's own node).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { serverKeys } from '../src/auth/secret.ts';
import type { Config } from '../src/config.ts';
import { createAccount } from '../src/storage/accounts.ts';
import type { Plan } from '../src/storage/accounts.ts';
import { createApiKey } from '../src/auth/keys.ts';
import type { Db } from '../src/storage/db.ts';
import { startService as startRealService } from './support/service.ts';

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

const BASE_ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', LOG_LEVEL: 'silent' };

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

export function run(args: string[], env: Record<string, string>, script = 'src/admin/cli.ts'): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env: { ...BASE_ENV, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code: code ?? -1, stdout, stderr, json });
    });
  });
}

export async function startService(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const service = await startRealService({ ...BASE_ENV, ...env }, 30_000, true);
  return { child: service.child, url: service.url };
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
