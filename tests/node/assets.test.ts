import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { assetCatalog, catalogEntry, findAsset, localiseAssetUrls, svgSize } from "../../tools/build/asset-catalog";
import { assetOriginal, variantFiles } from "../../tools/build/asset-images";
import { REPO_ROOT } from "../../tools/repo-root";
import { readImageHeader } from "../helpers/image-header";

const catalog = assetCatalog();
const cache = mkdtempSync(join(tmpdir(), "asset-cache-"));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

/** Every string in content/'s stories and drafts that looks like an asset URL. */
function contentAssetUrls(): string[] {
  const urls = new Set<string>();
  for (const sub of ["stories", "drafts"]) {
    for (const entry of readdirSync(join(REPO_ROOT, "content", sub), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const text = readFileSync(join(entry.parentPath, entry.name), "utf8");
      for (const [url] of text.matchAll(/https:\/\/a\.storyblok\.com\/f\/[^"]+/g)) urls.add(url);
    }
  }
  return [...urls];
}

describe("the embedded space's assets", () => {
  it("are 78: 63 photos and 15 logos, icons and patterns that stay SVG", () => {
    expect(catalog).toHaveLength(78);
    expect(catalog.filter((asset) => asset.kind === "photo")).toHaveLength(63);
    const photos = catalog.filter((asset) => asset.kind === "photo");
    expect(new Set(photos.map((asset) => asset.width))).toEqual(new Set([1200, 1600, 2400]));
    expect(photos.find((asset) => asset.path.endsWith("/hero-app.jpg"))).toMatchObject({ width: 2400, height: 1800 });
  });

  it("are what every image of content/ names, with the hash of its source (an edited illustration needs a new URL)", () => {
    const urls = contentAssetUrls();
    expect(urls.length).toBe(78);
    expect(urls.filter((url) => !findAsset(catalog, url))).toEqual([]);
    const stale = readFileSync(join(REPO_ROOT, "content/stories/home.json"), "utf8");
    expect(stale).not.toContain('"/images/');
  });

  it("take their size from the SVG and their hash from the source and the recipe", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600"><rect width="800" height="600"/></svg>';
    expect(svgSize(svg)).toEqual({ width: 800, height: 600 });
    expect(svgSize('<svg width="132" height="32" viewBox="0 0 66 16"></svg>')).toEqual({ width: 132, height: 32 });
    const photo = catalogEntry(287341, "cases/x-hero.svg", svg);
    expect(photo).toMatchObject({ kind: "photo", width: 2400, height: 1800, contentType: "image/jpeg" });
    expect(photo.url).toMatch(/^https:\/\/a\.storyblok\.com\/f\/287341\/2400x1800\/[0-9a-f]{10}\/x-hero\.jpg$/);
    expect(catalogEntry(287341, "cases/x-hero.svg", svg.replace("800", "801")).hash).not.toBe(photo.hash);
    expect(catalogEntry(287341, "services/icon-web.svg", svg)).toMatchObject({ kind: "vector", width: 800, height: 600 });
    expect(catalogEntry(287341, "team/eva-smit.svg", svg).width).toBe(1200);
    expect(catalogEntry(287341, "services/card-release.svg", svg).width).toBe(1600);
  });

  it("are named by the site's own origin in the embedded snapshot; other asset URLs stay as they are", () => {
    const [asset] = catalog;
    const value = {
      a: asset?.url,
      b: [`${asset?.url}/m/640x0/filters:format(webp)`],
      c: "https://a.storyblok.com/f/1/10x10/abc/other.jpg",
      d: 3,
    };
    expect(localiseAssetUrls(value, catalog)).toEqual({
      a: `/_storyblok/f/${asset?.path}`,
      b: [`/_storyblok/f/${asset?.path}/m/640x0/filters:format(webp)`],
      c: "https://a.storyblok.com/f/1/10x10/abc/other.jpg",
      d: 3,
    });
  });
});

describe("assetOriginal (the bytes an upload to a Storyblok space sends)", () => {
  it("gives an SVG asset's source as it is", async () => {
    const logo = catalog.find((asset) => asset.path.endsWith("/logo.svg"));
    const { bytes, contentType } = await assetOriginal(logo?.url ?? "", undefined, cache);
    expect(contentType).toBe("image/svg+xml");
    expect(Buffer.from(bytes).equals(readFileSync(logo?.source ?? ""))).toBe(true);
  });

  it("makes a photo once: a JPEG of its catalog size and a real photo's weight, then from the cache", async () => {
    const hero = catalog.find((asset) => asset.path.endsWith("/hero-app.jpg"));
    const local = `/_storyblok/f/${hero?.path}/m/640x0/filters:format(webp)`;
    const first = await assetOriginal(local);
    expect(first.contentType).toBe("image/jpeg");
    expect(readImageHeader(first.bytes)).toEqual({ format: "jpeg", width: 2400, height: 1800 });
    expect(first.bytes.length).toBeGreaterThan(150 * 1024);
    expect(first.bytes.length).toBeLessThan(600 * 1024);
    const made = await assetOriginal(hero?.url ?? "", undefined, cache);
    expect(Buffer.from(made.bytes).equals(Buffer.from(first.bytes))).toBe(true); // the same bytes on every machine
    const mtime = statSync(join(cache, hero?.hash ?? "", "original.jpg")).mtimeMs;
    await assetOriginal(hero?.url ?? "", undefined, cache);
    expect(statSync(join(cache, hero?.hash ?? "", "original.jpg")).mtimeMs).toBe(mtime);
    expect(readdirSync(join(cache, hero?.hash ?? "")).sort()).toEqual(["original.jpg", ...(hero ? variantFiles(hero) : [])].sort());
  });

  it("refuses a URL that names no asset of the space", async () => {
    await expect(assetOriginal("https://a.storyblok.com/f/287341/10x10/0000000000/nope.jpg", undefined, cache)).rejects.toThrow(
      "not an asset of the embedded space: https://a.storyblok.com/f/287341/10x10/0000000000/nope.jpg",
    );
  });
});
