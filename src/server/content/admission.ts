/**
 * How an origin call gets its token from the isolate's bucket, by what waits for its answer. After
 * a publish every answer of the new cache version is missing at once, and most have a copy a
 * visitor can be answered with. In priority order:
 * 1. what nothing can stand in for (the cache version, the links list, a page without a copy)
 *    waits its turn, up to START_BUDGET_MS;
 * 2. the stories a visitor's page shows wait for a token only as long as the visitor would wait
 *    for them (`waitMs`: the rest of its budget), then the visitor gets its copy;
 * 3. everything else with a copy (listings, datasource entries) takes spare tokens only, one
 *    always left in the bucket, and never queues.
 * The bucket's debt is the queue: bounded by START_BUDGET_MS's worth of tokens.
 */
import { ContentError } from "./errors";
import type { TokenBucket } from "./token-bucket";

/**
 * - `version`: the cache version (the webhook's read, a background check's): all else waits on it;
 * - `needed`: a request waits and nothing can stand in (the links list, a draft, a page without a copy);
 * - `refill`: an answer of the current cache version that may have a copy to be answered with.
 */
export type Urgency = "version" | "needed" | "refill";

export interface OriginCall {
  urgency: Urgency;
  /** For a refill: whether the request has a copy to be answered with. Asked only when no spare token is free. */
  hasCopy?: () => Promise<boolean>;
  /** For a refill the visitor waits for (its page's stories): how long it may wait for a token before its copy is served. */
  waitMs?: number;
}

export const NEEDED: OriginCall = { urgency: "needed" };
export const VERSION: OriginCall = { urgency: "version" };

/** A refill no visitor waits for (a listing, datasource entries): spare tokens only. */
export function onSpareTokens(call: OriginCall): OriginCall {
  return call.waitMs === undefined ? call : { urgency: call.urgency, hasCopy: call.hasCopy };
}

/** One call for several answers: a refill only while every answer is one (with a copy only if each has one), waiting as the most patient. */
export function together(calls: readonly OriginCall[]): OriginCall {
  const urgent = calls.find((call) => call.urgency !== "refill");
  if (urgent) return urgent;
  const waits = calls.flatMap((call) => (call.waitMs === undefined ? [] : [call.waitMs]));
  return {
    urgency: "refill",
    hasCopy: async () => (await Promise.all(calls.map((call) => call.hasCopy?.() ?? false))).every(Boolean),
    waitMs: waits.length ? Math.max(...waits) : undefined,
  };
}

/** Tokens a refill leaves in the bucket: a call that cannot do without its answer finds one at once. */
export const KEPT_TOKENS = 1;
/** How long a call that cannot do without its answer may wait for its token (a page without a copy waits, not fails). */
export const START_BUDGET_MS = 3000;
/** The bucket had no token for the call: it was not sent. */
export const ORIGIN_BUSY = 503;

const REFILL_DEFERRED = "Content service busy: a copy is served, the refill waits for a token";

/** The call was not sent because the request has a copy and no spare token was free: expected after a publish. */
export function isRefillDeferred(error: unknown): boolean {
  return error instanceof ContentError && error.status === ORIGIN_BUSY && error.statusText === REFILL_DEFERRED;
}

/** What the bucket says to a call: go after `wait` ms, not at all, or first ask whether a copy can stand in. */
export type Admission = { wait: number } | { refused: string } | { askCopy: true };

/** Pure: one call's turn at the bucket. `hasCopy` is unknown until asked (undefined). */
export function admit(bucket: TokenBucket, call: Pick<OriginCall, "urgency" | "waitMs">, hasCopy?: boolean): Admission {
  if (bucket.spare(KEPT_TOKENS)) return { wait: 0 };
  if (call.urgency === "refill" && hasCopy === undefined) return { askCopy: true };
  if (call.urgency === "refill" && hasCopy) {
    const wait = call.waitMs === undefined ? null : bucket.reserve(Math.min(call.waitMs, START_BUDGET_MS));
    return wait === null ? { refused: REFILL_DEFERRED } : { wait };
  }
  const wait = bucket.reserve(START_BUDGET_MS);
  return wait === null ? { refused: "Content service busy: rate limit queue full" } : { wait };
}

/** Waits for the call's token (asking for a copy only when that decides), or throws a `ContentError` 503 when it gets none. */
export async function acquire(bucket: TokenBucket, sleep: (ms: number) => Promise<void>, call: OriginCall): Promise<void> {
  let admission = admit(bucket, call);
  if ("askCopy" in admission) admission = admit(bucket, call, (await call.hasCopy?.()) ?? false);
  if ("refused" in admission) throw new ContentError(ORIGIN_BUSY, admission.refused);
  if ("wait" in admission && admission.wait > 0) await sleep(admission.wait);
}
