import { CV_KEY, CV_LAST_KEY, isCacheVersion } from "./cache";
import type { CvAuthority } from "./cv-authority";
import { ContentError } from "./errors";
import { realTimer, settledWithin, type Timer } from "../../shared/dates/deadline";
import type { CacheStore } from "./kv-store";

/**
 * How old the isolate's cv may be before a request starts a background check. A publish reaches
 * every isolate that serves traffic within this plus one check (the authority's answer); the
 * request that starts the check is answered with the cv the isolate has, as are all until it ends.
 */
export const CV_CHECK_MS = 5000;
/** How long the cv in KV is trusted by a cold isolate and when the authority cannot be asked. */
export const CV_KV_TTL_SECONDS = 60;
/** A check that has not ended after this long no longer counts as running (its request was cancelled). */
export const CV_REFRESH_STUCK_MS = 30_000;
/** How long a cold request polls for the cv another request is fetching before asking itself. */
export const CV_COLD_WAIT_MS = 3000;
const CV_COLD_POLL_MS = 20;
/** A check gives up on the authority after this long and falls back to KV and Storyblok. */
export const CV_AUTHORITY_DEADLINE_MS = 1500;
/**
 * How long a check waits for the answer of the request that started it: a body read slowly (or
 * never, a HEAD's) does not hold the isolate's checks. With CV_CHECK_MS and the authority's
 * deadline this makes the bound: 5 + 1 + 1.5 s, plus the gaps before the requests that notice and
 * that serve the publish, within 10 s (tests/integration/propagation.test.ts, on the real clock too).
 */
export const CV_ANSWER_WAIT_MS = 1000;
/** Backoff after failed checks: 1 s, 2 s, 4 s ... at most 60 s. */
export const CV_BACKOFF_MAX_MS = 60_000;

/**
 * What the isolate knows about the cache version: plain values only. A check in flight is a flag
 * with its start time, never a promise other requests await (workerd cancels a request's I/O when
 * that request ends, and forbids waiting on another request's I/O).
 */
export interface CvMemo {
  value?: number;
  /** When the value was last confirmed (by the authority, Storyblok or KV); absent: never. */
  checkedAt?: number;
  /** When the value was read from Storyblok (here or by the isolate that reported it); absent: from KV. */
  readAt?: number;
  refreshingSince?: number;
  failures?: number;
  retryAt?: number;
}

export interface CacheVersionDeps {
  store: CacheStore;
  /**
   * Storyblok's cv while a visitor waits (a cold isolate): the cv the links list's answer names
   * (content.ts), retries only within the request budget.
   */
  fetchCurrent: () => Promise<number>;
  /** The same call where no visitor waits (background checks, the webhook): the spec's five 429 retries. */
  fetchCurrentInBackground: () => Promise<number>;
  /** The site-wide authority (Durable Object); absent: KV and Storyblok only. */
  authority?: CvAuthority;
  now: () => number;
  /** How the cold poll and the authority deadline wait (default: real time). */
  timer?: Timer;
  memo: CvMemo;
  defer: (promise: Promise<unknown>) => void;
  /**
   * Settles when the request has its answer (a page: its body has gone out, or cannot any more). A
   * check it starts waits for this, at most CV_ANSWER_WAIT_MS: the check's authority call, origin
   * call and log line do not compete with the answer for the isolate (a fresh isolate's first page
   * was ~50 ms later with the check beside it).
   */
  answered: Promise<void>;
  onRefreshFailed?: (error: unknown) => void;
}

/**
 * The current cache version, never waiting for a check: the isolate's value (a background check
 * when it is older than CV_CHECK_MS) -> for a cold isolate the cv in KV (`cv:current`, else
 * `cv:last`) and a check at once. Only an isolate that knows no cv at all waits, for Storyblok.
 */
export async function currentCacheVersion(deps: CacheVersionDeps): Promise<number> {
  const { store, now, memo } = deps;
  if (memo.value !== undefined) {
    if (memo.checkedAt === undefined || now() - memo.checkedAt >= CV_CHECK_MS) startCheck(deps);
    return memo.value;
  }
  const [current, last] = await Promise.all([store.getText(CV_KEY), store.getText(CV_LAST_KEY)]);
  const known = cacheVersionOf(current) ?? cacheVersionOf(last);
  if (known !== undefined) {
    memo.value ??= known;
    startCheck(deps); // KV may lag a publish by a minute in this location
    return memo.value;
  }
  // A cold isolate: if another request is already asking, wait for the value it leaves behind.
  const shared = await valueFromRunningRefresh(deps);
  return shared ?? refreshNow(deps);
}

const cacheVersionOf = (text: string | null): number | undefined => {
  const cv = text === null ? Number.NaN : Number(text);
  return isCacheVersion(cv) ? cv : undefined;
};

/** Polls the memo (a value, never the other request's promise) while a refresh runs, for at most CV_COLD_WAIT_MS. */
async function valueFromRunningRefresh({ memo, now, timer = realTimer }: CacheVersionDeps): Promise<number | undefined> {
  for (let waited = 0; waited < CV_COLD_WAIT_MS; waited += CV_COLD_POLL_MS) {
    if (memo.value !== undefined || !isRunning(memo, now())) break;
    await timer(CV_COLD_POLL_MS, new AbortController().signal);
  }
  return memo.value;
}

const isRunning = (memo: CvMemo, t: number) => memo.refreshingSince !== undefined && t - memo.refreshingSince < CV_REFRESH_STUCK_MS;

