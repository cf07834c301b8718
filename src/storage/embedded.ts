// Embedded PostgreSQL (PGlite) in DATA_DIR: `npm start` works with nothing else installed. PGlite allows one
// process per data directory (guarded by a lock file here), serialises transactions, and does not fsync:
// committed data survives a killed process (it is in the OS page cache) but not a power loss — see
// docs/architecture.md. Other processes (the admin CLI) reach a running store through the admin socket.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from './db.ts';
import { StoreError } from './db.ts';

export const LOCK_FILE = 'confgate.lock';

/** PostgreSQL allocates its shared buffers in PGlite's WebAssembly memory at start-up and zero-fills them, so all
 * of them are resident from the first second: initdb's 128 MB cost about 100 MB more RSS than 32 MB do. 32 MB hold
 * the service's working set (pages beyond it are read back from the OS page cache); throughput measured the same
 * with either (docs/operations.md, "Memory"). */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding DATA_DIR's lock, if that process is still alive. */
export function lockHolder(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes DATA_DIR's lock or throws StoreError naming the holder. A lock left by a dead process is taken over. */
function acquireLock(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(dataDir);
      if (holder !== undefined) {
        throw new StoreError(`the embedded store in ${dataDir} is in use by process ${holder} (one process per data directory)`);
      }
      try {
        unlinkSync(file); // stale: its process is gone
      } catch {
        // Another process removed it first; retry the exclusive create.
      }
    }
  }
  throw new StoreError(`could not lock the embedded store in ${dataDir}`);
}

export async function openEmbedded(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const release = acquireLock(dataDir);
  let pg: PGlite;
  try {
    pg = await PGlite.create(path.join(dataDir, 'pg'), { startParams: START_PARAMS });
  } catch (err) {
    release();
    throw new StoreError(`could not open the embedded store in ${dataDir}: ${(err as Error).message}`);
  }
  return {
    kind: 'embedded',
    query: async (sql, params) => (await pg.query(sql, params)).rows as never[],
    transaction: (fn) => pg.transaction((tx) => fn({ query: async (sql, params) => (await tx.query(sql, params)).rows as never[] })),
    async exec(sql) {
      await pg.exec(sql);
    },
    // Notifications arrive before the notifying statement resolves, and no connection can be lost.
    listen: (channel, onNotify) => pg.listen(channel, (payload) => onNotify(payload)),
    onLocalWrite: () => () => undefined,
    wasmMemoryBytes: () => pg.Module.HEAPU8.buffer.byteLength,
    async close() {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}
