import { type APIRequestContext, expect, test } from "@playwright/test";
import { readImageHeader } from "../helpers/image-header";

/**
 * The images of every sitemap page (both languages): every <img> has its intrinsic size, and every
 * candidate a page names (src, srcset, the preloaded imagesrcset) answers 200 with an image of
 * the width it claims, in the format it claims, as the file's own header says. And the first view
 * of home on a phone stays within its image byte budget.
 */

const IMAGE_BUDGET_BYTES = 250 * 1024;
const CONTENT_TYPES: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
};

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>|hreflang="[^"]+" href="([^"]+)"/g)].map((m) => new URL(m[1] ?? m[2] ?? "").pathname);
  return [...new Set(urls)].sort();
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1]?.replaceAll("&amp;", "&");

/** `url 640w, url 1280w` -> [[url, 640], ...]; a candidate without a width descriptor claims nothing. */
const candidates = (srcset: string | undefined): Array<[string, number | undefined]> =>
  (srcset ?? "")
    .split(/,\s+/)
    .filter(Boolean)
    .map((entry) => {
      const [url = "", descriptor = ""] = entry.trim().split(/\s+/);
      return [url, descriptor.endsWith("w") ? Number(descriptor.slice(0, -1)) : undefined];
    });

/** The format an image URL asks for: the image service's filter, else the file's extension. */
function claimedFormat(url: string): string {
  const filter = /filters:[^/]*format\((\w+)\)/.exec(url)?.[1];
  const ext = /\.(\w+)(?:\/m\/|$)/.exec(url)?.[1]?.toLowerCase();
  return filter ?? (ext === "jpg" ? "jpeg" : (ext ?? "?"));
}

test("every <img> of every sitemap page has its size, and every candidate is the image it claims", async ({ request }) => {
  test.setTimeout(240_000);
  const paths = await sitemapPaths(request);
  expect(paths).toContain("/");
  expect(paths.some((path) => path.startsWith("/en"))).toBe(true);
  const claims = new Map<string, number | undefined>();
  const problems: string[] = [];
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
      const [width, height] = [Number(attribute(tag, "width")), Number(attribute(tag, "height"))];
      if (!(width > 0 && height > 0)) problems.push(`${path}: <img> without intrinsic size: ${tag.slice(0, 160)}`);
      for (const [url, w] of [[attribute(tag, "src") ?? "", undefined] as const, ...candidates(attribute(tag, "srcset"))]) {
        if (url && (w !== undefined || !claims.has(url))) claims.set(url, w);
      }
    }
    for (const [tag] of html.matchAll(/<link\b[^>]*rel="preload"[^>]*as="image"[^>]*>/gi)) {
      for (const [url, w] of candidates(attribute(tag, "imagesrcset"))) claims.set(url, w);
    }
  }
  expect(claims.size).toBeGreaterThan(100);
  for (const [url, width] of claims) problems.push(...(await checkCandidate(request, url, width)));
  expect(problems).toEqual([]);
});

async function checkCandidate(request: APIRequestContext, url: string, width: number | undefined): Promise<string[]> {
  const res = await request.get(url);
  if (res.status() !== 200) return [`${url}: ${res.status()}`];
  const header = readImageHeader(new Uint8Array(await res.body()));
  const format = claimedFormat(url);
  const problems: string[] = [];
  if (header?.format !== format) problems.push(`${url}: a ${header?.format ?? "unknown"} file, claims ${format}`);
  if (res.headers()["content-type"] !== CONTENT_TYPES[format]) problems.push(`${url}: content-type ${res.headers()["content-type"]}`);
  if (width !== undefined && header?.width !== width) problems.push(`${url}: ${header?.width} px wide, claims ${width}w`);
  return problems;
}

test.describe("home's first view on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 });

  test(`fetches less than ${IMAGE_BUDGET_BYTES / 1024} KB of images, in WebP`, async ({ page }) => {
    const images: Array<{ url: string; bytes: number; type: string }> = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "image") return;
      images.push({ url: response.url(), bytes: (await response.body()).length, type: response.headers()["content-type"] ?? "" });
    });
    await page.goto("/", { waitUntil: "networkidle" });
    const total = images.reduce((sum, image) => sum + image.bytes, 0);
    const largest = [...images].sort((a, b) => b.bytes - a.bytes)[0];
    test.info().annotations.push({
      type: "images",
      description: `${images.length} images, ${total} bytes; largest ${largest?.bytes} bytes: ${largest?.url}`,
    });
    console.log(
      `home at 375 px (2x): ${images.length} images, ${(total / 1024).toFixed(1)} KB; largest ${((largest?.bytes ?? 0) / 1024).toFixed(1)} KB ${largest?.url}`,
    );
    expect(images.length).toBeGreaterThan(0);
    expect(total).toBeLessThan(IMAGE_BUDGET_BYTES);
    // photos come as WebP; only the SVG logos are not
    expect(images.filter((image) => !["image/webp", "image/svg+xml"].includes(image.type))).toEqual([]);
  });
});
