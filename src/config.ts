// Configuration from the environment, validated once at start-up. Every variable is declared here with its
// default and meaning; README.md's configuration table lists the same names (a test keeps them in step).
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseCidrs } from './net/address.ts';
import type { HstsPreloadList } from './scan/hsts-preload.ts';
import { HstsPreloadListError, loadHstsPreloadList } from './scan/hsts-preload.ts';

export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicBaseUrl: string;
  logLevel: LogLevel;
  role: Role;
  workerConcurrency: number;
  shutdownTimeoutMs: number;
  /** Time a client has to send one complete request (headers and body): slow clients cannot hold sockets. */
  requestTimeoutMs: number;
  /** Server secret (HKDF input for key lookup hashes, webhook-key encryption, CSRF). Unset with the embedded
   * store: generated once into DATA_DIR/secret.key (see src/auth/secret.ts). Required with PostgreSQL. */
  secretKey: string | undefined;
  /** Per-key request rate on /api/v1/*: `count` requests per `windowMs`. */
  partnerRateLimit: { count: number; windowMs: number };
  /** Per-client request rate on the public analysis API. */
  publicRateLimit: { count: number; windowMs: number };
  /** Fastify's trustProxy: false, true, a hop count, or addresses/CIDRs of trusted proxies. */
  trustProxy: boolean | number | string;
  securityLogRetentionDays: number;
  /** Bearer token for GET /metrics; unset: loopback clients only. */
  metricsToken: string | undefined;
  scan: ScanSettings;
  webhooks: WebhookSettings;
  analysis: AnalysisSettings;
}

/** How the public analysis API runs analyses (src/http/analysis-pool.ts). */
export interface AnalysisSettings {
  /** Worker threads analyses run on; 0 runs them on the event loop. */
  threads: number;
  /** An analysis still running after this fails with 503 `analysis_failed`, and its thread is replaced. */
  timeoutMs: number;
  /** Analyses waiting for a thread; more: 503 `analysis_busy`. */
  queueLimit: number;
}

/** How the worker scans domains (scan-domain jobs). The network overrides exist for tests only. */
export interface ScanSettings {
  /** Lease of a scan job, renewed while it runs: a dead worker's scan resumes elsewhere after this. */
  leaseMs: number;
  /** Claims of a scan's job before the scan fails (`scan_timeout` when workers kept dying or hanging). */
  maxAttempts: number;
  /** TEST-ONLY network overrides for the scanner (see ConnectorSettings). */
  allowedCidrs: string[];
  dnsServers: string[];
  httpPort: number | undefined;
  httpsPort: number | undefined;
  /** Root trust anchors for the scanner's DNSSEC validation (DS records); undefined = IANA's built in. */
  dnssecTrustAnchors: string[] | undefined;
  /** Chromium's HSTS preload list, loaded at start from SCAN_HSTS_PRELOAD_LIST; undefined: preload status not judged. */
  hstsPreload: HstsPreloadList | undefined;
}

/** How scan events are delivered to partners' webhook URLs (deliver-webhook jobs and manual retries). */
export interface WebhookSettings {
  /** Waits before the automatic retries, in order: one retry per entry after a failed attempt. */
  retryDelaysMs: number[];
  /** A delivery attempt must be answered with a complete response within this. */
  timeoutMs: number;
}

export interface Setting {
  name: string;
  default: string;
  description: string;
}

