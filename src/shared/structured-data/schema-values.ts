/**
 * Values search engines read (JSON-LD), built by functions that refuse what they cannot express:
 * they answer undefined, the node leaves the property out, and content health tells the editor
 * (`number.unreadable`, `asset.url`), rather than writing `PTNaNM` or a URL that is none.
 */

/** A number as Storyblok stores it (a string in JSON), or undefined for anything that is not one. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}

/** ISO 8601 duration of a number of minutes (`PT5M`); none for a value that is no positive number. */
export function minutesDuration(value: unknown): string | undefined {
  const minutes = numberOf(value);
  return minutes !== undefined && minutes > 0 ? `PT${minutes}M` : undefined;
}

/**
 * An absolute http(s) URL for an asset URL or a site path: `https://...` as it is, `//host/...`
 * (Storyblok's asset filenames) on https, `/path` on `origin`; undefined for anything else
 * (`javascript:`, `data:`, a bare name), which no reader may be given.
 */
export function absoluteUrl(origin: string, value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const url = value.trim();
  if (url.startsWith("//")) return isWebUrl(`https:${url}`) ? `https:${url}` : undefined;
  if (url.startsWith("/")) return origin + url;
  return isWebUrl(url) ? url : undefined;
}

/** An http(s) URL with a host and nothing a URL cannot hold (whitespace, quotes, angle brackets). */
const isWebUrl = (value: string): boolean => /^https?:\/\/[^/\s?#"'<>\\]+(?:[/?#][^\s"'<>\\]*)?$/i.test(value);
