import { ContentError } from "./errors";
import { statusText } from "./http-status";

export const MAX_RETRIES = 5;

/** Delay before retry number `attempt` (1-based) after a 429: 1 s, 2 s, 3 s, ... */
export function backoffDelayMs(attempt: number): number {
  return attempt * 1000;
}

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface GuardedFetchOptions {
  fetch: typeof fetch;
  /** Called before every attempt; resolves when the request may be sent (token bucket). */
  acquire: () => Promise<void>;
  sleep: Sleep;
  maxRetries?: number;
  onRetry?: (info: { attempt: number; delayMs: number; url: string }) => void;
}

/**
 * The fetch that every Storyblok request goes through: rate limited, retried on 429 with an
 * increasing delay, and turned into a `ContentError` for any status outside 200-206.
 */
export function createGuardedFetch({ fetch, acquire, sleep, maxRetries = MAX_RETRIES, onRetry }: GuardedFetchOptions): typeof fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    for (let attempt = 0; ; attempt++) {
      await acquire();
      let response: Response;
      try {
        response = await fetch(input, init);
      } catch (cause) {
        throw new ContentError(0, cause instanceof Error ? cause.message : String(cause), redact(url));
      }
      if (response.status === 429 && attempt < maxRetries) {
        await response.body?.cancel();
        const delayMs = backoffDelayMs(attempt + 1);
        onRetry?.({ attempt: attempt + 1, delayMs, url: redact(url) });
        await sleep(delayMs);
        continue;
      }
      if (response.status < 200 || response.status > 206) {
        await response.body?.cancel();
        throw new ContentError(response.status, response.statusText || statusText(response.status), redact(url));
      }
      // The spec counts all of 200-206 as success; the API client only accepts 200, so say 200.
      return response.status === 200 ? response : new Response(response.body, { status: 200, headers: response.headers });
    }
  };
}

/** Access tokens must never reach logs or error messages. */
export function redact(url: string): string {
  return url.replace(/([?&]token=)[^&]*/g, "$1***");
}
