/**
 * The visual editor's preview link. Storyblok opens the page with
 * `?_storyblok=<story id>&_storyblok_tk[space_id]=..&_storyblok_tk[timestamp]=..&_storyblok_tk[token]=..`
 * where the token is the hex SHA-1 of `space_id:preview_token:timestamp`. Only someone who knows
 * the space's preview token can make one, and a link stops working after an hour.
 */

export const PREVIEW_MAX_AGE_MS = 3_600_000;
/** Clocks of the editor and the edge differ a little: a link from slightly in the future is accepted. */
export const PREVIEW_CLOCK_SKEW_MS = 300_000;

export const PREVIEW_QUERY = {
  storyId: "_storyblok",
  spaceId: "_storyblok_tk[space_id]",
  timestamp: "_storyblok_tk[timestamp]",
  token: "_storyblok_tk[token]",
} as const;

export interface PreviewAccess {
  /** The story the editor has open (`_storyblok`). */
  storyId: number;
  spaceId: string;
  /** Unix seconds the link was made at. */
  timestamp: number;
}

export interface PreviewKey {
  /** The space's preview token; unset: no link is ever valid. */
  previewToken?: string;
  /** When known, the link must be for this space. */
  spaceId?: string | number;
}

/** Hex SHA-1 of `space_id:preview_token:timestamp`: the token Storyblok puts in the link. */
export async function previewLinkToken(spaceId: string | number, previewToken: string, timestamp: string | number): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(`${spaceId}:${previewToken}:${timestamp}`));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The editor's access when the URL carries a valid preview link, else null. Anything missing,
 * malformed, forged, for another space, older than an hour or from the future is null: the
 * caller then serves exactly what a visitor gets.
 */
export async function previewAccess(url: URL, { previewToken, spaceId, now }: PreviewKey & { now: number }): Promise<PreviewAccess | null> {
  const query = url.searchParams;
  const storyId = query.get(PREVIEW_QUERY.storyId);
  const space = query.get(PREVIEW_QUERY.spaceId);
  const timestamp = query.get(PREVIEW_QUERY.timestamp);
  const token = query.get(PREVIEW_QUERY.token);
  if (!previewToken || storyId === null || space === null || timestamp === null || token === null) return null;
  if (!/^\d{1,19}$/.test(storyId) || !/^\d{1,19}$/.test(space) || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{40}$/i.test(token)) return null;
  if (spaceId !== undefined && String(spaceId) !== space) return null;
  const age = now - Number(timestamp) * 1000;
  if (age > PREVIEW_MAX_AGE_MS || age < -PREVIEW_CLOCK_SKEW_MS) return null;
  const expected = await previewLinkToken(space, previewToken, timestamp);
  if (!constantTimeEqual(expected, token.toLowerCase())) return null;
  return { storyId: Number(storyId), spaceId: space, timestamp: Number(timestamp) };
}

/** Compares two equally long strings without stopping at the first difference. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
