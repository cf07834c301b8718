// An in-process cache of the partner API's reads (the key lookup, scan lists and details, usage), dropped the
// moment what it holds changes. Every statement that changes a table these reads use announces the table on
// `confgate_changes` at commit (migration 007); the cache listens and drops the entries that read it.
// - Embedded store: the announcement arrives before the changing statement resolves, and every writer (API,
//   worker, the admin CLI through the admin socket) is this process: no read ever sees a stale entry.
// - PostgreSQL: this process's own writes drop what depends on the tables their statements name when they
//   complete (`onLocalWrite`), before their caller continues; another process's change is dropped when its
//   announcement arrives — pushed by PostgreSQL as the change commits, well under a millisecond on one host.
//   While the listening connection is down nothing is cached, and everything is dropped when it is back.
// A read whose tables changed while it was loading is answered but not kept; concurrent misses of one entry
// share one load. Why it exists: the store round
// trips of a partner read cost several times the rest of the request (bench/README.md, "Partner reads").
import type { Db } from '../storage/db.ts';

export const CHANGES_CHANNEL = 'confgate_changes';

/** Tables whose announcements drop an entry (migration 007 announces exactly these). */
export const TABLES = ['accounts', 'api_keys', 'quota_usage', 'key_usage', 'scans', 'webhook_events', 'webhook_deliveries'] as const;
export type Table = (typeof TABLES)[number];
const NAMED = new RegExp(`\\b(${TABLES.join('|')})\\b`, 'g');

interface Entry {
  value: unknown;
  tables: readonly Table[];
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly generation = new Map<string, number>();
  /** Bumped when everything is dropped: every load in flight is stale. */
  private epoch = 0;
  /** False while changes might be missed (not listening): reads go to the store. */
  private live: boolean;
  private readonly maxEntries: number;

  constructor(live: boolean, maxEntries = 10_000) {
    this.live = live;
    this.maxEntries = maxEntries;
  }

  /** The cached value of `key`, or `load()`'s, kept unless one of `tables` changed while it loaded or `keep`
   * refuses it (e.g. no key found: a flood of made-up keys must not evict the real ones). */
  async get<T>(key: string, tables: readonly Table[], load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    if (!this.live) return load();
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const epoch = this.epoch;
    const before = tables.map((t) => this.generation.get(t) ?? 0);
    const loaded = load();
    this.loading.set(key, loaded);
    try {
      const value = await loaded;
      if (this.live && keep(value) && epoch === this.epoch && tables.every((t, i) => (this.generation.get(t) ?? 0) === before[i])) {
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, { value, tables });
      }
      return value;
    } finally {
      this.loading.delete(key);
    }
  }

  /** An announced change of `table`. */
  changed(table: string): void {
    this.generation.set(table, (this.generation.get(table) ?? 0) + 1);
    this.loading.clear();
    for (const [key, entry] of this.entries) if ((entry.tables as readonly string[]).includes(table)) this.entries.delete(key);
  }

  /** Drops everything (a change of unknown tables); `live`, when given, says whether to cache from now on. */
  clear(live?: boolean): void {
    this.entries.clear();
    this.loading.clear();
    this.epoch++;
    if (live !== undefined) this.live = live;
  }
}

/** The cache for `db`, listening to its announcements (empty payload: the listener reconnected). When it cannot
 * listen (the store is down at start-up), it caches nothing: every read goes to the store. */
export async function openReadCache(db: Db, onError: (err: Error) => void): Promise<{ cache: ReadCache; close: () => Promise<void> }> {
  const cache = new ReadCache(false);
  let unlisten: () => Promise<void>;
  try {
    unlisten = await db.listen(CHANGES_CHANNEL, (table) => (table === '' ? cache.clear(true) : cache.changed(table)), () => cache.clear(false));
  } catch (err) {
    onError(err as Error);
    return { cache, close: async () => undefined };
  }
  const offWrites = db.onLocalWrite((statements) => {
    const named = new Set(statements.flatMap((sql) => [...sql.matchAll(NAMED)].map((m) => m[1]!)));
    for (const table of named) cache.changed(table);
  });
  cache.clear(true);
  return {
    cache,
    close: async () => {
      offWrites();
      await unlisten();
    },
  };
}
