/**
 * Storyblok image-service URLs. Assets on a.storyblok.com are resized on the fly with
 * `/m/{width}x0/filters:format(webp)`; any other URL (our own files in public/) passes through.
 * The embedded space serves its assets from the site's own origin under `/_storyblok/f/...`
 * (the same path, another host: src/server/demo/image-service.ts), so both are assets here.
 */
export const BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;
export const DENSITIES = [1, 2] as const;
export const DEFAULT_FORMAT = "webp";

/** The image beside a page's opening title (HeroBanner, Sector): full width on phones, a column from md. */
export const HERO_IMAGE_SIZES: Partial<Record<Breakpoint, number>> = { xs: 320, sm: 640, md: 384, lg: 480, xl: 560 };

/** An image in running text: the prose column (max-w-3xl inside the site container), never wider than the image itself. */
export const RICH_TEXT_IMAGE_SIZES: Partial<Record<Breakpoint, number>> = { xs: 335, sm: 576, md: 704, lg: 768 };

/** Content images: 180 px wide on phones (xs), 360 px from md up. */
export const CONTENT_IMAGE_SIZES: Partial<Record<Breakpoint, number>> = { xs: 180, md: 360 };

/**
 * The widths the site asks the image service for: every srcset candidate is one of these (or the
 * original's width when it is narrower), so a CDN (or the embedded space's prebuilt variants)
 * holds a few files per asset, not one per layout width. Never wider than MAX_IMAGE_WIDTH.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1920] as const;
export const MAX_IMAGE_WIDTH = 1920;

/** Where the embedded space's assets live on the site's own origin (`/_storyblok/f/{space}/...`). */
export const LOCAL_ASSET_PREFIX = "/_storyblok";

const STORYBLOK_ASSET = /^(?:https?:\/\/a(?:-[a-z]{2})?\.storyblok\.com|\/_storyblok)\/f\/\d+\/(\d+)x(\d+)\/[^?#]*?\.(\w+)(?:\/m\/|$)/;
const RESIZABLE = new Set(["jpg", "jpeg", "png", "webp", "gif", "avif"]);

export function isStoryblokAsset(src: string): boolean {
  return STORYBLOK_ASSET.test(src);
}

/** Intrinsic size from a Storyblok asset URL (`/f/{space}/{w}x{h}/…`). */
export function assetDimensions(src: string): { width: number; height: number } | null {
  const match = STORYBLOK_ASSET.exec(src);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** A raster asset the image service resizes (an SVG is served as it is). */
export function isResizableAsset(src: string): boolean {
  const ext = STORYBLOK_ASSET.exec(src)?.[3];
  return ext !== undefined && RESIZABLE.has(ext.toLowerCase());
}

/** The width the site asks for to fill `width` CSS pixels: the next of IMAGE_WIDTHS, at most the original's. */
export function snapWidth(width: number, original: number): number {
  const next = IMAGE_WIDTHS.find((w) => w >= width) ?? MAX_IMAGE_WIDTH;
  return Math.min(next, original, MAX_IMAGE_WIDTH);
}

/** Every width snapWidth can answer for an original this wide (what the embedded space prebuilds). */
export function variantWidths(original: number): number[] {
  return [...new Set([...IMAGE_WIDTHS.filter((w) => w < original), Math.min(original, MAX_IMAGE_WIDTH)])];
}

export function imageUrl(src: string, width: number, format: string = DEFAULT_FORMAT): string {
  if (!isResizableAsset(src)) return src;
  return `${src.replace(/\/m\/.*$/, "")}/m/${Math.round(width)}x0/filters:format(${format})`;
}

/**
 * `sizes` maps breakpoints to the rendered CSS width (e.g. {xs: 180, md: 360}); the srcset holds
 * every width x density, never above the original.
 */
export function imageSources(src: string, sizes: Partial<Record<Breakpoint, number>>, format: string = DEFAULT_FORMAT) {
  const entries = (Object.keys(BREAKPOINTS) as Breakpoint[])
    .filter((bp) => sizes[bp] !== undefined)
    .map((bp) => ({ bp, min: BREAKPOINTS[bp], width: sizes[bp] as number }));
  if (!isResizableAsset(src) || entries.length === 0) return { src, srcSet: undefined, sizes: undefined };
  const original = assetDimensions(src)?.width ?? MAX_IMAGE_WIDTH;
  const widths = [...new Set(entries.flatMap((e) => DENSITIES.map((d) => snapWidth(e.width * d, original))))].sort((a, b) => a - b);
  const largestFirst = [...entries].reverse();
  const sizesAttr = largestFirst
    .map((e, i) => (i === largestFirst.length - 1 ? `${e.width}px` : `(min-width: ${e.min}px) ${e.width}px`))
    .join(", ");
  const base = entries[0] as { width: number };
  return {
    src: imageUrl(src, snapWidth(base.width, original), format),
    srcSet: widths.map((w) => `${imageUrl(src, w, format)} ${w}w`).join(", "),
    sizes: sizesAttr,
  };
}

/** Full-bleed images follow the viewport: one candidate per breakpoint and density. */
export function fullWidthSizes(): Partial<Record<Breakpoint, number>> {
  return { ...BREAKPOINTS };
}

/** Social networks show raster images only, best at 1200x630. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
const RASTER = /\.(?:png|jpe?g|gif)(?:[?#]|$)/i;

/**
 * The sharing image (og:image) for a page image: a CMS image cropped and converted by Storyblok's
 * image service to a 1200x630 JPEG; a raster file of our own as it is (size unknown); anything
 * else (an SVG, nothing) falls back to the raster banner.
 */
export function shareImage(src: string | undefined, fallback: string): { src: string; sized: boolean } {
  if (src && isResizableAsset(src)) {
    const base = src.replace(/\/m\/.*$/, "");
    return { src: `${base}/m/${SHARE_IMAGE_SIZE.width}x${SHARE_IMAGE_SIZE.height}/filters:format(jpeg)`, sized: true };
  }
  if (src && RASTER.test(src)) return { src, sized: src === fallback };
  return { src: fallback, sized: true };
}

/**
 * The crops search engines show a page's image in (structured data): 1x1, 4x3 and 16x9, 1200 px
 * wide, as JPEG; the embedded space prebuilds them for every photo (tools/build/asset-images.ts).
 */
export const STRUCTURED_DATA_CROPS = [
  { width: 1200, height: 1200 },
  { width: 1200, height: 900 },
  { width: 1200, height: 675 },
] as const;

/** A raster asset cropped to cover `width` x `height` by the image service. */
export function croppedImageUrl(src: string, width: number, height: number, format = "jpeg"): string {
  if (!isResizableAsset(src)) return src;
  return `${src.replace(/\/m\/.*$/, "")}/m/${width}x${height}/filters:format(${format})`;
}
