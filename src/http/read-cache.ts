// An in-process cache of the partner API's reads (scan lists and details, usage; and on the embedded store the key
// lookup), dropped the moment what it holds changes. Every statement that changes a table these reads use
// announces the table on `confgate_changes` at commit (migration 007); the cache listens and drops the entries
// that read it. (Migration 007's header comment predates this cache on PostgreSQL and says nobody listens there;
// an applied migration cannot change, not even its comments: src/storage/migrate.ts checks the whole file.)
// - Embedded store: the announcement arrives before the changing statement resolves, and every writer (API,
//   worker, the admin CLI through the admin socket) is this process: no read ever sees a stale entry.
// - PostgreSQL: this process's own writes drop what depends on the tables their statements name when they
//   complete (`onLocalWrite`), before their caller continues; another process's change is dropped when its
//   announcement arrives — pushed by PostgreSQL after the change committed, so a read in between can be served
//   the entry from before. That is why the API-key lookup is not cached on PostgreSQL
//   (src/http/routes/partner-auth.ts: revocation and suspension must hold on the next request, in any process);
//   the bodies cached here are read only after the key was accepted, and their brief staleness is no security
//   matter. While the listening connection is down nothing is cached; everything is dropped when it is lost and
//   caching resumes once LISTEN succeeded again. A connection that dies silently is not noticed at once (TCP
//   keepalive, src/storage/postgres.ts): entries also expire ENTRY_TTL_MS after they were loaded.
// A read whose tables changed while it was loading is answered but not kept; concurrent misses of one entry
// share one load. Why it exists: the store round trips of a partner read cost several times the rest of the
// request (bench/README.md, "Partner reads").
import type { Db } from '../storage/db.ts';

export const CHANGES_CHANNEL = 'confgate_changes';

/** Tables whose announcements drop an entry (migration 007 announces exactly these). */
export const TABLES = ['accounts', 'api_keys', 'quota_usage', 'key_usage', 'scans', 'webhook_events', 'webhook_deliveries'] as const;
export type Table = (typeof TABLES)[number];
const NAMED = new RegExp(`\\b(${TABLES.join('|')})\\b`, 'g');

/** How long an entry may be served at most, announcements or not (measured from the start of the load that made
 * it). The announcements drop entries at once; this bounds what a listening connection that died without a word
 * can serve: TCP keepalive (src/storage/postgres.ts) takes minutes to notice a half-open connection, and until
 * it does nothing tells the cache that changes are being missed. 2 s keeps a poller's view of its own scans
 * within its polling interval, and costs one reload per entry every 2 s: under the load bench (thousands of
 * reads/s of a handful of entries) a fraction of a per cent of the reads. */
export const ENTRY_TTL_MS = 2000;

export interface ReadCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  /** Milliseconds now (injectable for tests of the TTL). */
  now?: () => number;
}

interface Entry {
  value: unknown;
  tables: readonly Table[];
  expires: number;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly generation = new Map<string, number>();
  /** Bumped when everything is dropped: every load in flight is stale. */
  private epoch = 0;
  /** False while changes might be missed (not listening): reads go to the store. */
  private isLive: boolean;
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(live: boolean, options: ReadCacheOptions = {}) {
    this.isLive = live;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.ttlMs = options.ttlMs ?? ENTRY_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** Whether entries are kept (the announcements are being heard). */
  get live(): boolean {
    return this.isLive;
  }

  /** The number of entries held (expired ones included until they are next asked for). */
  get size(): number {
    return this.entries.size;
  }

  /** The cached value of `key`, or `load()`'s, kept unless one of `tables` changed while it loaded or `keep`
   * refuses it (e.g. no key found: a flood of made-up keys must not evict the real ones). */
  async get<T>(key: string, tables: readonly Table[], load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    if (!this.isLive) return load();
    const started = this.now();
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.expires > started) return hit.value as T;
      this.entries.delete(key);
    }
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const epoch = this.epoch;
    const before = tables.map((t) => this.generation.get(t) ?? 0);
    const loaded = load();
    this.loading.set(key, loaded);
    try {
      const value = await loaded;
      if (this.isLive && keep(value) && epoch === this.epoch && tables.every((t, i) => (this.generation.get(t) ?? 0) === before[i])) {
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, { value, tables, expires: started + this.ttlMs });
      }
      return value;
    } finally {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
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
    if (live !== undefined) this.isLive = live;
  }
}

/** The cache for `db`, listening to its announcements (empty payload: the listener reconnected). When it cannot
 * listen (the store is down at start-up), it caches nothing: every read goes to the store. */
export async function openReadCache(db: Db, onError: (err: Error) => void, options: ReadCacheOptions = {}): Promise<{ cache: ReadCache; close: () => Promise<void> }> {
  const cache = new ReadCache(false, options);
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
      cache.clear(false);
    },
  };
}
