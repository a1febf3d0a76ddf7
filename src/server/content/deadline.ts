export type Settled<T> = { state: "fulfilled"; value: T } | { state: "rejected"; reason: unknown } | { state: "pending" };

/** How `promise` stands after at most `ms` (a real timer, cleared when the promise wins). */
export async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<Settled<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = promise.then(
    (value): Settled<T> => ({ state: "fulfilled", value }),
    (reason: unknown): Settled<T> => ({ state: "rejected", reason }),
  );
  const expired = new Promise<Settled<T>>((resolve) => (timer = setTimeout(() => resolve({ state: "pending" }), Math.max(0, ms))));
  const result = await Promise.race([settled, expired]);
  if (timer !== undefined) clearTimeout(timer);
  return result;
}
