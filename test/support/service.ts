// The real service as a child process (`node src/main.ts`), the way `npm start` runs it.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The arguments `npm start` gives node (its V8 flags, then `src/main.ts`), read from package.json so the two never differ. */
export const START_ARGS: readonly string[] = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/).slice(1);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `fn` every 50 ms until it answers something other than undefined; throws after `timeoutMs`. */
export async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Service {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Sends a signal and resolves with the exit code once the process ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const QUIET_LEVELS = new Set(['warn', 'error', 'fatal', 'silent']);

/**
 * Starts `node src/main.ts` and resolves once it is ready: for the API, once this child logged "confgate started"
 * and `/readyz` answers 200 — the log line proves the port is this child's, not another test's server that took a
 * port freed by `freePort` first; for `ROLE=worker` (no HTTP), once it logged "worker started". A child that could
 * not listen because the port was taken meanwhile is started again on another port. `publicUrl` sets
 * PUBLIC_BASE_URL to the service's own address.
 */
export async function startService(env: Record<string, string>, timeoutMs = 60_000, publicUrl = false): Promise<Service> {
  const worker = env['ROLE'] === 'worker';
  // Readiness is read from the log, so it must say at least info.
  const level = env['LOG_LEVEL'] && !QUIET_LEVELS.has(env['LOG_LEVEL']) ? env['LOG_LEVEL'] : 'info';
  for (let attempt = 1; ; attempt++) {
    const port = Number(env['PORT'] ?? (await freePort()));
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, START_ARGS, {
      env: { ...process.env, ...(publicUrl ? { PUBLIC_BASE_URL: url } : {}), ...env, LOG_LEVEL: level, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const service: Service = {
      url,
      port,
      child,
      output: () => out,
      async stop(signal = 'SIGTERM') {
        if (child.exitCode === null) child.kill(signal);
        return exited;
      },
    };
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) {
        await exited;
        if (!worker && env['PORT'] === undefined && attempt < 3 && /cannot listen/.test(out)) break;
        throw new Error(`service exited with ${child.exitCode}:\n${out}`);
      }
      if (worker ? out.includes('"msg":"worker started"') : out.includes('"msg":"confgate started"') && (await readyz(url))) return service;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`service did not become ready:\n${out}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function readyz(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/readyz`)).status === 200;
  } catch {
    return false;
  }
}

/** Runs the admin CLI as operators do and returns its exit code and output. */
export function adminCli(args: string[], env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, ['src/admin/cli.ts', ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** A partner for benchmarks: an approved enterprise account with a quota no run can use up, and its key, made with
 * the operator commands (as an operator would). Returns the key. */
export function enterprisePartnerKey(env: Record<string, string>, email: string): string {
  const admin = (args: string[]) => {
    const r = adminCli([...args, '--json'], env);
    if (r.status !== 0) throw new Error(`confgate-admin ${args.slice(0, 2).join(' ')} failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  };
  admin(['account', 'create', '--email', email, '--plan', 'enterprise', '--quota', '10000000', '--approve']);
  return String(admin(['key', 'create', '--email', email])['key']);
}
