import { NEEDED, type OriginCall } from "./admission";
import { ContentError } from "./errors";
import { statusText } from "./http-status";

export const MAX_RETRIES = 5;

/** Delay before retry number `attempt` (1-based) after a 429: 1 s, 2 s, 3 s, ... */
export function backoffDelayMs(attempt: number): number {
  return attempt * 1000;
}

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The origin did not answer within the timeout: treated like a 5xx. */
export const ORIGIN_TIMEOUT = 504;

/**
 * `fetch` with what the call is for (admission.ts): how it waits for the rate limit. A plain
 * `fetch` is one (it ignores the third argument).
 */
export type OriginFetch = (input: RequestInfo | URL, init?: RequestInit, call?: OriginCall) => Promise<Response>;

export interface GuardedFetchOptions {
  fetch: typeof fetch;
  /**
   * Called before every attempt; resolves when the request may be sent (token bucket), or
   * rejects (a `ContentError`) when it may not be sent (admission.ts).
   */
  acquire: (call: OriginCall) => Promise<void>;
  /** How a call that does not say otherwise waits for its token (admission.ts); default: as a needed one. */
  call?: OriginCall;
  sleep: Sleep;
  maxRetries?: number;
  /** Each attempt is aborted after this long (AbortSignal); absent: no timeout. */
  timeoutMs?: number;
  /** No 429 retry is started that would end after this long since the first attempt; absent: no limit. */
  retryBudgetMs?: number;
  now?: () => number;
  onRetry?: (info: { attempt: number; delayMs: number; url: string }) => void;
}

/**
 * The fetch that every Storyblok request goes through: rate limited, bounded in time (each
 * attempt has a timeout, retries stop at the budget), retried on 429 with an increasing delay,
 * and turned into a `ContentError` for any status outside 200-206.
 */
export function createGuardedFetch(options: GuardedFetchOptions): OriginFetch {
  const { fetch: send, acquire, sleep, maxRetries = MAX_RETRIES, onRetry } = options;
  const now = options.now ?? Date.now;
  return async (input, init, call = options.call ?? NEEDED) => {
    const url = redact(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const started = now();
    for (let attempt = 0; ; attempt++) {
      await acquire(call);
      const response = await attemptOnce(send, input, init, url, options.timeoutMs);
      const delayMs = backoffDelayMs(attempt + 1);
      const inBudget = options.retryBudgetMs === undefined || now() - started + delayMs <= options.retryBudgetMs;
      if (response.status === 429 && attempt < maxRetries && inBudget) {
        await response.body?.cancel();
        onRetry?.({ attempt: attempt + 1, delayMs, url });
        await sleep(delayMs);
        continue;
      }
      if (response.status < 200 || response.status > 206) {
        await response.body?.cancel();
        throw new ContentError(response.status, response.statusText || statusText(response.status), url);
      }
      // The spec counts all of 200-206 as success; the API client only accepts 200, so say 200.
      return response.status === 200 ? response : new Response(response.body, { status: 200, headers: response.headers });
    }
  };
}

/** One attempt; a network failure is status 0, an attempt cut off by the timeout is a 504. */
async function attemptOnce(
  fetch: typeof globalThis.fetch,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  url: string,
  timeoutMs?: number,
): Promise<Response> {
  const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
  const signals = [init?.signal, timeout].filter((signal): signal is AbortSignal => Boolean(signal));
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  try {
    return await fetch(input, signal ? { ...init, signal } : init);
  } catch (cause) {
    if (timeout?.aborted) throw new ContentError(ORIGIN_TIMEOUT, statusText(ORIGIN_TIMEOUT), url);
    throw new ContentError(0, cause instanceof Error ? cause.message : String(cause), url);
  }
}

/** Access tokens must never reach logs or error messages. */
export function redact(url: string): string {
  return url.replace(/([?&]token=)[^&]*/g, "$1***");
}
