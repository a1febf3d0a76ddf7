import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { resetStorage } from "../helpers/d1";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { createEmulator } from "../../src/server/demo/emulator";
import type { Story } from "../../src/shared/content";
import { testApp } from "../helpers/site";
import { PAGE_CONTENT_TYPES } from "../../src/shared/pages/page-types";
import { storyblokSignature } from "../../src/server/routes/webhook";

const BASE = "http://www.koraal.test";

beforeEach(async () => {
  await resetStorage();
});

/** Through the Worker, waiting for its deferred cache writes before the test goes on. */
async function fetchSite(url: string, siteEnv: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await testApp().fetch(new Request(url, { redirect: "manual" }), { ...env, ...siteEnv } as typeof env, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return new Response(body, { status: res.status, headers: res.headers });
}

const pathOf = (story: Pick<Story, "full_slug">) => (story.full_slug === "home" ? "/" : `/${story.full_slug.replace(/\/$/, "")}`);

/** <url> entries of a sitemap as [loc, lastmod]. */
function urls(xml: string): Array<[string, string | undefined]> {
  return [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?(?:<xhtml:link [^>]*\/>)*<\/url>/g)].map((m) => [
    m[1]!,
    m[2],
  ]);
}

/** The English path of a story whose English version is published, else undefined. */
const englishPathOf = (story: Story) => {
  const english = story.translated_slugs?.find((slug) => slug.lang === "en" && slug.published);
  if (!english) return undefined;
  const path = pathOf({ full_slug: english.path });
  return path === "/" ? "/en" : `/en${path}`;
};

