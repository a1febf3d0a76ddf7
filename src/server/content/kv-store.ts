import type { Logger } from "../../shared/log";

/**
 * Workers KV as a cache: best effort. A failing read is a miss (logged), a failing write or
 * delete is logged and never fails the request that caused it (writes run after the answer).
 */
export interface CacheStore {
  get<T>(key: string): Promise<T | null>;
  getText(key: string): Promise<string | null>;
  put(key: string, value: string, options?: KVNamespacePutOptions): void;
  delete(key: string): void;
}

export function createCacheStore(kv: KVNamespace, logger: Logger, defer: (promise: Promise<unknown>) => void): CacheStore {
  async function read<T>(key: string, run: () => Promise<T | null>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      logger.warn("content.kv_read_failed", { key, error });
      return null;
    }
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
    get: <T>(key: string) => read(key, () => kv.get<T>(key, "json")),
    getText: (key) => read(key, () => kv.get(key)),
    put: (key, value, options) => quietly("write", key, () => kv.put(key, value, options)),
    delete: (key) => quietly("delete", key, () => kv.delete(key)),
  };
}
