export type Settled<T> = { state: "fulfilled"; value: T } | { state: "rejected"; reason: unknown } | { state: "pending" };

/**
 * Resolves once `ms` have passed, unless `cancelled` fires first: how a deadline waits. Real time in
 * production; tests pass one they fire themselves, so a read that never answers needs no real wait.
 */
export type Timer = (ms: number, cancelled: AbortSignal) => Promise<void>;

/** setTimeout, cleared when the deadline is no longer needed (no timer is left behind in workerd). */
export const realTimer: Timer = (ms, cancelled) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    cancelled.addEventListener("abort", () => clearTimeout(timer), { once: true });
  });

/** How `promise` stands after at most `ms` (the timer is cancelled when the promise wins). */
export async function settledWithin<T>(promise: Promise<T>, ms: number, timer: Timer = realTimer): Promise<Settled<T>> {
  const done = new AbortController();
  const settled = promise.then(
    (value): Settled<T> => ({ state: "fulfilled", value }),
    (reason: unknown): Settled<T> => ({ state: "rejected", reason }),
  );
  const expired = timer(ms, done.signal).then((): Settled<T> => ({ state: "pending" }));
  const result = await Promise.race([settled, expired]);
  done.abort();
  return result;
}
