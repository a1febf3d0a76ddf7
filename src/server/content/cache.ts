/**
 * Published content in Workers KV. Every entry is keyed by the space's cache version (`cv`), so a
 * publish (new cv) makes the old entries unreachable without any purge. Next to it, a
 * last-known-good copy per key (no cv) is what visitors get when Storyblok fails. Only names that
 * exist get one (the route checks the links list first), and it expires: an outage is bridged
 * for weeks, content nobody asks for any more does not stay forever.
 */
export const CACHE_TTL_SECONDS = 7 * 24 * 3600;
export const LAST_GOOD_TTL_SECONDS = 28 * 24 * 3600;
/** Unknown slugs are remembered briefly so crawlers probing URLs cannot exhaust the API budget. */
export const NOT_FOUND_TTL_SECONDS = 3600;

/** A cache version is a positive whole number (Storyblok's is a Unix timestamp). */
export function isCacheVersion(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

export function cacheKey(cv: number, name: string): string {
  return `c:${cv}:${name}`;
}

export function lastGoodKey(name: string): string {
  return `lkg:${name}`;
}

export const CV_KEY = "cv:current";
export const CV_LAST_KEY = "cv:last";

/** A stable name for a request: the kind plus its parameters in sorted order. */
export function requestName(kind: string, params: Record<string, unknown> = {}): string {
  const query = Object.keys(params)
    .filter((key) => params[key] !== undefined && key !== "cv" && key !== "token")
    .sort()
    .map((key) => `${key}=${String(params[key])}`)
    .join("&");
  return query ? `${kind}?${query}` : kind;
}
