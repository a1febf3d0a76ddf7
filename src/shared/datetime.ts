/**
 * The one reader of dates in content: Storyblok's datetime fields hold `YYYY-MM-DD HH:mm` in UTC
 * (no zone written), its API's story dates are ISO 8601 with a `Z`. The site, the JSON-LD, the
 * feeds and content health all read dates here, so a date means one instant everywhere.
 */
const STORYBLOK_DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Milliseconds since the epoch, or undefined for anything that is not a real date: an empty field,
 * another format (`31-12-2020`), or a date the calendar does not have (`2026-13-01`, `2026-02-30`,
 * `25:00`); `Date.UTC` would roll those over into another day, so each part is checked.
 */
export function storyblokTime(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = STORYBLOK_DATETIME.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = "0", mi = "0", s = "0", zone] = match;
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const [year, month, day, hour, minute, second] = parts;
  const time = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(time);
  const real =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    back.getUTCHours() === hour &&
    back.getUTCMinutes() === minute &&
    back.getUTCSeconds() === second;
  return real ? time - offsetMs(zone) : undefined;
}

/** `+02:00` -> 2 h: a time written with an offset is that much later than the same digits in UTC. */
function offsetMs(zone: string | undefined): number {
  if (!zone || zone === "Z") return 0;
  const [, sign, hours, minutes] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone) ?? [];
  return (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
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
