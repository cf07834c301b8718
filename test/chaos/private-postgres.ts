// A throwaway PostgreSQL server for the chaos tests that stop the database: its own data directory, port and
// socket directory, so stopping it never disturbs other test runs on the machine's shared cluster. The same
// server binaries as that cluster (Debian's /usr/lib/postgresql/<version>/bin); as root it runs as `postgres`.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/service.ts';

export interface PrivatePostgres {
  url: string;
  /** `fast`: clients are disconnected and the server shuts down cleanly; `immediate`: as if it crashed. */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  destroy(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version) throw new Error(`no PostgreSQL server binaries under ${root}; install postgresql`);
  return path.join(root, version, 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync('/tmp/confgate-chaos-pg-');
  if (asRoot) {
    const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(pw.stdout.trim()), Number(gid.stdout.trim()));
  }
  const run = (tool: string, args: string[]) => {
    const cmd = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] as const : [path.join(bin, tool), args] as const;
    const res = spawnSync(cmd[0], [...cmd[1]], { encoding: 'utf8', timeout: 60_000 });
    if (res.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${res.status}): ${res.stderr}${res.stdout}`);
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // Loopback TCP only; the socket in our own directory, not the shared cluster's.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
