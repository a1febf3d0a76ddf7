/**
 * The embedded space's assets: every image a story in content/ uses, as Storyblok names it
 * (`https://a.storyblok.com/f/{space}/{w}x{h}/{hash}/{name}.{ext}`), with the file it is made from.
 *
 * content/assets/<folder>/<name>.svg are the sources. Logos, icons and patterns stay SVG (served as
 * they are, like Storyblok does); every other image is a photograph made from its illustration at
 * build time (asset-images.ts): 2400 px wide for heroes and case pictures, 1200 px for
 * portraits, 1600 px for the rest, its height from the illustration's aspect ratio. The hash in the
 * URL is the source's and the recipe's: a changed illustration is a new asset with a new URL.
 *
 * No image library here: the snapshot build and tests read the catalog without loading sharp.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { LOCAL_ASSET_PREFIX } from "../../src/shared/image-url.ts";
import { REPO_ROOT } from "../repo-root.ts";

export const ASSET_HOST = "https://a.storyblok.com";
/** Bumped when the photograph recipe changes: every photo gets a new hash, so caches never mix recipes. */
export const PHOTO_RECIPE = "photo-2";

export type AssetKind = "photo" | "vector";

export interface CatalogAsset {
  /** The asset URL stories hold. */
  url: string;
  /** The URL's path after `/f/`: `{space}/{w}x{h}/{hash}/{name}.{ext}`. */
  path: string;
  /** The SVG it is made from (absolute). */
  source: string;
  kind: AssetKind;
  width: number;
  height: number;
  hash: string;
  contentType: "image/jpeg" | "image/svg+xml";
}

const VECTOR = /(^|\/)(logo[^/]*|icon-[^/]*|background-pattern)\.svg$|^customers\/(?!verhaal-)[^/]+\.svg$/;

/** Which sources stay SVG: logos, icons and patterns. */
export function assetKind(relativeSource: string): AssetKind {
  return VECTOR.test(relativeSource) ? "vector" : "photo";
}

/** The original's width for a photo made from this source. */
export function photoWidth(relativeSource: string): number {
  if (/^team\/(?!team-|kaart-|werkwijze-)/.test(relativeSource)) return 1200;
  if (/hero|^cases\/|oudegracht|office/.test(relativeSource)) return 2400;
  return 1600;
}

/** An SVG's own size: its width/height attributes, else its viewBox. */
export function svgSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const attr = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(root)?.[1]);
  const box = /viewBox="[\d.-]+[ ,]+[\d.-]+[ ,]+([\d.]+)[ ,]+([\d.]+)"/.exec(root);
  const width = attr("width") || Number(box?.[1]);
  const height = attr("height") || Number(box?.[2]);
  if (!(width > 0 && height > 0)) throw new Error("an SVG without a size (no width/height or viewBox)");
  return { width, height };
}

/** One source as an asset of `space`. Pure. */
export function catalogEntry(space: number, relativeSource: string, svg: string, source = relativeSource): CatalogAsset {
  const kind = assetKind(relativeSource);
  const own = svgSize(svg);
  const width = kind === "photo" ? photoWidth(relativeSource) : Math.round(own.width);
  const height = kind === "photo" ? Math.round((width * own.height) / own.width) : Math.round(own.height);
  const hash = createHash("sha256")
    .update(kind === "photo" ? `${PHOTO_RECIPE}:${width}x${height}:` : "")
    .update(svg)
    .digest("hex")
    .slice(0, 10);
  const name = basename(relativeSource, ".svg");
  const file = kind === "photo" ? `${name}.jpg` : `${name}.svg`;
  const path = `${space}/${width}x${height}/${hash}/${file}`;
  const contentType = kind === "photo" ? "image/jpeg" : "image/svg+xml";
  return { url: `${ASSET_HOST}/f/${path}`, path, source, kind, width, height, hash, contentType };
}

/** Every asset of the space in `contentDir` (content/space.json's id, content/assets/**.svg); none without that folder. */
export function assetCatalog(contentDir = join(REPO_ROOT, "content")): CatalogAsset[] {
  const space = (JSON.parse(readFileSync(join(contentDir, "space.json"), "utf8")) as { space: { id: number } }).space.id;
  const dir = join(contentDir, "assets");
  if (!existsSync(dir)) return [];
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".svg"))
    .map((e) => join(e.parentPath, e.name))
    .sort();
  const assets = entries.map((file) => catalogEntry(space, relative(dir, file).split(sep).join("/"), readFileSync(file, "utf8"), file));
  const names = new Map<string, string>();
  for (const asset of assets) {
    const name = asset.path.slice(asset.path.lastIndexOf("/") + 1);
    const other = names.get(name);
    if (other) throw new Error(`two assets named ${name}: ${other} and ${asset.source}`);
    names.set(name, asset.source);
  }
  return assets;
}

/** The catalog entry an asset URL names (any region's host, or the embedded space's own path), if any. */
export function findAsset(catalog: readonly CatalogAsset[], url: string): CatalogAsset | undefined {
  const path = /\/f\/(\d+\/\d+x\d+\/[0-9a-f]+\/[^/?#]+)/.exec(url)?.[1];
  return path ? catalog.find((asset) => asset.path === path) : undefined;
}

/**
 * The embedded space serves its own assets from the site's origin: every string in `value` that
 * is the URL of one of `catalog`'s assets (an image-service URL after it too) gets the path
 * `/_storyblok/f/...` instead of `https://a.storyblok.com/f/...`. Other asset URLs (a real
 * space's, pulled with content:pull) stay as they are. Pure: returns a copy.
 */
export function localiseAssetUrls<T>(value: T, catalog: readonly CatalogAsset[], prefix = LOCAL_ASSET_PREFIX): T {
  const known = new Set(catalog.map((asset) => asset.url));
  const visit = (node: unknown): unknown => {
    if (typeof node === "string") {
      const base = node.replace(/\/m\/.*$/, "");
      return known.has(base) ? prefix + node.slice(ASSET_HOST.length) : node;
    }
    if (Array.isArray(node)) return node.map(visit);
    if (node && typeof node === "object") {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visit(child)]));
    }
    return node;
  };
  return visit(value) as T;
}
