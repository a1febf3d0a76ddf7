/**
 * The visual editor's preview link. Storyblok opens the page with
 * `?_storyblok=<story id>&_storyblok_tk[space_id]=..&_storyblok_tk[timestamp]=..&_storyblok_tk[token]=..`
 * where the token is the hex SHA-1 of `space_id:preview_token:timestamp`. Only someone who knows
 * the space's preview token can make one. The Worker checks links with this algorithm
 * (src/server/preview/token.ts) and `npm run preview:link` makes them with it.
 */
import { digestHex } from "./digest.ts";

export const PREVIEW_QUERY = {
  storyId: "_storyblok",
  spaceId: "_storyblok_tk[space_id]",
  timestamp: "_storyblok_tk[timestamp]",
  token: "_storyblok_tk[token]",
} as const;

/** Hex SHA-1 of `space_id:preview_token:timestamp`: the token Storyblok puts in the link. */
export function previewLinkToken(spaceId: string | number, previewToken: string, timestamp: string | number): Promise<string> {
  return digestHex("SHA-1", `${spaceId}:${previewToken}:${timestamp}`);
}

export interface PreviewLinkInput {
  base: string;
  path: string;
  spaceId: string | number;
  /** The space's preview token. */
  token: string;
  storyId: string | number;
  /** When the link is made (ms); it is valid for an hour from then. */
  now?: number;
}

/** A preview link for `path` on `base`, signed the way Storyblok signs the links its editor opens. */
export async function previewLink({ base, path, spaceId, token, storyId, now = Date.now() }: PreviewLinkInput): Promise<string> {
  const timestamp = Math.floor(now / 1000);
  const url = new URL(path.startsWith("/") ? path : `/${path}`, base);
  url.searchParams.set(PREVIEW_QUERY.storyId, String(storyId));
  url.searchParams.set(PREVIEW_QUERY.spaceId, String(spaceId));
  url.searchParams.set(PREVIEW_QUERY.timestamp, String(timestamp));
  url.searchParams.set(PREVIEW_QUERY.token, await previewLinkToken(spaceId, token, timestamp));
  return url.href;
}
