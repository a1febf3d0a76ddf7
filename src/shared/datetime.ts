/**
 * Storyblok's datetime fields hold `YYYY-MM-DD HH:mm` in UTC (no zone written); its API's story
 * dates are ISO 8601 with a `Z`. Both as milliseconds since the epoch, or undefined for anything
 * else (an empty field, a malformed value).
 */
const STORYBLOK_DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

export function storyblokTime(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const match = STORYBLOK_DATETIME.exec(value.trim());
  if (match) {
    const [, y, mo, d, h = "0", mi = "0", s = "0"] = match;
    const time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    return Number.isNaN(time) ? undefined : time;
  }
  const time = /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

/** ISO 8601 with its time zone (`2026-01-14T11:00:00Z`), as search engines want dates. */
export function isoDateTime(value: string | null | undefined): string | undefined {
  const time = storyblokTime(value);
  return time === undefined ? undefined : new Date(time).toISOString().replace(/\.000Z$/, "Z");
}
