// The process entry point (`npm start`): validate configuration, open and migrate the store, then run the
// API, the worker, or both (ROLE). SIGTERM/SIGINT stop accepting work, finish what is in flight, close the store.
import type { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { serveAdminSocket } from './admin/socket.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { createServer } from './http/server.ts';
import { createLogger } from './logger.ts';
import type { Db } from './storage/db.ts';
import { StoreError } from './storage/db.ts';
import { migrate } from './storage/migrate.ts';
import { openStore } from './storage/open.ts';
import { startWorker } from './worker/runner.ts';
import type { Worker } from './worker/runner.ts';
import { tasksFor } from './worker/tasks/index.ts';
import { schedulePurge } from './worker/tasks/purge.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** PostgreSQL may still be starting (containers, CI): retry for a while before giving up with a clear error. */
async function openWithRetry(config: Config, log: Logger): Promise<Db> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const db = await openStore(config, { onIdleError: (err) => log.warn({ error: err.message }, 'database connection lost') });
      await db.query('SELECT 1');
      return db;
    } catch (err) {
      if (err instanceof StoreError || !config.databaseUrl || Date.now() > deadline) throw err;
      log.warn({ error: (err as Error).message }, 'database not reachable yet; retrying');
      await sleep(1000);
    }
  }
}

async function run(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`confgate: configuration error: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  let db: Db;
  try {
    db = await openWithRetry(config, log);
    const applied = await migrate(db);
    if (applied.length) log.info({ applied }, 'migrations applied');
  } catch (err) {
    process.stderr.write(`confgate: cannot open the store: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const clock = () => new Date();
  let server: FastifyInstance | undefined;
  let worker: Worker | undefined;
  let adminSocket: Server | undefined;

  if (config.role !== 'worker') {
    server = await createServer({ config, db, clock }, { logger: log });
    // The first analyses should not wait for their threads to load the rules.
    server.analysis.warm();
    try {
      await server.listen({ port: config.port, host: config.host });
    } catch (err) {
      process.stderr.write(`confgate: cannot listen on ${config.host}:${config.port}: ${(err as Error).message}\n`);
      await db.close();
      process.exit(1);
    }
  }
  if (config.role !== 'api') {
    await schedulePurge(db, clock());
    worker = startWorker(tasksFor(config), { db, clock, log }, { concurrency: config.workerConcurrency });
    log.info({ owner: worker.owner, concurrency: config.workerConcurrency }, 'worker started');
  }
  if (db.kind === 'embedded') adminSocket = await serveAdminSocket(config.dataDir, { db, config, clock });
  log.info({ role: config.role, store: db.kind, url: config.publicBaseUrl }, 'confgate started');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const hardStop = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    hardStop.unref();
    await server?.close(); // stops accepting; waits for in-flight requests
    await worker?.stop(config.shutdownTimeoutMs);
    await new Promise<void>((r) => (adminSocket ? adminSocket.close(() => r()) : r()));
    await db.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await run();
