import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { readImageHeader } from "../helpers/image-header";

/**
 * Every page of the sitemap (both languages), fetched once for two checks: the page and the 404
 * screens are valid HTML (the W3C Nu HTML Checker, in one JVM start for all of them), and every
 * <img> has its intrinsic size and every candidate a page names (src, srcset, the preloaded
 * imagesrcset) answers 200 with an image of the width it claims, in the format it claims, as the
 * file's own header says.
 */

const VNU = "node_modules/vnu-jar/build/dist/vnu.jar";
const MISSING = ["/bestaat-niet", "/en/does-not-exist"];
const CONTENT_TYPES: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
};

/** Every page the sitemap names, as a <loc> or as a language alternate. */
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

/** A page's images: <img> tags without an intrinsic size, and the width each candidate claims (added to `claims`). */
function imageClaims(path: string, html: string, claims: Map<string, number | undefined>): string[] {
  const problems: string[] = [];
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
  return problems;
}

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

/** Every candidate checked, one after another. */
async function candidateProblems(request: APIRequestContext, claims: Map<string, number | undefined>): Promise<string[]> {
  const problems: string[] = [];
  for (const [url, width] of claims) problems.push(...(await checkCandidate(request, url, width)));
  return problems;
}

/**
 * The JVM's settings for one short run of the checker: its quick compiler only (the optimising one
 * spent as much CPU compiling as the checking took: ~9.5 -> ~4.9 s of CPU for the site's pages, the
 * same findings), with the larger thread stack the checker then needs (its schema is deeply recursive).
 */
const JVM = ["-XX:TieredStopAtLevel=1", "-Xss4m"];

/** The Nu HTML Checker's errors for every .html file in `dir`, as `file: message`. */
async function htmlErrors(dir: string): Promise<string[]> {
  const { stderr } = await promisify(execFile)("java", [...JVM, "-jar", VNU, "--errors-only", "--format", "json", dir], {
    maxBuffer: 16 << 20,
  }).catch((error: { stderr: string }) => ({ stderr: error.stderr }));
  const messages = (JSON.parse(stderr) as { messages: Array<{ url: string; message: string }> }).messages;
  return messages.map((m) => `${m.url.replace(/^.*\//, "")}: ${m.message}`);
}

test("every sitemap page and the 404 screens (Dutch and English) are valid HTML, and every image is sized and the image it claims", async ({
  request,
}) => {
  test.setTimeout(240_000);
  const paths = await sitemapPaths(request);
  expect(paths.length).toBeGreaterThanOrEqual(20);
  expect(paths).toContain("/");
  expect(paths.some((path) => path.startsWith("/en"))).toBe(true);
  const dir = await mkdtemp(join(tmpdir(), "vnu-"));
  try {
    const claims = new Map<string, number | undefined>();
    const problems: string[] = [];
    for (const [index, path] of [...paths, ...MISSING].entries()) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(MISSING.includes(path) ? 404 : 200);
      const html = await res.text();
      await writeFile(join(dir, `${index}${path.replaceAll("/", "_")}.html`), html);
      if (!MISSING.includes(path)) problems.push(...imageClaims(path, html, claims));
    }
    expect(claims.size).toBeGreaterThan(100);
    // the checker's JVM runs while the candidates are fetched
    const [invalid, wrongImages] = await Promise.all([htmlErrors(dir), candidateProblems(request, claims)]);
    expect(invalid).toEqual([]);
    expect([...problems, ...wrongImages]).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
