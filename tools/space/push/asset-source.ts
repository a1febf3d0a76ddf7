/**
 * Where the bytes of an asset the content points at come from, as one function the push is given:
 * `(url) => Promise<{ bytes, contentType }>`. The content's images are assets of the embedded
 * space (`https://a.storyblok.com/f/...`), whose originals the build makes from `content/assets/`
 * (tools/build/asset-images.ts, `assetOriginal`); a file of the site's own (`/images/...` in public/,
 * such as the case video) is read from there. The push uploads both.
 */
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { assetOriginal } from "../../build/asset-images.ts";

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
  ".webm": "video/webm",
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

/**
 * The original of an asset URL of content/, made (and cached) if the build has not made it yet;
 * a path on the site's own origin from `publicDir`.
 */
export function embeddedAssetReader(publicDir: string): ReadAsset {
  const readPublic = publicAssetReader(publicDir);
  return (url) => (url.startsWith("/") ? readPublic(url) : assetOriginal(url));
}
