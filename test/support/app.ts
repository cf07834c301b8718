// The real app over a real store, for tests that speak HTTP through `inject` or a listening socket.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';
import { createServer } from '../../src/http/server.ts';
import { createLogger } from '../../src/logger.ts';
import { openTestStore } from './store.ts';
import type { TestStore } from './store.ts';

export interface TestApp {
  app: FastifyInstance;
  store: TestStore;
  config: Config;
  /** Every log line the app wrote (JSON text), for privacy assertions. */
  logs: string[];
  /** Moves the app's clock. */
  clock: { now: Date };
  close(): Promise<void>;
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const store = await openTestStore();
  const config = loadConfig({ LOG_LEVEL: 'trace', PUBLIC_BASE_URL: 'http://confgate.test', ...store.env, ...env });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString('utf8'));
      cb();
    },
  });
  const clock = { now: new Date() };
  const app = await createServer({ config, db: store.db, clock: () => clock.now }, { logger: createLogger(config.logLevel, stream) });
  return {
    app,
    store,
    config,
    logs,
    clock,
    async close() {
      await app.close();
      await store.destroy();
    },
  };
}
