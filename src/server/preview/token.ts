/**
 * Checks the visual editor's preview link (the algorithm: src/shared/preview-link.ts). A link
 * stops working after an hour.
 */
import { constantTimeEqual } from "../../shared/digest";
import { PREVIEW_QUERY, previewLinkToken } from "../../shared/preview-link";

export const PREVIEW_MAX_AGE_MS = 3_600_000;
/** Clocks of the editor and the edge differ a little: a link from slightly in the future is accepted. */
export const PREVIEW_CLOCK_SKEW_MS = 300_000;

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

/** What the visual editor needs of the space a request reads: the key its links are signed with, and its bridge. */
export interface VisualEditor extends PreviewKey {
  /** The bridge script a preview loads: Storyblok's, or the embedded space's local stand-in. */
  bridge: string;
}

/**
 * The editor's access when the URL carries a valid preview link, else null. Anything missing,
 * malformed, forged, for another space, older than an hour or from the future is null: the
 * caller then serves exactly what a visitor gets.
 */
export async function previewAccess(url: URL, { previewToken, spaceId, now }: PreviewKey & { now: number }): Promise<PreviewAccess | null> {
  if (!url.search) return null; // nearly every request: no query, no preview
  const query = url.searchParams;
  const storyId = query.get(PREVIEW_QUERY.storyId);
  const space = query.get(PREVIEW_QUERY.spaceId);
  const timestamp = query.get(PREVIEW_QUERY.timestamp);
  const token = query.get(PREVIEW_QUERY.token);
  if (!previewToken || storyId === null || space === null || timestamp === null || token === null) return null;
  if (!/^\d{1,19}$/.test(storyId) || !/^\d{1,19}$/.test(space) || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{40}$/i.test(token))
    return null;
  if (spaceId !== undefined && String(spaceId) !== space) return null;
  const age = now - Number(timestamp) * 1000;
  if (age > PREVIEW_MAX_AGE_MS || age < -PREVIEW_CLOCK_SKEW_MS) return null;
  const expected = await previewLinkToken(space, previewToken, timestamp);
  if (!constantTimeEqual(expected, token.toLowerCase())) return null;
  return { storyId: Number(storyId), spaceId: space, timestamp: Number(timestamp) };
}