/** The documented settings (README's table mirrors this list). */
export const SETTINGS: readonly Setting[] = [
  { name: 'PORT', default: '8080', description: 'TCP port of the HTTP server.' },
  { name: 'HOST', default: '127.0.0.1', description: 'Interface to listen on (`0.0.0.0` in containers).' },
  { name: 'DATABASE_URL', default: '(unset)', description: 'PostgreSQL URL. Unset: the embedded store in `DATA_DIR`.' },
  { name: 'DATA_DIR', default: './data', description: 'Embedded store, its lock and admin socket.' },
  { name: 'PUBLIC_BASE_URL', default: 'http://localhost:$PORT', description: 'Public URL of the service (links, CLI default server).' },
  { name: 'LOG_LEVEL', default: 'info', description: `One of ${LOG_LEVELS.join(', ')}.` },
  { name: 'ROLE', default: 'all', description: '`all` (API + worker), `api` or `worker`.' },
  { name: 'WORKER_CONCURRENCY', default: '4', description: 'Jobs one worker process runs at once (1–64).' },
  { name: 'SHUTDOWN_TIMEOUT_MS', default: '10000', description: 'Grace period for in-flight requests and jobs on SIGTERM.' },
  { name: 'REQUEST_TIMEOUT_MS', default: '30000', description: 'Time a client has to send one complete request, headers and body (1000–600000); slower: 408 `request_timeout` and the connection is closed. A socket idle for twice this is closed too, a kept-alive one waiting for its next request included (answers announce `Keep-Alive: timeout=` one second less).' },
  { name: 'SECRET_KEY', default: '(unset)', description: 'Server secret, at least 32 characters (`openssl rand -hex 32`): API-key lookup hashes, webhook-key encryption, CSRF. Required with `DATABASE_URL`; with the embedded store generated once into `DATA_DIR/secret.key`. Changing it invalidates every API key.' },
  { name: 'PUBLIC_RATE_LIMIT', default: '60/m', description: 'Requests per client address on `/api/analyze*` per second (`N/s`) or minute (`N/m`), per API process; over it: 429 `rate_limited` with `Retry-After`.' },
  { name: 'TRUST_PROXY', default: 'false', description: 'Behind a reverse proxy: `true`, a hop count, or comma-separated proxy addresses/CIDRs, so client addresses come from `X-Forwarded-For`.' },
  { name: 'METRICS_TOKEN', default: '(unset)', description: 'Bearer token required by `GET /metrics` (Prometheus). Unset: only loopback clients may scrape.' },
  { name: 'SECURITY_LOG_RETENTION_DAYS', default: '14', description: 'Days technical security logs are kept (1–14); an hourly job deletes older entries.' },
  { name: 'SCAN_LEASE_MS', default: '30000', description: 'Lease of a running scan job (1000–600000), renewed while the scan runs: a scan whose worker died resumes on another worker after this.' },
  { name: 'SCAN_MAX_ATTEMPTS', default: '3', description: 'Times a scan job is claimed (1–10) before the scan ends `failed` with `scan_timeout`; workers dying mid-scan use attempts up.' },
  { name: 'SCAN_ALLOWED_CIDRS', default: '(unset)', description: 'TEST-ONLY. Comma-separated address ranges scans and webhooks may reach besides public addresses, e.g. `127.0.0.0/8`. Never set in production: it opens the scanner to those networks.' },
  { name: 'SCAN_DNS_SERVERS', default: '(unset)', description: 'TEST-ONLY. Comma-separated `host:port` DNS servers the scanner asks instead of the system resolvers.' },
  { name: 'SCAN_HTTP_PORT', default: '80', description: 'TEST-ONLY. Port the scanner connects to for `http://` URLs without a port.' },
  { name: 'SCAN_DNSSEC_TRUST_ANCHORS', default: '(IANA root KSK-2017 and KSK-2024)', description: 'Semicolon-separated root DS records the scanner validates DNSSEC from, e.g. `20326 8 2 E06D44B8…`; set it only when IANA publishes a new root key before a release carries it (or, in tests, for a lab root).' },
  { name: 'SCAN_HSTS_PRELOAD_LIST', default: '(unset)', description: "Path of a local copy of Chromium's HSTS preload list (`transport_security_state_static.json`, `//` comments allowed), read once at start, so scans report whether the domain is preloaded (`hsts-preload`, information, 0 points). Unset: not judged. Keep it current as you keep CA bundles." },
  { name: 'SCAN_HSTS_PRELOAD_DATE', default: "(the file's modification date)", description: 'Date of that snapshot, `YYYY-MM-DD`, stated in every `hsts-preload` result (e.g. the Chromium commit date it was taken from).' },
  { name: 'SCAN_HTTPS_PORT', default: '443', description: 'TEST-ONLY. Port the scanner connects to for `https://` URLs (and TLS probes) without a port.' },
  { name: 'WEBHOOK_RETRY_DELAYS', default: '60,300,900,3600', description: 'Seconds to wait before each automatic webhook retry, comma-separated (1–10 entries, decimals allowed, each up to 86400): after a failed attempt the next entry applies; when none is left the delivery stays failed.' },
  { name: 'WEBHOOK_TIMEOUT_MS', default: '10000', description: 'Time a webhook receiver has to answer one delivery attempt completely (100–60000); slower counts as a failed attempt.' },
  { name: 'ANALYSIS_THREADS', default: 'CPUs − 1, 1–8', description: 'Worker threads the public analysis API analyzes files on (0–64), so a large file never holds up other requests; `0` analyzes on the event loop (least memory: each thread holds its own copy of the rules and its own heap, about 20–30 MB with typical files).' },
  { name: 'ANALYSIS_TIMEOUT_MS', default: '10000', description: 'An analysis still running after this (1–600000) is stopped and answered 503 `analysis_failed`; its thread is replaced.' },
  { name: 'ANALYSIS_QUEUE_LIMIT', default: '256', description: 'Analyses that may wait for a free thread (1–100000); beyond it: 503 `analysis_busy` with `Retry-After`.' },
  { name: 'PARTNER_RATE_LIMIT', default: '20/s', description: 'Requests per API key on `/api/v1/*` per second (`N/s`) or minute (`N/m`), per API process; over it: 429 `rate_limited` with `Retry-After`.' },
];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function intIn(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

function httpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL (got "${raw}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must use http or https`);
  return raw.replace(/\/+$/, '');
}

function rate(env: Env, name: string, fallback: string): { count: number; windowMs: number } {
  const raw = env[name] || fallback;
  const m = /^(\d{1,6})\/([sm])$/.exec(raw);
  if (!m || Number(m[1]) < 1) throw new ConfigError(`${name} must look like 20/s or 600/m (got "${raw}")`);
  return { count: Number(m[1]), windowMs: m[2] === 's' ? 1000 : 60_000 };
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  if (/^[0-9a-fA-F.:/, ]+$/.test(raw)) return raw;
  throw new ConfigError(`TRUST_PROXY must be true, false, a hop count or proxy addresses/CIDRs (got "${raw}")`);
}

function secretKey(env: Env, databaseUrl: string | undefined): string | undefined {
  const raw = env['SECRET_KEY'] || undefined;
  if (raw !== undefined && raw.length < 32) throw new ConfigError('SECRET_KEY must be at least 32 characters (generate one with `openssl rand -hex 32`)');
  // Several processes share a PostgreSQL store, so they must share the secret: it cannot be generated locally.
  if (raw === undefined && databaseUrl !== undefined) throw new ConfigError('SECRET_KEY is required with DATABASE_URL (generate one with `openssl rand -hex 32`)');
  return raw;
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
}

function hstsPreload(env: Env): HstsPreloadList | undefined {
  const file = env['SCAN_HSTS_PRELOAD_LIST'] || undefined;
  const date = env['SCAN_HSTS_PRELOAD_DATE'] || undefined;
  if (file === undefined) {
    if (date !== undefined) throw new ConfigError('SCAN_HSTS_PRELOAD_DATE needs SCAN_HSTS_PRELOAD_LIST (the list it dates)');
    return undefined;
  }
  if (date !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date)) {
    throw new ConfigError(`SCAN_HSTS_PRELOAD_DATE must be a date YYYY-MM-DD (got "${date}")`);
  }
  try {
    return loadHstsPreloadList(file, date);
  } catch (err) {
    if (err instanceof HstsPreloadListError) throw new ConfigError(`SCAN_HSTS_PRELOAD_LIST ${file} ${err.message}`);
    throw err;
  }
}

