import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openEmbedded } from './embedded.ts';
import { openPostgres } from './postgres.ts';

export interface OpenOptions {
  onIdleError?: (err: Error) => void;
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded store in DATA_DIR. */
export function openStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: OpenOptions = {}): Promise<Db> {
  if (config.databaseUrl) {
    const pgOptions: Parameters<typeof openPostgres>[0] = { url: config.databaseUrl };
    if (options.onIdleError) pgOptions.onIdleError = options.onIdleError;
    return openPostgres(pgOptions);
  }
  return openEmbedded(config.dataDir);
}
