import type { Config } from '../config.ts';
import type { Db } from '../storage/db.ts';
import type { AnalysisPool } from './analysis-pool.ts';
import type { ReadCache } from './read-cache.ts';

/** What the HTTP layer needs from the process: configuration, the store, and the clock (injectable so
 * month rollovers and retention can be tested). */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Where the public API's analyses run (threads, or the event loop with ANALYSIS_THREADS=0). */
    analysis: AnalysisPool;
    /** The partner API's read cache: scan lists and details, usage, and (embedded store only) the key lookup. */
    readCache: ReadCache;
  }
}
