/**
 * The embedded space's image files, made at build time with sharp: each photo's original (a JPEG
 * made from its illustration: rasterised at full size, with light, mottled texture and film grain,
 * so it weighs what an uploaded photograph weighs), and the variants the site asks the image service
 * for: `{w}x0` WebP at every width of `variantWidths` (src/shared/image-url.ts), the 1200x630
 * JPEG sharing image and the structured data's 1x1, 4x3 and 16x9 JPEG crops. SVG assets are served as they are.
 *
 * Files are cached in .generated/images/{hash}/ (the hash names source and recipe), so a second
 * build only links them into dist/public/_img/{space}/{w}x{h}/{hash}/{name}/ where the Worker's
 * image service (src/server/demo/image-service.ts) finds them.
 *
 * `assetOriginal(url)` gives the original bytes of any asset URL in content/ (for uploads to a
 * Storyblok space).
 */
import { existsSync } from "node:fs";
import { copyFile, link, mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { SHARE_IMAGE_SIZE, STRUCTURED_DATA_CROPS, variantWidths } from "../../src/shared/image-url.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { assetCatalog, findAsset, type CatalogAsset } from "./asset-catalog.ts";

export const CACHE_DIR = join(REPO_ROOT, ".generated/images");
const WEBP_QUALITY = 72;
/** Originals are exported as a photographer would (high quality), variants as the image service would. */
const ORIGINAL_QUALITY = 88;
const JPEG_QUALITY = 80;

/** The file names of an asset's variants (besides `original.{ext}`), as the image service looks them up. */
export function variantFiles(asset: CatalogAsset): string[] {
  if (asset.kind !== "photo") return [];
  const { width, height } = SHARE_IMAGE_SIZE;
  const crops = STRUCTURED_DATA_CROPS.map((crop) => `${crop.width}x${crop.height}.jpeg`);
  return [...variantWidths(asset.width).map((w) => `${w}x0.webp`), `${width}x${height}.jpeg`, ...crops];
}

export const originalFile = (asset: CatalogAsset) => `original.${asset.kind === "photo" ? "jpg" : "svg"}`;

/** A seeded generator (mulberry32): the same asset gets the same grain on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function noise(width: number, height: number, channels: 1 | 3, amplitude: number, seed: number) {
  const next = random(seed);
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 128 + Math.round((next() - 0.5) * 2 * amplitude);
  return sharp(pixels, { raw: { width, height, channels } });
}

/** The photograph: the illustration at full size, softened, with uneven light, texture and grain. */
export async function photograph(svg: Buffer, asset: CatalogAsset): Promise<Buffer> {
  const { width, height } = asset;
  const seed = Number.parseInt(asset.hash.slice(0, 8), 16);
  const own = (await sharp(svg).metadata()).width ?? width;
  const base = await sharp(svg, { density: (72 * width) / own })
    .resize(width, height, { fit: "fill" })
    .flatten({ background: "#ffffff" })
    .blur(1)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const [cw, ch] = [Math.ceil(width / 32), Math.ceil(height / 32)];
  const mottle = await noise(cw, ch, 1, 50, seed)
    .resize(width, height, { kernel: "cubic" })
    .toColourspace("srgb")
    .png({ compressionLevel: 1 })
    .toBuffer();
  const grain = await noise(256, 256, 3, 16, seed ^ 0x5bd1e995)
    .png({ compressionLevel: 1 })
    .toBuffer();
  const light = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="v" cx="40%" cy="35%" r="85%"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".4"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/></svg>`,
  );
  return sharp(base)
    .composite([
      { input: mottle, blend: "soft-light" },
      { input: grain, tile: true, blend: "overlay" },
      { input: light, blend: "over" },
    ])
    .jpeg({ quality: ORIGINAL_QUALITY })
    .toBuffer();
}

/** One variant of an original (`640x0.webp`, `1200x630.jpeg`). */
export async function variant(original: Buffer, file: string): Promise<Buffer> {
  const match = /^(\d+)x(\d+)\.(webp|jpeg)$/.exec(file);
  if (!match) throw new Error(`unknown variant ${file}`);
  const [w, h] = [Number(match[1]), Number(match[2])];
  const resized = sharp(original).resize(w, h || undefined, { fit: "cover", position: "attention" });
  return match[3] === "webp" ? resized.webp({ quality: WEBP_QUALITY }).toBuffer() : resized.jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await writeFile(`${file}.tmp`, bytes);
  await rename(`${file}.tmp`, file);
}

/** The asset's original and variants in the cache, made where missing; answers how many were made. */
export async function cachedAsset(asset: CatalogAsset, cacheDir = CACHE_DIR): Promise<number> {
  const dir = join(cacheDir, asset.hash);
  await mkdir(dir, { recursive: true });
  const originalPath = join(dir, originalFile(asset));
  let made = 0;
  if (!existsSync(originalPath)) {
    const svg = await readFile(asset.source);
    await writeAtomically(originalPath, asset.kind === "photo" ? await photograph(svg, asset) : svg);
    made += 1;
  }
  const missing = variantFiles(asset).filter((file) => !existsSync(join(dir, file)));
  if (missing.length > 0) {
    const original = await readFile(originalPath);
    for (const file of missing) await writeAtomically(join(dir, file), await variant(original, file));
    made += missing.length;
  }
  return made;
}

/**
 * The original bytes of an asset URL of content/ (any region's host or the embedded space's own
 * path; an image-service suffix is ignored), made if not cached yet. Throws for a URL that names
 * no asset of the space.
 */
export async function assetOriginal(url: string, contentDir = join(REPO_ROOT, "content"), cacheDir = CACHE_DIR) {
  const asset = findAsset(assetCatalog(contentDir), url);
  if (!asset) throw new Error(`not an asset of the embedded space: ${url}`);
  await cachedAsset(asset, cacheDir);
  return { bytes: new Uint8Array(await readFile(join(cacheDir, asset.hash, originalFile(asset)))), contentType: asset.contentType };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Every asset's files into `outDir/_img/{path}/`; answers what was made and what dist gained. */
export async function buildAssetImages(outDir: string, contentDir = join(REPO_ROOT, "content"), cacheDir = CACHE_DIR) {
  const catalog = assetCatalog(contentDir);
  const made = await pool(catalog, Math.max(1, cpus().length), (asset) => cachedAsset(asset, cacheDir));
  let bytes = 0;
  let files = 0;
  for (const asset of catalog) {
    const target = join(outDir, "_img", asset.path);
    await mkdir(target, { recursive: true });
    for (const file of [originalFile(asset), ...variantFiles(asset)]) {
      // a hard link where the file system allows it (dist is laid anew each build), else a copy
      await link(join(cacheDir, asset.hash, file), join(target, file)).catch(() =>
        copyFile(join(cacheDir, asset.hash, file), join(target, file)),
      );
      bytes += (await stat(join(target, file))).size;
      files += 1;
    }
  }
  return { assets: catalog.length, made: made.reduce((a, b) => a + b, 0), files, bytes };
}
