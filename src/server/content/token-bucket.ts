/**
 * Token bucket for outbound Storyblok requests: `ratePerSecond` tokens refill continuously up to
 * `capacity` (the burst). `reserve()` takes a token now and returns how many milliseconds the
 * caller must wait before sending; reservations queue up fairly by going into debt, so the
 * bucket itself never schedules a timer (nothing can be left behind when a request ends).
 */
export interface TokenBucket {
  reserve(): number;
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
  return {
    reserve() {
      const t = now();
      tokens = Math.min(capacity, tokens + ((t - last) / 1000) * ratePerSecond);
      last = t;
      tokens -= 1;
      return tokens >= 0 ? 0 : Math.ceil((-tokens / ratePerSecond) * 1000);
    },
  };
}

/** Storyblok's published limit: 5 requests per second, 3 when an OAuth token is used. */
export function storyblokRate(oauth: boolean): number {
  return oauth ? 3 : 5;
}
