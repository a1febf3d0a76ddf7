/**
 * Conditional GETs (RFC 9110 13.1): a client that has the current copy gets a 304 without a body,
 * so a feed reader polling every few minutes downloads the feed only when it changed.
 */
import { digestHex } from "../../shared/digest";

/** A strong validator of a body: its SHA-1, quoted (Cloudflare may weaken it when it compresses). */
export async function etagOf(body: string): Promise<string> {
  return `"${(await digestHex("SHA-1", body)).slice(0, 24)}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

/**
 * Whether the request's conditions say its copy is current: `If-None-Match` decides when it is
 * sent (weak comparison, `*` matches), else `If-Modified-Since` (HTTP dates have whole seconds).
 */
export function notModified(headers: Headers, etag: string, lastModified: number): boolean {
  const match = headers.get("if-none-match");
  if (match !== null) return match.trim() === "*" || match.split(",").some((tag) => opaque(tag) === opaque(etag));
  const since = Date.parse(headers.get("if-modified-since") ?? "");
  return !Number.isNaN(since) && Math.floor(lastModified / 1000) * 1000 <= since;
}
