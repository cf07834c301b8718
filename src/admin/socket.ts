// The admin socket: a running service with the embedded store (which only one process may open) serves
// operator commands on a Unix socket in DATA_DIR, readable by its own user only. The CLI forwards to it.
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { AdminError, findCommand } from './commands.ts';
import type { AdminContext, Options } from './commands.ts';

export const SOCKET_NAME = 'admin.sock';
const MAX_REQUEST = 64 * 1024;

export interface AdminRequest {
  command: string;
  options: Options;
}
export type AdminResponse = { ok: true; result: unknown } | { ok: false; error: { code: string; message: string } };

export function socketPath(dataDir: string): string {
  return path.join(dataDir, SOCKET_NAME);
}

async function handle(ctx: AdminContext, raw: string): Promise<AdminResponse> {
  let request: AdminRequest;
  try {
    request = JSON.parse(raw) as AdminRequest;
  } catch {
    return { ok: false, error: { code: 'bad_request', message: 'invalid admin request' } };
  }
  const found = findCommand(String(request.command ?? '').split(' '));
  if (!found || found.rest.length > 0) return { ok: false, error: { code: 'unknown_command', message: `unknown command: ${request.command}` } };
  try {
    return { ok: true, result: await found.command.run(ctx, request.options ?? {}) };
  } catch (err) {
    if (err instanceof AdminError) return { ok: false, error: { code: err.code, message: err.message } };
    return { ok: false, error: { code: 'internal_error', message: (err as Error).message } };
  }
}

export async function serveAdminSocket(dataDir: string, ctx: AdminContext): Promise<net.Server> {
  const file = socketPath(dataDir);
  rmSync(file, { force: true }); // left by a killed process; we hold the data-dir lock, so it is ours
  const server = net.createServer((sock) => {
    let buf = '';
    sock.setEncoding('utf8');
    sock.on('data', (chunk: string) => {
      buf += chunk;
      if (buf.length > MAX_REQUEST) return sock.destroy();
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      void handle(ctx, buf.slice(0, nl)).then((res) => sock.end(`${JSON.stringify(res)}\n`));
    });
    sock.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  return server;
}

export function callAdminSocket(dataDir: string, request: AdminRequest, timeoutMs = 30_000): Promise<AdminResponse> {
  return new Promise((resolve, reject) => {
    const sock = net.createConnection(socketPath(dataDir));
    let buf = '';
    sock.setEncoding('utf8');
    sock.setTimeout(timeoutMs, () => sock.destroy(new Error('the running service did not answer in time')));
    sock.on('connect', () => sock.write(`${JSON.stringify(request)}\n`));
    sock.on('data', (c: string) => (buf += c));
    sock.on('end', () => {
      try {
        resolve(JSON.parse(buf) as AdminResponse);
      } catch {
        reject(new Error('the running service sent an invalid answer'));
      }
    });
    sock.on('error', reject);
  });
}
