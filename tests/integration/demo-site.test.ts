import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import type { Story } from "../../src/shared/content";
import { testApp } from "../helpers/site";
import { PAGE_CONTENT_TYPES } from "../../src/shared/pages/page-types";

const logs: Array<{ event: string; [key: string]: unknown }> = [];
const app = testApp({ logSink: (_level, line) => logs.push(JSON.parse(line)) });

const pages = snapshot.stories.filter((s) => PAGE_CONTENT_TYPES.has(s.content.component));
const pathOf = (story: Story) => (story.full_slug === "home" ? "/" : `/${story.full_slug.replace(/\/$/, "")}`);

// Fields that configure a block instead of saying something to the visitor.
const NOT_TEXT = new Set([
  "component",
  "_uid",
  "_editable",
  "id",
  "uuid",
  "filename",
  "url",
  "cached_url",
  "linktype",
  "fieldtype",
  "anchor",
  "target",
  "email",
  "source",
  "copyright",
  "focus",
  "name",
  "title_asset",
  "meta_data",
  "is_external_url",
  "type",
  "language",
  "size",
  "tone",
  "background",
  "variant",
  "layout",
  "color",
  "align",
  "limit",
  "level",
  "icon",
  "theme",
  "alignment",
  "verticalAlign",
  "numbered",
  "columns_count",
  "overlay",
  "position",
  "poster",
  "description_seo",
  "phone",
  "code",
  "href",
  "class",
  "marks",
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every piece of text an editor wrote in a story in the default language (Dutch): string fields and
 * rich text text nodes; translations (`<field>__i18n__<lang>`) belong to the other language's page.
 */
function textsOf(value: unknown, key = ""): string[] {
  if (key.includes("__i18n__")) return [];
  if (typeof value === "string") return NOT_TEXT.has(key) || !/[a-zA-Z]{2}/.test(value) || UUID.test(value) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((v) => textsOf(v, key));
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if ("full_slug" in record && "content" in record) return []; // a resolved relation: another story's text
    if (record.fieldtype === "asset") return []; // alt text is checked by the image tests
    if (record.type === "text" && typeof record.text === "string") return [record.text];
    return Object.entries(record).flatMap(([k, v]) => textsOf(v, k));
  }
  return [];
}

const entities = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&nbsp;/g, " ");
// Blocks may lay a field out in parts ("Maandag: 9-17" as a term and a value), so colons count as space.
const norm = (text: string) => text.replace(/:/g, " ").replace(/\s+/g, " ").trim();

/** HTML budget per page, gzip (the JS and CSS budgets are in tests/node/budgets.test.ts). */
const HTML_BUDGET_GZIP = 20 * 1024;

async function gzipSize(text: string): Promise<number> {
  const stream = new Response(text).body!.pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

describe("demo site", () => {
  it("has a realistic size: at least 25 published stories", () => {
    expect(snapshot.stories.length).toBeGreaterThanOrEqual(25);
    expect(pages.length).toBeGreaterThanOrEqual(20);
  });

  it.each(pages.map((story) => [pathOf(story), story] as const))(
    "%s answers 200 with all of its text, header and footer",
    async (path, story) => {
      logs.length = 0;
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request(`http://www.koraal.test${path}`), env, ctx);
      expect(res.status).toBe(200);
      const html = await res.text();
      await waitOnExecutionContext(ctx);
      const text = norm(entities(html.replace(/<[^>]+>/g, " ")));
      const attributes = norm(entities(html));
      const missing = textsOf(story.content, "content").filter((t) =>
        t.split("\n").some((line) => norm(line) && !text.includes(norm(line)) && !attributes.includes(norm(line))),
      );
      expect(missing).toEqual([]);
      expect(html).toMatch(/<header[^>]*>[\s\S]*<nav aria-label="Hoofdmenu"/);
      expect(html).toContain('id="mobile-menu"');
      expect(html).toMatch(/<footer[\s\S]*id="nieuwsbrief"[\s\S]*<\/footer>/);
      expect((html.match(/<h1[\s>]/g) ?? []).length).toBe(1);
      expect(await gzipSize(html)).toBeLessThanOrEqual(HTML_BUDGET_GZIP);
      expect(logs.filter((l) => l.event === "block.missing" || l.event === "render.error" || l.event === "listing.failed")).toEqual([]);
    },
  );
});
