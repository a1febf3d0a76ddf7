/**
 * Origin loads running in this isolate, by cv key, as plain values (when each started), never
 * promises: in workerd a request must not wait on another request's I/O. A second request for an
 * answer that is being loaded waits for what the first leaves in the isolate's parsed cache
 * instead of asking the origin again, so after a publish each answer costs one origin call per
 * isolate, not one per visitor asking for it meanwhile.
 */
import { type Timer, realTimer } from "../../shared/dates/deadline";
import type { ParsedCache } from "./parsed-cache";

/** At most this many loads are shared at once; past it a load runs unshared, as each request's own. */
export const MAX_SHARED_LOADS = 256;
/** A load that has not ended after this long no longer counts as running (its request was cancelled). */
export const SHARED_LOAD_STUCK_MS = 30_000;
/** How often a request waiting for another's load looks for its answer. */
export const SHARED_LOAD_POLL_MS = 25;

export type SharedLoads = Map<string, number>;

/** Marks `key` as loading and returns the mark to end it with, or undefined when another request is loading it. */
export function startLoad(loads: SharedLoads, key: string, now: number): number | "unshared" | undefined {
  const since = loads.get(key);
  if (since !== undefined && now - since < SHARED_LOAD_STUCK_MS) return undefined;
  if (since === undefined && loads.size >= MAX_SHARED_LOADS) return "unshared";
  loads.set(key, now);
  return now;
}

/** The load marked `mark` has ended (another request's later mark is left alone). */
export function endLoad(loads: SharedLoads, key: string, mark: number | "unshared"): void {
  if (loads.get(key) === mark) loads.delete(key);
}

export type Shared<E> = { entry: E } | "ended" | "waiting";

/**
 * What another request's load of `key` left in the parsed cache, looked for every SHARED_LOAD_POLL_MS
 * for at most `ms`: the entry, "ended" (it ended without one: failed), or "waiting" (still running).
 * The wait is counted in polls, not read off a clock, so a timer that fires at once ends it too.
 */
export async function sharedAnswer<E>(
  loads: SharedLoads,
  parsed: ParsedCache,
  key: string,
  ms: number,
  timer: Timer = realTimer,
): Promise<Shared<E>> {
  for (let waited = 0; ; waited += SHARED_LOAD_POLL_MS) {
    const entry = parsed.get<E>(key);
    if (entry !== undefined) return { entry };
    if (!loads.has(key)) return "ended";
    if (waited >= ms) return "waiting";
    await timer(SHARED_LOAD_POLL_MS, new AbortController().signal);
  }
}
