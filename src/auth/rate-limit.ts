// The short-window request-rate limit per API key: a token bucket per key in this process's memory (a burst
// of `count`, refilled at `count` per window). It is per API process — N processes allow N × the rate — which
// is documented; a database round trip per request would cost more than the limit protects.
export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until one request is allowed again (0 when allowed). */
  retryAfter: number;
}

const MAX_TRACKED = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly count: number;
  private readonly windowMs: number;

  constructor(limit: { count: number; windowMs: number }) {
    this.count = limit.count;
    this.windowMs = limit.windowMs;
  }

  take(key: string, nowMs: number): RateDecision {
    const perMs = this.count / this.windowMs;
    const bucket = this.buckets.get(key) ?? { tokens: this.count, at: nowMs };
    // A clock moving backwards (tests, NTP) must not mint tokens or stall them: clamp elapsed time at zero.
    bucket.tokens = Math.min(this.count, bucket.tokens + Math.max(0, nowMs - bucket.at) * perMs);
    bucket.at = nowMs;
    if (!this.buckets.has(key)) this.remember(key, bucket, nowMs);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfter: 0 };
    }
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) };
  }

  /** Keeps memory bounded: buckets idle long enough to be full again carry no state worth keeping. */
  private remember(key: string, bucket: { tokens: number; at: number }, nowMs: number): void {
    if (this.buckets.size >= MAX_TRACKED) {
      for (const [k, b] of this.buckets) if (nowMs - b.at >= this.windowMs) this.buckets.delete(k);
    }
    this.buckets.set(key, bucket);
  }
}
