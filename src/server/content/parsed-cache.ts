import { createByteLru, type ByteLru } from "../../shared/cache/byte-lru";

/**
 * Parsed KV entries, kept for the isolate's life in an LRU bounded by bytes (the JSON text's
 * length, a fair proxy for the heap the parsed value holds). Keys are the immutable cv keys
 * (`c:<cv>:<name>`): a publish changes the keys, so old entries are never read again and age
 * out; nothing needs a purge. Values are shared by every request: treat them as read-only.
 */
export const PARSED_CACHE_BYTES = 24 * 1024 * 1024;

export type ParsedCache = ByteLru;

export function createParsedCache(maxBytes = PARSED_CACHE_BYTES): ParsedCache {
  return createByteLru(maxBytes);
}
