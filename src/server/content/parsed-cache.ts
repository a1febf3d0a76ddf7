/**
 * Parsed KV entries, kept for the isolate's life in an LRU bounded by bytes (the JSON text's
 * length, a fair proxy for the heap the parsed value holds). Keys are the immutable cv keys
 * (`c:<cv>:<name>`): a publish changes the keys, so old entries are never read again and age
 * out; nothing needs a purge. Values are shared by every request: treat them as read-only.
 */
export const PARSED_CACHE_BYTES = 24 * 1024 * 1024;

/** An LRU whose bound is the sum of the byte sizes its entries were stored with. */
export interface ByteLru {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown, bytes: number): void;
  readonly bytes: number;
  readonly size: number;
}

export type ParsedCache = ByteLru;

export function createParsedCache(maxBytes = PARSED_CACHE_BYTES): ParsedCache {
  return createByteLru(maxBytes);
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
