// wrk (https://github.com/wg/wrk, Debian package `wrk`) as the http suite's load generator: a separate C process,
// so its CPU is neither counted in the server process's nor spent by Node on its own thread.
// `scripts/ensure-deb.sh wrk wrk` installs it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wrk.lua');

export interface WrkRun {
  requests: number;
  rps: number;
  /** Latency percentiles, milliseconds. */
  p50: number;
  p99: number;
  /** Responses outside 2xx/3xx, and connect/read/write/timeout errors. */
  non2xx: number;
  socketErrors: number;
}

/** POSTs the JSON in `bodyFile` to `url` over `connections` connections on one wrk thread for `seconds`. */
export async function wrk(url: string, bodyFile: string, connections: number, seconds: number): Promise<WrkRun> {
  const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', SCRIPT, url], { env: { ...process.env, WRK_BODY: bodyFile }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
  const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
  if (code !== 0 || !line) throw new Error(`wrk exited with ${code}: ${out}`);
  const r = JSON.parse(line) as { requests: number; duration_us: number; p50_us: number; p99_us: number; non2xx: number; socket_errors: number };
  return { requests: r.requests, rps: r.requests / (r.duration_us / 1e6), p50: r.p50_us / 1000, p99: r.p99_us / 1000, non2xx: r.non2xx, socketErrors: r.socket_errors };
}
