// A fresh, migrated store for one test file, on the backend named by CONFGATE_TEST_STORE (`embedded`, the
// default, or `postgres`: a new database created under TEST_DATABASE_URL and dropped afterwards).
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../src/storage/db.ts';
import { openEmbedded } from '../../src/storage/embedded.ts';
import { migrate } from '../../src/storage/migrate.ts';
import { openPostgres } from '../../src/storage/postgres.ts';

export type StoreKind = 'embedded' | 'postgres';

export const STORE: StoreKind = process.env['CONFGATE_TEST_STORE'] === 'postgres' ? 'postgres' : 'embedded';
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The service requires SECRET_KEY with PostgreSQL (the embedded store generates one into DATA_DIR). */
export const TEST_SECRET_KEY = 'test-secret-key-0123456789abcdef0123456789abcdef';

export interface TestStore {
  db: Db;
  /** What a spawned service needs to use the same store: DATABASE_URL and SECRET_KEY, or DATA_DIR. */
  env: Record<string, string>;
  /** Closes the store and removes it. */
  destroy(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** An empty database (postgres) or data directory (embedded), not opened: for tests that spawn the service. */
export async function createEmptyStore(kind: StoreKind = STORE): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  if (kind === 'postgres') {
    const name = `confgate_t_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    return {
      env: { DATABASE_URL: withDatabase(TEST_DATABASE_URL, name), SECRET_KEY: TEST_SECRET_KEY },
      remove: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'confgate-test-'));
  // A fresh PGlite data directory costs seconds of initdb; `npm test` makes one migrated template per run
  // (scripts/test.ts) and each store starts as a copy of it. Without it, PGlite initialises a new one.
  const template = process.env['CONFGATE_TEST_PGLITE_TEMPLATE'];
  if (template && existsSync(path.join(template, 'pg'))) cpSync(path.join(template, 'pg'), path.join(dir, 'pg'), { recursive: true });
  return { env: { DATA_DIR: dir }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** Opens the store a spawned service uses (its env from createEmptyStore), e.g. to inspect it between runs.
 * The embedded store admits one process: open it only while no service runs on it. */
export function openStoreOf(env: Record<string, string>, kind: StoreKind = STORE): Promise<Db> {
  return kind === 'postgres' ? openPostgres({ url: env['DATABASE_URL']! }) : openEmbedded(env['DATA_DIR']!);
}

export async function openTestStore(kind: StoreKind = STORE): Promise<TestStore> {
  const empty = await createEmptyStore(kind);
  const db = kind === 'postgres' ? await openPostgres({ url: empty.env['DATABASE_URL']! }) : await openEmbedded(empty.env['DATA_DIR']!);
  await migrate(db);
  return {
    db,
    env: empty.env,
    async destroy() {
      await db.close();
      await empty.remove();
    },
  };
}

/** Every table of the store's public schema, name and rows as JSON: what privacy tests search for a marker. */
export async function dumpTables(db: { query<T>(sql: string): Promise<T[]> }): Promise<string> {
  const tables = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'");
  const parts: string[] = [];
  for (const { table_name } of tables) parts.push(table_name, JSON.stringify(await db.query(`SELECT * FROM "${table_name}"`)));
  return parts.join('\n');
}
