// Timing helpers shared by the suites: warm up, then time enough iterations to be stable.
import { performance } from 'node:perf_hooks';

export interface Timing {
  /** Mean milliseconds per call. */
  meanMs: number;
  iterations: number;
}

export function timeIt(fn: () => unknown, minMs = 500, warmup = 20): Timing {
  for (let i = 0; i < warmup; i++) fn();
  let iterations = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    fn();
    iterations++;
    elapsed = performance.now() - start;
  }
  return { meanMs: elapsed / iterations, iterations };
}

export function ratio(baseline: number, ours: number): string {
  return `${(baseline / ours).toFixed(2)}x`;
}

/** The middle value (the upper middle of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}
