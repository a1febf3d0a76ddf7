import type { Logger } from "../../shared/log";
import { realTimer, settledWithin, type Timer } from "../../shared/dates/deadline";

/**
 * How long a KV read may take before it counts as a miss. Hot reads answer in milliseconds and
 * cold ones in tens to a few hundred; past this the request is better served by the origin or the
 * last known value than by waiting (the whole request budget is STALE_AFTER_MS, 1.5 s).
 */
export const KV_READ_DEADLINE_MS = 500;

/**
 * Workers KV as a cache: best effort. A failing or late read is a miss (logged), a failing write
 * or delete is logged and never fails the request that caused it (writes run after the answer).
 */
export interface CacheStore {
  get<T>(key: string): Promise<T | null>;
  getText(key: string): Promise<string | null>;
  put(key: string, value: string, options?: KVNamespacePutOptions): void;
  delete(key: string): void;
}

export interface CacheStoreOptions {
  /** How read deadlines wait (default: real time). */
  timer?: Timer;
  readDeadlineMs?: number;
}

export function createCacheStore(
  kv: KVNamespace,
  logger: Logger,
  defer: (promise: Promise<unknown>) => void,
  { timer = realTimer, readDeadlineMs = KV_READ_DEADLINE_MS }: CacheStoreOptions = {},
): CacheStore {
  async function read<T>(key: string, run: () => Promise<T | null>): Promise<T | null> {
    const result = await settledWithin(run(), readDeadlineMs, timer);
    if (result.state === "fulfilled") return result.value;
    const error = result.state === "rejected" ? result.reason : `no answer within ${readDeadlineMs} ms`;
    logger.warn("content.kv_read_failed", { key, error });
    return null;
  }
  const quietly = (operation: string, key: string, run: () => Promise<unknown>) =>
    defer(
      (async () => {
        try {
          await run();
        } catch (error) {
          logger.warn(`content.kv_${operation}_failed`, { key, error });
        }
      })(),
    );
  return {
    // async arrows: a binding that throws at once is a failed read like any other
    get: <T>(key: string) => read(key, async () => kv.get<T>(key, "json")),
    getText: (key) => read(key, async () => kv.get(key)),
    put: (key, value, options) => quietly("write", key, () => kv.put(key, value, options)),
    delete: (key) => quietly("delete", key, () => kv.delete(key)),
  };
}
