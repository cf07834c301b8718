// Numbered SQL migrations (`migrations/NNN-name.sql`), applied at start-up in one transaction under an
// advisory lock, so several instances starting at once apply each migration exactly once. A migration whose
// file changed after it was applied stops start-up: history is append-only.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';
import { StoreError } from './db.ts';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_ID = 7_140_221_001; // arbitrary, constant: this application's migration lock

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export function loadMigrations(dir = DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(path.join(dir, file), 'utf8');
      return {
        version: Number(file.slice(0, 3)),
        name: file.slice(4, -4),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
}

export interface MigrationStatus {
  applied: { version: number; name: string; applied_at: string }[];
  pending: { version: number; name: string }[];
}

/** Applies pending migrations; returns the versions applied by this call. */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now())`);
    const rows = await tx.query<{ version: number; checksum: string }>('SELECT version, checksum FROM schema_migrations');
    const applied = new Map(rows.map((r) => [r.version, r.checksum]));
    const done: number[] = [];
    for (const m of migrations) {
      const checksum = applied.get(m.version);
      if (checksum !== undefined) {
        if (checksum !== m.checksum) throw new StoreError(`migration ${m.version}-${m.name} was changed after it was applied`);
        continue;
      }
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
      done.push(m.version);
    }
    return done;
  });
}

export async function migrationStatus(db: Db, migrations = loadMigrations()): Promise<MigrationStatus> {
  const exists = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  const rows = exists[0]?.present
    ? await db.query<{ version: number; name: string; applied_at: Date }>('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')
    : [];
  const versions = new Set(rows.map((r) => r.version));
  return {
    applied: rows.map((r) => ({ version: r.version, name: r.name, applied_at: new Date(r.applied_at).toISOString() })),
    pending: migrations.filter((m) => !versions.has(m.version)).map((m) => ({ version: m.version, name: m.name })),
  };
}

/** Splits a migration into statements on `;` at line ends (our migrations keep one statement per `;\n`),
 * so they run through the parameterised query path that both stores share inside a transaction. */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}
