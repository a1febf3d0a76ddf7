import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

// Byte budgets of what every content page ships, measured on the built output (npm run build).
const ASSETS = join(import.meta.dirname, "../../dist/public/assets");
const KB = 1024;
const gz = (file: string) => gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length;
const files = readdirSync(ASSETS);
/** The field measurements' chunk (client/vitals.ts with web-vitals), a build of its own. */
const isVitals = (f: string) => /^vitals\.[A-Z0-9]+\.js$/.test(f);

describe("byte budgets", () => {
  it("ships at most 75 KB of JavaScript (gzip) to a content page, the field measurements apart", () => {
    // every chunk is loaded on every page: the entry and its preloads at once, the footer islands lazily
    const js = files.filter((f) => f.endsWith(".js") && !isVitals(f));
    const total = js.reduce((sum, f) => sum + gz(f), 0);
    console.log(`JS: ${js.map((f) => `${f} ${(gz(f) / KB).toFixed(1)} KB`).join(", ")}; total ${(total / KB).toFixed(1)} KB gzip`);
    expect(total).toBeLessThanOrEqual(75 * KB);
  });

  it("ships the field measurements in one script of at most 5 KB (gzip), loaded by the document and sharing nothing with the entry", () => {
    const vitals = files.filter(isVitals);
    expect(vitals).toHaveLength(1);
    const chunk = readFileSync(join(ASSETS, vitals[0]!), "utf8");
    const size = gz(vitals[0]!);
    console.log(`field measurements: ${vitals[0]} ${(size / KB).toFixed(1)} KB gzip`);
    expect(size).toBeLessThanOrEqual(5 * KB);
    // web-vitals' own code is in it (its observers' entry types), and in no other file
    for (const marker of ["largest-contentful-paint", "layout-shift", "/api/vitals"]) expect(chunk).toContain(marker);
    const others = files.filter((f) => f.endsWith(".js") && !isVitals(f));
    for (const f of others) expect(readFileSync(join(ASSETS, f), "utf8")).not.toContain("layout-shift");
    // it imports nothing (no chunk shared with the entry), and the entry does not load it: the document does
    expect(chunk).not.toMatch(/\bimport\s*["{*(]|\bfrom\s*"/);
    const entry = files.find((f) => /^main\.[A-Z0-9]+\.js$/.test(f))!;
    expect(readFileSync(join(ASSETS, entry), "utf8")).not.toContain(vitals[0]);
  });

  it("ships at most 15 KB of CSS (gzip), in one hashed stylesheet", () => {
    const css = files.filter((f) => f.endsWith(".css"));
    expect(css).toHaveLength(1);
    expect(css[0]).toMatch(/^site\.[0-9a-f]{10}\.css$/);
    const size = gz(css[0]!);
    console.log(`CSS: ${css[0]} ${(size / KB).toFixed(1)} KB gzip`);
    expect(size).toBeLessThanOrEqual(15 * KB);
  });

  it("keeps the visitor bundle free of preview code (the preview bundle is a separate build)", () => {
    const js = files
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(join(ASSETS, f), "utf8"))
      .join("\n");
    for (const marker of [
      "StoryblokBridge",
      "__storyblokBridge",
      "data-blok-c",
      "data-blok-uid",
      "data-preview-root",
      "_storyblok",
      "#storyblok#",
    ]) {
      expect(js).not.toContain(marker);
    }
    // the preview bundle exists beside it, holds what the visitor bundle must not, and shares no chunk with it
    const preview = readdirSync(join(ASSETS, "preview"));
    expect(preview).toHaveLength(1);
    expect(preview[0]).toMatch(/^preview\.[A-Z0-9]+\.js$/);
    const code = readFileSync(join(ASSETS, "preview", preview[0]!), "utf8");
    for (const marker of ["StoryblokBridge", "data-blok-c", "data-preview-root"]) expect(code).toContain(marker);
    expect(code).not.toMatch(/from\s*"\.\.?\/(chunk|main)\./);
    console.log(`preview JS (editors only): ${preview[0]} ${(gzipSync(code, { level: 9 }).length / KB).toFixed(1)} KB gzip`);
  });

  it("keeps the visitor bundle free of server-only code", () => {
    const js = files
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(join(ASSETS, f), "utf8"))
      .join("\n");
    for (const marker of ["storyblok-js-client", "CONTENT_CACHE", "renderToReadableStream", "HUBSPOT", "STORYBLOK_TOKEN"]) {
      expect(js).not.toContain(marker);
    }
  });
});

describe("no dictionary in the visitor bundle", () => {
  // Islands get their words as props from the server: neither language's dictionary is bundled,
  // so no visitor downloads the language they are not reading (nor the one they are, twice).
  const texts = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(texts)
        : value && typeof value === "object"
          ? Object.values(value).flatMap(texts)
          : [];

  it("ships no text of either dictionary (longer than a word) in the visitor JavaScript; the preview bundle has both", async () => {
    const { nl } = await import("../../src/shared/i18n/nl.ts");
    const { en } = await import("../../src/shared/i18n/en.ts");
    const js = files
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(join(ASSETS, f), "utf8"))
      .join("\n");
    // one-word texts ("Contact", "Social", "Home") may occur in any code; sentences and phrases may not
    const phrases = (dictionary: unknown) => [...new Set(texts(dictionary))].filter((text) => text.includes(" ") && text.length >= 10);
    expect(phrases(en).length).toBeGreaterThan(50);
    expect(phrases(en).filter((text) => js.includes(text))).toEqual([]);
    expect(phrases(nl).filter((text) => js.includes(text))).toEqual([]);
    const preview = readdirSync(join(ASSETS, "preview"))
      .map((f) => readFileSync(join(ASSETS, "preview", f), "utf8"))
      .join("\n");
    expect(preview).toContain(en.newsletter.subscribed);
    expect(preview).toContain(nl.newsletter.subscribed);
  });
});
