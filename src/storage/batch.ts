// Buffers small writes and flushes them together: one multi-row statement per interval instead of one
// transaction per request (the embedded store serialises transactions). A failed flush keeps the rows for
// the next attempt, up to a bound, so a database restart loses nothing but a flood cannot grow memory.
export class BatchWriter<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private readonly write: (items: T[]) => Promise<void>;
  private readonly intervalMs: number;
  private readonly maxItems: number;
  private readonly onError: (err: Error, dropped: number) => void;

  constructor(write: (items: T[]) => Promise<void>, options: { intervalMs: number; maxItems: number; onError: (err: Error, dropped: number) => void }) {
    this.write = write;
    this.intervalMs = options.intervalMs;
    this.maxItems = options.maxItems;
    this.onError = options.onError;
  }

  add(item: T): void {
    this.items.push(item);
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref();
  }

  /** Writes everything buffered now; resolves when it is written (or kept for the next attempt). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    if (this.items.length === 0) return;
    const batch = this.items;
    this.items = [];
    this.flushing = this.write(batch).catch((err: Error) => {
      const kept = [...batch, ...this.items];
      const dropped = Math.max(0, kept.length - this.maxItems);
      this.items = kept.slice(dropped);
      this.onError(err, dropped);
      if (this.items.length > 0) this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref();
    });
    await this.flushing;
    this.flushing = undefined;
  }
}