function scanSettings(env: Env): ScanSettings {
  const allowedCidrs = list(env, 'SCAN_ALLOWED_CIDRS');
  try {
    parseCidrs(allowedCidrs);
  } catch {
    throw new ConfigError(`SCAN_ALLOWED_CIDRS must be comma-separated addresses or CIDR ranges (got "${env['SCAN_ALLOWED_CIDRS']}")`);
  }
  const dnsServers = list(env, 'SCAN_DNS_SERVERS');
  for (const server of dnsServers) {
    if (!/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\])(:\d{1,5})?$/.test(server)) throw new ConfigError(`SCAN_DNS_SERVERS entries must be IP[:port] (got "${server}")`);
  }
  const port = (name: string) => (env[name] ? intIn(env, name, 0, 1, 65535) : undefined);
  const anchors = (env['SCAN_DNSSEC_TRUST_ANCHORS'] ?? '').split(';').map((a) => a.trim()).filter((a) => a !== '');
  for (const a of anchors) {
    if (!/^\d{1,5} \d{1,3} \d{1,3} ([0-9A-Fa-f]{2})+$/.test(a)) throw new ConfigError(`SCAN_DNSSEC_TRUST_ANCHORS entries must be DS records "<key tag> <algorithm> <digest type> <hex digest>" (got "${a}")`);
  }
  return {
    hstsPreload: hstsPreload(env),
    leaseMs: intIn(env, 'SCAN_LEASE_MS', 30_000, 1000, 600_000),
    maxAttempts: intIn(env, 'SCAN_MAX_ATTEMPTS', 3, 1, 10),
    allowedCidrs,
    dnsServers,
    httpPort: port('SCAN_HTTP_PORT'),
    httpsPort: port('SCAN_HTTPS_PORT'),
    dnssecTrustAnchors: anchors.length > 0 ? anchors : undefined,
  };
}