/**
 * Starts a background check, after the request's answer, unless one is running (or waiting for
 * its request's answer) or the backoff says wait.
 */
export function startCheck(deps: CacheVersionDeps): void {
  const { memo, now } = deps;
  const t = now();
  if (isRunning(memo, t)) return;
  if (memo.retryAt !== undefined && t < memo.retryAt) return;
  memo.refreshingSince = t;
  deps.defer(
    afterAnswer(deps)
      .then(() => check(deps))
      .catch((error: unknown) => deps.onRefreshFailed?.(error)),
  );
}

/** The request's answer (at most CV_ANSWER_WAIT_MS), then one turn of the event loop: a body's end is read before its last bytes are written out. */
async function afterAnswer({ answered, timer = realTimer }: CacheVersionDeps): Promise<void> {
  await settledWithin(answered, CV_ANSWER_WAIT_MS, timer);
  await timer(0, new AbortController().signal);
}

/**
 * One check: the authority's cv (and, if it hands this isolate the lease, Storyblok's); without
 * an authority answer, KV's, else Storyblok's. Failures back off. It counts as running from
 * startCheck (which marks `refreshingSince`, the wait for the answer included) until it ends.
 */
async function check(deps: CacheVersionDeps): Promise<void> {
  const { memo, now } = deps;
  try {
    const answer = deps.authority ? await askAuthority(deps, deps.authority) : undefined;
    if (answer?.cv !== undefined) learn(deps, answer.cv, answer.readAt);
    if (answer?.refresh) await readStoryblok(deps, deps.fetchCurrentInBackground);
    else if (answer)
      memo.checkedAt = now(); // nothing newer known, and someone else is asking Storyblok
    else {
      const stored = cacheVersionOf(await deps.store.getText(CV_KEY));
      if (stored !== undefined) remember(memo, stored, now());
      else await readStoryblok(deps, deps.fetchCurrentInBackground);
    }
    memo.failures = 0;
    memo.retryAt = undefined;
  } catch (error) {
    memo.failures = (memo.failures ?? 0) + 1;
    memo.retryAt = now() + Math.min(CV_BACKOFF_MAX_MS, 1000 * 2 ** (memo.failures - 1));
    throw error;
  } finally {
    memo.refreshingSince = undefined;
  }
}

/**
 * Takes the authority's cv unless this isolate read a newer one itself (its report has not landed,
 * e.g. the webhook's): then it reports it again, and keeps it.
 */
function learn(deps: CacheVersionDeps, cv: number, readAt: number | undefined): void {
  const { memo, now } = deps;
  const mine = memo.readAt;
  if (mine !== undefined && memo.value !== undefined && (readAt === undefined || readAt < mine)) {
    if (memo.value !== cv) deps.defer(report(deps, memo.value, mine));
    memo.checkedAt = now();
    return;
  }
  remember(memo, cv, now(), readAt);
}

const report = (deps: CacheVersionDeps, cv: number, readAt: number) =>
  deps.authority ? deps.authority.report(cv, readAt).catch((error: unknown) => deps.onRefreshFailed?.(error)) : Promise.resolve();

/** The authority's answer within its deadline, or undefined (then KV and Storyblok stand in). */
async function askAuthority(deps: CacheVersionDeps, authority: CvAuthority) {
  const asked = await settledWithin(authority.read(deps.now()), CV_AUTHORITY_DEADLINE_MS, deps.timer);
  if (asked.state === "fulfilled") return asked.value;
  deps.onRefreshFailed?.(asked.state === "rejected" ? asked.reason : new Error("cv authority: no answer in time"));
  return undefined;
}

/** A cold isolate's first cv: Storyblok's, with the in-flight flag other cold requests poll. */
async function refreshNow(deps: CacheVersionDeps): Promise<number> {
  deps.memo.refreshingSince = deps.now();
  try {
    return await readStoryblok(deps, deps.fetchCurrent);
  } finally {
    deps.memo.refreshingSince = undefined;
  }
}

/**
 * Asks Storyblok (after a publish, or when nobody has for a while) and makes the answer current:
 * in this isolate, in KV (cold isolates, and the fallback) and at the authority (every isolate).
 */
export async function readStoryblok(deps: CacheVersionDeps, fetchCurrent: () => Promise<number>): Promise<number> {
  const startedAt = deps.now();
  const cv = await fetchCurrent();
  if (!isCacheVersion(cv)) throw new ContentError(502, "Bad Gateway");
  // a replayed webhook reads the same cv again: KV, which takes one write a second per key, has it
  // already (written at most half its lifetime ago); a new cv, or an older write, is written
  const { value, readAt } = deps.memo;
  if (value !== cv || readAt === undefined || startedAt - readAt >= (CV_KV_TTL_SECONDS * 1000) / 2) storeCacheVersion(deps.store, cv);
  deps.defer(report(deps, cv, startedAt));
  remember(deps.memo, cv, deps.now(), startedAt);
  return cv;
}

export function storeCacheVersion(store: CacheStore, cv: number): void {
  store.put(CV_KEY, String(cv), { expirationTtl: CV_KV_TTL_SECONDS });
  store.put(CV_LAST_KEY, String(cv));
}

/** The isolate's cv from now on; `readAt` says when it was read from Storyblok (undefined: not known). */
function remember(memo: CvMemo, value: number, at: number, readAt?: number): void {
  memo.value = value;
  memo.checkedAt = at;
  memo.readAt = readAt;
}
