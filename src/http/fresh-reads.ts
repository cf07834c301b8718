// Concurrent reads of one thing share a store query, but only one not sent yet: a request joins a read that will
// be sent after it arrived, never one already on its way. So the answer reflects every change committed before the
// request came — the partner key lookup on PostgreSQL stays as fresh as a query of its own (a key revoked by
// another process is refused on the very next request) — while a burst of requests with one key, arriving in the
// same turn of the event loop, costs one round trip instead of one each (bench/README.md, "Partner reads").
export class FreshReads<T> {
  private readonly open = new Map<string, Promise<T>>();

  /** `load()`'s answer, from a query sent after this call: shared with the calls for `id` made before it is sent. */
  get(id: string, load: () => Promise<T>): Promise<T> {
    const joined = this.open.get(id);
    if (joined) return joined;
    const read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      // From here on the query is on its way: later calls start their own.
      this.open.delete(id);
      return load();
    });
    this.open.set(id, read);
    return read;
  }
}
