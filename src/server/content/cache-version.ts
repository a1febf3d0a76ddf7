import { CV_KEY, CV_LAST_KEY } from "./cache";

/** How long an isolate trusts the cv it last read before asking KV again. */
export const CV_MEMO_MS = 10_000;
/** How long the cv in KV is trusted before Storyblok is asked (the webhook refreshes it sooner). */
export const CV_KV_TTL_SECONDS = 60;

export interface CvMemo {
  value?: number;
  readAt?: number;
}

export interface CacheVersionDeps {
  kv: KVNamespace;
  fetchCurrent: () => Promise<number>;
  now: () => number;
  memo: CvMemo;
  defer: (promise: Promise<unknown>) => void;
}

/**
 * The current cache version: isolate memo (10 s) -> KV (60 s, written by the webhook or by the
 * last look-up) -> Storyblok's `cdn/spaces/me`. When Storyblok is down the last cv ever seen is
 * used, so cached pages keep being served.
 */
export async function currentCacheVersion({ kv, fetchCurrent, now, memo, defer }: CacheVersionDeps): Promise<number> {
  if (memo.value !== undefined && memo.readAt !== undefined && now() - memo.readAt < CV_MEMO_MS) return memo.value;
  const stored = Number(await kv.get(CV_KEY));
  if (stored > 0) return remember(memo, stored, now());
  try {
    const fresh = await fetchCurrent();
    defer(storeCacheVersion(kv, fresh));
    return remember(memo, fresh, now());
  } catch (error) {
    const last = memo.value ?? Number(await kv.get(CV_LAST_KEY));
    if (last > 0) return last;
    throw error;
  }
}

export async function storeCacheVersion(kv: KVNamespace, cv: number): Promise<void> {
  await Promise.all([
    kv.put(CV_KEY, String(cv), { expirationTtl: CV_KV_TTL_SECONDS }),
    kv.put(CV_LAST_KEY, String(cv)),
  ]);
}

function remember(memo: CvMemo, value: number, at: number): number {
  memo.value = value;
  memo.readAt = at;
  return value;
}
