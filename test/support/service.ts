// The real service as a child process (`node src/main.ts`), the way `npm start` runs it.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

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

/** Starts `node src/main.ts` and resolves once it is ready: `/readyz` answers 200, or, for `ROLE=worker` (no HTTP),
 * once it logged "worker started" (so a worker always logs at level info). */
export async function startService(env: Record<string, string>, timeoutMs = 30_000): Promise<Service> {
  const port = Number(env['PORT'] ?? (await freePort()));
  const worker = env['ROLE'] === 'worker';
  const child = spawn(process.execPath, ['src/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env, ...(worker ? { LOG_LEVEL: 'info' } : {}), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}:\n${out}`);
    if (worker) {
      if (out.includes('"msg":"worker started"')) break;
    } else {
      try {
        const res = await fetch(`${url}/readyz`);
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`service did not become ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the admin CLI as operators do and returns its exit code and output. */
export function adminCli(args: string[], env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, ['src/admin/cli.ts', ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}
