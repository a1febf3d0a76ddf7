/**
 * Where the bytes of an asset the content points at come from, as one function the push is given:
 * `(url) => Promise<{ bytes, contentType }>`. Today the content's images are the site's own static
 * files (`/images/...` in public/); an asset URL of Storyblok's (`https://a.storyblok.com/f/...`)
 * is not readable here yet: point this at the generated originals when the content uses them.
 */
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

export interface AssetBytes {
  bytes: Uint8Array;
  contentType: string;
}

export type ReadAsset = (url: string) => Promise<AssetBytes>;

const CONTENT_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".mp4": "video/mp4",
};

/** Reads `/images/...` from `publicDir`; refuses anything else, and paths that leave the folder. */
export function publicAssetReader(publicDir: string): ReadAsset {
  return async (url) => {
    if (!url.startsWith("/")) throw new Error(`no source for asset ${url}: only the site's own /images/... files can be read`);
    const path = normalize(join(publicDir, url));
    if (!path.startsWith(normalize(publicDir) + sep)) throw new Error(`asset ${url} is outside ${publicDir}`);
    return {
      bytes: new Uint8Array(await readFile(path)),
      contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream",
    };
  };
}
