// Buffers small writes and flushes them together: one statement per interval (or per chunk of `maxPerWrite`) instead
// of one transaction per request (the embedded store serialises transactions). A failed flush keeps what was not
// written for the next attempt, up to a bound, so a database restart loses nothing but a flood cannot grow memory.
import { setImmediate } from 'node:timers/promises';

export interface BatchOptions {
  intervalMs: number;
  /** Items kept while writes fail; beyond it the oldest are dropped (and counted to `onError`). */
  maxItems: number;
  /** Items per write: the embedded store runs a statement on the event loop (10 000 security-log rows took ~230 ms),
   * so a large flush is written in chunks, and the event loop runs whatever else is waiting between two chunks (the
   * chunks' promises alone would chain them back to back). Unbounded by default. */
  maxPerWrite?: number;
  onError: (err: Error, dropped: number) => void;
}

export class BatchWriter<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private readonly write: (items: T[]) => Promise<void>;
  private readonly intervalMs: number;
  private readonly maxItems: number;
  private readonly maxPerWrite: number;
  private readonly onError: (err: Error, dropped: number) => void;

  constructor(write: (items: T[]) => Promise<void>, options: BatchOptions) {
    this.write = write;
    this.intervalMs = options.intervalMs;
    this.maxItems = options.maxItems;
    this.maxPerWrite = options.maxPerWrite ?? Infinity;
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
    this.flushing = this.drain();
    await this.flushing;
    this.flushing = undefined;
  }

  /** Writes the buffered items chunk by chunk, in order; a chunk counts as written only once its write resolved, so a
   * failure keeps that chunk and everything after it (nothing written is written twice). */
  private async drain(): Promise<void> {
    const batch = this.items;
    this.items = [];
    for (let at = 0; at < batch.length; at += this.maxPerWrite) {
      if (at > 0) await setImmediate();
      const chunk = at === 0 && batch.length <= this.maxPerWrite ? batch : batch.slice(at, at + this.maxPerWrite);
      try {
        await this.write(chunk);
      } catch (err) {
        const kept = [...batch.slice(at), ...this.items];
        const dropped = Math.max(0, kept.length - this.maxItems);
        this.items = kept.slice(dropped);
        this.onError(err as Error, dropped);
        if (this.items.length > 0) this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref();
        return;
      }
    }
  }
}