describe("GET /sitemap.xml", () => {
  it("lists exactly the published pages, home as /, with lastmod, on the request's origin", async () => {
    const res = await fetchSite(`${BASE}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
      ),
    ).toBe(true);
    expect(xml.endsWith("</urlset>\n")).toBe(true);

    // every published story that is a page, in Dutch and (where published) English, nothing else:
    // no theme, no team members, no folders
    const pages = snapshot.stories.filter((story) => PAGE_CONTENT_TYPES.has(story.content.component));
    const expected = pages
      .flatMap((story) =>
        [pathOf(story), englishPathOf(story)]
          .filter((path) => path !== undefined)
          .map((path): [string, string | undefined] => [`${BASE}${path}`, story.published_at ?? undefined]),
      )
      .sort(([a], [b]) => (a === `${BASE}/` ? -1 : b === `${BASE}/` ? 1 : a < b ? -1 : 1));
    expect(urls(xml)).toEqual(expected);
    expect(urls(xml).length).toBeGreaterThan(pages.length);
    expect(urls(xml)[0]).toEqual([`${BASE}/`, snapshot.stories.find((s) => s.full_slug === "home")!.published_at]);
    expect(xml).not.toMatch(/theme|\/team\/|\/home</);
    expect(snapshot.stories.filter((s) => !PAGE_CONTENT_TYPES.has(s.content.component)).map((s) => s.full_slug.split("/")[0])).toEqual(
      expect.arrayContaining(["theme", "team"]),
    );
  });

  it("lists URLs that answer 200 with a page (a sample: home, a top-level page, a detail page)", async () => {
    const locs = urls(await (await fetchSite(`${BASE}/sitemap.xml`)).text()).map(([loc]) => loc);
    const sample = [locs[0]!, `${BASE}/team`, locs.find((loc) => loc.startsWith(`${BASE}/vacatures/`))!];
    for (const loc of sample) {
      expect(locs).toContain(loc);
      expect([loc, (await fetchSite(loc)).status]).toEqual([loc, 200]);
    }
  });

  it("names each translated page's other language with xhtml:link alternates; a Dutch-only page has none", async () => {
    const xml = await (await fetchSite(`${BASE}/sitemap.xml`)).text();
    const entry = (loc: string) => xml.match(new RegExp(`<url><loc>${loc}</loc>.*?</url>`))?.[0];
    const both =
      `<xhtml:link rel="alternate" hreflang="nl" href="${BASE}/diensten/webontwikkeling"/>` +
      `<xhtml:link rel="alternate" hreflang="en" href="${BASE}/en/services/web-development"/>`;
    expect(entry(`${BASE}/diensten/webontwikkeling`)).toContain(both);
    expect(entry(`${BASE}/en/services/web-development`)).toContain(both);
    expect(entry(`${BASE}/over-ons`)).not.toContain("xhtml:link");
    expect(xml).not.toContain(`${BASE}/en/over-ons`);
  });

  it("uses SITE_URL when it is set", async () => {
    const res = await fetchSite(`${BASE}/sitemap.xml`, { SITE_URL: "https://www.koraal.nl" });
    expect(urls(await res.text())[0]).toEqual(["https://www.koraal.nl/", expect.any(String)]);
  });

  it("is built from the links API through the content cache, keyed by the cache version", async () => {
    const emulator = createEmulator(snapshot);
    const calls: string[] = [];
    const app = testApp({
      contentFetch: async (input, init) => {
        calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
        return emulator.fetch(input, init);
      },
    });
    for (let i = 0; i < 3; i++) {
      const ctx = createExecutionContext();
      expect((await app.fetch(new Request(`${BASE}/sitemap.xml`), env, ctx)).status).toBe(200);
      await waitOnExecutionContext(ctx);
    }
    expect(calls.filter((path) => path === "/v2/cdn/links")).toHaveLength(1);
    expect((await env.CONTENT_CACHE.list({ prefix: `c:${snapshot.space.version}:links` })).keys.map((k) => k.name)).toEqual([
      `c:${snapshot.space.version}:links?include_dates=1`,
    ]);
  });

  it("leaves out a story that exists only as a draft, and lists it once it is published", async () => {
    const draftOnly: Story = {
      ...structuredClone(snapshot.stories.find((s) => s.full_slug === "over-ons")!),
      id: 990001,
      uuid: "0d7f3a51-0000-4000-8000-000000990001",
      name: "Nieuwe pagina",
      slug: "nieuwe-pagina",
      full_slug: "nieuwe-pagina",
      published_at: null,
      first_published_at: null,
    };
    const emulator = createEmulator(
      { ...snapshot, drafts: [...snapshot.drafts, draftOnly] },
      { now: () => Date.parse("2026-03-02T10:00:00.000Z") },
    );
    const app = testApp({ contentFetch: emulator.fetch });
    const testEnv = { ...env, STORYBLOK_WEBHOOK_SECRET: "geheim" } as typeof env;
    const get = async (path: string, init?: RequestInit) => {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request(BASE + path, init), testEnv, ctx);
      const text = await res.text();
      await waitOnExecutionContext(ctx);
      return text;
    };
    expect(urls(await get("/sitemap.xml")).map(([loc]) => loc)).not.toContain(`${BASE}/nieuwe-pagina`);

    emulator.publish("nieuwe-pagina");
    const event = JSON.stringify({ text: "published", action: "published", story_id: draftOnly.id, full_slug: "nieuwe-pagina" });
    await get("/api/storyblok/webhook", {
      method: "POST",
      headers: { "webhook-signature": await storyblokSignature("geheim", event) },
      body: event,
    });
    expect(urls(await get("/sitemap.xml"))).toContainEqual([`${BASE}/nieuwe-pagina`, "2026-03-02T10:00:00.000Z"]);
  });
});

describe("robots.txt names the sitemap", () => {
  it("on the production host", async () => {
    const res = await fetchSite(`${BASE}/robots.txt`);
    expect(await res.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${BASE}/sitemap.xml\n`);
  });

  it("with SITE_URL as the origin", async () => {
    const res = await fetchSite(`${BASE}/robots.txt`, { SITE_URL: "https://www.koraal.nl" });
    expect(await res.text()).toBe("User-agent: *\nAllow: /\n\nSitemap: https://www.koraal.nl/sitemap.xml\n");
  });

  it("but not on preview hosts", async () => {
    const res = await fetchSite("https://koraal-site.koraal.workers.dev/robots.txt");
    expect(await res.text()).toBe("User-agent: *\nDisallow: /\n");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });
});
