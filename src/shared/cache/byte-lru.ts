/**
 * An LRU whose bound is the sum of the byte sizes its entries were stored with: the isolate's
 * parsed KV entries (src/server/content/parsed-cache.ts) and its memo of HTML parts
 * (src/server/render/html-memo.ts) are each one.
 */
export interface ByteLru {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown, bytes: number): void;
  readonly bytes: number;
  readonly size: number;
}

export function createByteLru(maxBytes: number): ByteLru {
  const entries = new Map<string, { value: unknown; bytes: number }>();
  let total = 0;
  return {
    get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // most recently used last: Map keeps insertion order
      entries.delete(key);
      entries.set(key, entry);
      return entry.value as T;
    },
    set(key, value, bytes) {
      if (bytes > maxBytes) return;
      const old = entries.get(key);
      if (old) {
        total -= old.bytes;
        entries.delete(key);
      }
      entries.set(key, { value, bytes });
      total += bytes;
      for (const [oldest, entry] of entries) {
        if (total <= maxBytes) break;
        entries.delete(oldest);
        total -= entry.bytes;
      }
    },
    get bytes() {
      return total;
    },
    get size() {
      return entries.size;
    },
  };
}