function retryDelays(env: Env): number[] {
  const raw = env['WEBHOOK_RETRY_DELAYS'] || '60,300,900,3600';
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.length > 10 || parts.some((p) => !/^\d{1,5}(\.\d{1,3})?$/.test(p) || Number(p) <= 0 || Number(p) > 86_400)) {
    throw new ConfigError(`WEBHOOK_RETRY_DELAYS must be 1 to 10 comma-separated numbers of seconds, each above 0 and at most 86400 (got "${raw}")`);
  }
  return parts.map((p) => Math.round(Number(p) * 1000));
}

export function loadConfig(env: Env = process.env): Config {
  const port = intIn(env, 'PORT', 8080, 0, 65535);
  const databaseUrl = env['DATABASE_URL'] || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  return {
    port,
    host: env['HOST'] || '127.0.0.1',
    databaseUrl,
    dataDir: path.resolve(env['DATA_DIR'] || './data'),
    publicBaseUrl: httpUrl('PUBLIC_BASE_URL', env['PUBLIC_BASE_URL'] || `http://localhost:${port}`),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    role: oneOf(env, 'ROLE', ROLES, 'all'),
    workerConcurrency: intIn(env, 'WORKER_CONCURRENCY', 4, 1, 64),
    shutdownTimeoutMs: intIn(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    requestTimeoutMs: intIn(env, 'REQUEST_TIMEOUT_MS', 30_000, 1000, 600_000),
    secretKey: secretKey(env, databaseUrl),
    partnerRateLimit: rate(env, 'PARTNER_RATE_LIMIT', '20/s'),
    publicRateLimit: rate(env, 'PUBLIC_RATE_LIMIT', '60/m'),
    trustProxy: trustProxy(env['TRUST_PROXY']),
    securityLogRetentionDays: intIn(env, 'SECURITY_LOG_RETENTION_DAYS', 14, 1, 14),
    metricsToken: env['METRICS_TOKEN'] || undefined,
    scan: scanSettings(env),
    webhooks: { retryDelaysMs: retryDelays(env), timeoutMs: intIn(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000) },
    analysis: {
      threads: intIn(env, 'ANALYSIS_THREADS', Math.max(1, Math.min(8, availableParallelism() - 1)), 0, 64),
      timeoutMs: intIn(env, 'ANALYSIS_TIMEOUT_MS', 10_000, 1, 600_000),
      queueLimit: intIn(env, 'ANALYSIS_QUEUE_LIMIT', 256, 1, 100_000),
    },
  };
}
