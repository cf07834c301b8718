// The one database interface the rest of the code sees. Two implementations share one SQL dialect:
// PostgreSQL (`DATABASE_URL`) and embedded PostgreSQL (PGlite) in `DATA_DIR`.

export interface Queryable {
  /** `options.name`: PostgreSQL prepares the statement once per connection under this name and then only binds
   * and executes it (no parse and plan per call: for the one-row key lookup of every partner request, planning
   * cost several times the execution). Only for constant SQL text run often; one name, one text. The embedded
   * store ignores it. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: { name?: string }): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'postgres' | 'embedded';
  /** Runs `fn` in one transaction. Keep it short and never do network I/O inside: the embedded store
   * serialises all transactions. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>;
  /** Calls `onNotify` with the payload of each NOTIFY on `channel`, delivered when the notifying transaction
   * commits. The embedded store delivers it before the notifying statement (or transaction) resolves. PostgreSQL
   * delivers it asynchronously, from any process, and best effort: a lost connection loses notifications until
   * it is back (then `onNotify` is called once with ''), so listeners keep a slow poll as well. Resolves to the
   * unlisten function. */
  listen(channel: string, onNotify: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
  /** Calls `fn` with the statements of each statement or transaction of this process that may have written
   * (anything but a lone SELECT) when it completes: what this process changed, known without waiting for its
   * own announcement. The embedded store never calls it (its announcements come first anyway). */
  onLocalWrite(fn: (statements: readonly string[]) => void): () => void;
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
