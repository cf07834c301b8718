// The one database interface the rest of the code sees. Two implementations share one SQL dialect:
// PostgreSQL (`DATABASE_URL`) and embedded PostgreSQL (PGlite) in `DATA_DIR`.

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'postgres' | 'embedded';
  /** Runs `fn` in one transaction. Keep it short and never do network I/O inside: the embedded store
   * serialises all transactions. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>;
  /** Calls `onNotify` for each NOTIFY on `channel` (delivered when the notifying transaction commits, from any
   * process on PostgreSQL). Best effort: a lost connection loses notifications until it is back (then
   * `onNotify` is called once), so listeners keep a slow poll as well. Resolves to the unlisten function. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Embedded store only: the size of its WebAssembly memory, which grows with use and never shrinks. */
  wasmMemoryBytes?(): number;
}

/** Error raised by the store layer with a message safe to show an operator (never contains submitted data). */
export class StoreError extends Error {
  override name = 'StoreError';
}

/** The database cannot be reached right now (refused, cut off, shutting down): a transient condition, not a bug.
 * The HTTP layer answers 503 `not_ready`; the worker's jobs retry. `cause` keeps the driver's error. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}
