/**
 * The one reader of dates in content: Storyblok's datetime fields hold `YYYY-MM-DD HH:mm` in UTC
 * (no zone written), its API's story dates are ISO 8601 with a `Z`. The site, the JSON-LD, the
 * feeds and content health all read dates here, so a date means one instant everywhere.
 */
const STORYBLOK_DATETIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(:\d{2})?(?:\.\d{1,3})?)?Z?$/;

/**
 * Milliseconds since the epoch, or undefined for anything that is not a real date: an empty field,
 * another format (`31-12-2020`), or a date the calendar does not have (`2026-13-01`, `2026-02-30`,
 * `25:00`), which `Date` would roll over into another day: the instant must read back as written.
 */
export function storyblokTime(value: unknown): number | undefined {
  const match = typeof value === "string" ? STORYBLOK_DATETIME.exec(value.trim()) : null;
  if (!match) return undefined;
  const written = `${match[1]}T${match[2] ?? "00:00"}${match[3] ?? ":00"}`;
  const time = Date.parse(`${written}Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(written) ? time : undefined;
}

/** Whether a filled-in date field is one the site cannot read (content health says so: an error). */
export function isMalformedDate(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "" && storyblokTime(value) === undefined;
}

/** ISO 8601 with its time zone (`2026-01-14T11:00:00Z`), as search engines and feed readers want dates. */
export function isoDateTime(value: unknown): string | undefined {
  const time = storyblokTime(value);
  return time === undefined ? undefined : new Date(time).toISOString().replace(/\.000Z$/, "Z");
}
