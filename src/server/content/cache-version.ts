import { CV_KEY, CV_LAST_KEY } from "./cache";
import type { CacheStore } from "./kv-store";

/** How long an isolate trusts the cv it last read before asking KV again. */
export const CV_MEMO_MS = 10_000;
/** How long the cv in KV is trusted before Storyblok is asked (the webhook refreshes it sooner). */
export const CV_KV_TTL_SECONDS = 60;
/** A refresh that has not ended after this long no longer counts as running (its request was cancelled). */
export const CV_REFRESH_STUCK_MS = 30_000;
/** How long a cold request polls for the cv another request is fetching before asking itself. */
export const CV_COLD_WAIT_MS = 3000;
/** Backoff after failed refreshes: 1 s, 2 s, 4 s ... at most 60 s. */
export const CV_BACKOFF_MAX_MS = 60_000;

/**
 * What the isolate knows about the cache version: plain values only. A refresh in flight is a
 * flag with its start time, never a promise other requests await (workerd cancels a request's
 * I/O when that request ends, and forbids waiting on another request's I/O).
 */
export interface CvMemo {
  value?: number;
  readAt?: number;
  refreshingSince?: number;
  failures?: number;
  retryAt?: number;
}

export interface CacheVersionDeps {
  store: CacheStore;
  fetchCurrent: () => Promise<number>;
  now: () => number;
  memo: CvMemo;
  defer: (promise: Promise<unknown>) => void;
  onRefreshFailed?: (error: unknown) => void;
}

/**
 * The current cache version: isolate memo (10 s) -> KV (60 s, written by the webhook or the last
 * refresh) -> the last cv known (memo or `cv:last`) while one background refresh per isolate asks
 * Storyblok. Only an isolate that knows no cv at all waits for Storyblok (bounded by its timeout).
 */
export async function currentCacheVersion(deps: CacheVersionDeps): Promise<number> {
  const { store, now, memo } = deps;
  if (memo.value !== undefined && memo.readAt !== undefined && now() - memo.readAt < CV_MEMO_MS) return memo.value;
  const stored = Number(await store.getText(CV_KEY));
  if (stored > 0) return remember(memo, stored, now());
  const last = memo.value ?? Number(await store.getText(CV_LAST_KEY));
  if (last > 0) {
    remember(memo, last, now());
    startRefresh(deps);
    return last;
  }
  // A cold isolate: if another request is already asking, wait for the value it leaves behind.
  const shared = await valueFromRunningRefresh(memo, now);
  return shared ?? refresh(deps);
}

/** Polls the memo (a value, never the other request's promise) while a refresh runs, for at most its stuck time. */
async function valueFromRunningRefresh(memo: CvMemo, now: () => number): Promise<number | undefined> {
  const started = Date.now();
  while (memo.value === undefined && memo.refreshingSince !== undefined && now() - memo.refreshingSince < CV_REFRESH_STUCK_MS) {
    if (Date.now() - started > CV_COLD_WAIT_MS) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return memo.value;
}

/** Starts a background refresh unless one is running or the backoff says wait. */
export function startRefresh(deps: CacheVersionDeps): void {
  const { memo, now } = deps;
  const t = now();
  if (memo.refreshingSince !== undefined && t - memo.refreshingSince < CV_REFRESH_STUCK_MS) return;
  if (memo.retryAt !== undefined && t < memo.retryAt) return;
  deps.defer(refresh(deps).catch((error: unknown) => deps.onRefreshFailed?.(error)));
}

async function refresh(deps: CacheVersionDeps): Promise<number> {
  const { memo, now } = deps;
  memo.refreshingSince = now();
  try {
    const fresh = await deps.fetchCurrent();
    storeCacheVersion(deps.store, fresh);
    memo.failures = 0;
    memo.retryAt = undefined;
    return remember(memo, fresh, now());
  } catch (error) {
    memo.failures = (memo.failures ?? 0) + 1;
    memo.retryAt = now() + Math.min(CV_BACKOFF_MAX_MS, 1000 * 2 ** (memo.failures - 1));
    throw error;
  } finally {
    memo.refreshingSince = undefined;
  }
}

export function storeCacheVersion(store: CacheStore, cv: number): void {
  store.put(CV_KEY, String(cv), { expirationTtl: CV_KV_TTL_SECONDS });
  store.put(CV_LAST_KEY, String(cv));
}

function remember(memo: CvMemo, value: number, at: number): number {
  memo.value = value;
  memo.readAt = at;
  return value;
}
