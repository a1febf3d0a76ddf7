/**
 * Token bucket for outbound Storyblok requests: `ratePerSecond` tokens refill continuously up to
 * `capacity` (the burst). `reserve()` takes a token now and returns how many milliseconds the
 * caller must wait before sending; reservations queue up fairly by going into debt, so the
 * bucket itself never schedules a timer (nothing can be left behind when a request ends).
 *
 * The debt is bounded: a reservation that would have to wait longer than `maxWaitMs` takes no
 * token and gets `null`. Without that bound a burst of unique misses queued every later request
 * behind it (150 misses at 5/s meant a 30 s wait for whoever came next).
 */
export interface TokenBucket {
  reserve(): number;
  reserve(maxWaitMs: number): number | null;
  /**
   * A token now, only if `keep` more stay in the bucket (and nobody is in debt): true, or false with
   * nothing taken. What a call that could do without its answer takes: it never queues.
   */
  spare(keep: number): boolean;
}

export interface TokenBucketOptions {
  ratePerSecond: number;
  capacity?: number;
  now: () => number;
}

export function createTokenBucket({ ratePerSecond, capacity = ratePerSecond, now }: TokenBucketOptions): TokenBucket {
  if (!(ratePerSecond > 0) || !(capacity >= 1)) throw new RangeError("rate and capacity must be positive");
  let tokens = capacity;
  let last = now();
  const refill = () => {
    const t = now();
    tokens = Math.min(capacity, tokens + ((t - last) / 1000) * ratePerSecond);
    last = t;
  };
  const bucket = {
    reserve(maxWaitMs = Number.POSITIVE_INFINITY): number | null {
      refill();
      const wait = tokens >= 1 ? 0 : Math.ceil(((1 - tokens) / ratePerSecond) * 1000);
      if (wait > maxWaitMs) return null;
      tokens -= 1;
      return wait;
    },
    spare(keep: number): boolean {
      refill();
      if (tokens < 1 + keep) return false;
      tokens -= 1;
      return true;
    },
  };
  return bucket as TokenBucket;
}

/** Storyblok's published limit: 5 requests per second, 3 when an OAuth token is used. */
export function storyblokRate(oauth: boolean): number {
  return oauth ? 3 : 5;
}
