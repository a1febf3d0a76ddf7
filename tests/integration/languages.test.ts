/**
 * The site in Dutch (root) and English (`/en`), from one Storyblok space with field-level
 * translation: routing, fallbacks, alternates, cache separation and preview per language.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { resetStorage } from "../helpers/d1";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { testApp } from "../helpers/site";
import { PREVIEW_LANG_PARAM } from "../../src/server/routes/pages";
import { previewLink } from "../../src/shared/preview-link";
import type { StoredBlok } from "../helpers/stored";

const BASE = "http://www.koraal.test";

beforeEach(async () => {
  await resetStorage();
});

const app = testApp({ logSink: () => {} });

const getFrom = (path: string, site: ReturnType<typeof testApp>) => get(path, undefined, site);

async function get(path: string, init?: RequestInit, site = app) {
  const ctx = createExecutionContext();
  const response = await site.fetch(new Request(BASE + path, { redirect: "manual", ...init }), env, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, html };
}

const headTags = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[0]);
const home = snapshot.stories.find((story) => story.full_slug === "home")!;
const field = (story: typeof home, component: string, name: string) =>
  ((story.content as StoredBlok).body as Array<Record<string, string>>).find((blok) => blok.component === component)![name]!;

describe("English under /en", () => {
  it("serves the home page in English: translated fields, lang, og:locale, canonical and hreflang", async () => {
    const { response, html } = await get("/en");
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`>${field(home, "HeroBanner", "title__i18n__en")}</h1>`);
    expect(html).not.toContain(`>${field(home, "HeroBanner", "title")}</h1>`);
    expect(html).toContain('<meta property="og:locale" content="en_GB"/>');
    expect(html).toContain('<meta property="og:locale:alternate" content="nl_NL"/>');
    expect(headTags(html, /<link rel="(canonical|alternate)"[^>]*>/g)).toEqual([
      `<link rel="canonical" href="${BASE}/en"/>`,
      `<link rel="alternate" hrefLang="nl" href="${BASE}/"/>`,
      `<link rel="alternate" hrefLang="en" href="${BASE}/en"/>`,
      `<link rel="alternate" hrefLang="x-default" href="${BASE}/"/>`,
      `<link rel="alternate" type="application/atom+xml" title="Insights from Koraal" href="${BASE}/en/insights/feed.xml"/>`,
    ]);
  });

  it("serves a page at its translated slug, and names both languages from the Dutch page too", async () => {
    const english = await get("/en/services/web-development");
    expect(english.response.status).toBe(200);
    expect(english.html).toContain("<title>Web development | Koraal</title>");
    const dutch = await get("/diensten/webontwikkeling");
    expect(dutch.html).toContain('<html lang="nl">');
    for (const { html } of [english, dutch]) {
      expect(html).toContain(`<link rel="alternate" hrefLang="nl" href="${BASE}/diensten/webontwikkeling"/>`);
      expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${BASE}/en/services/web-development"/>`);
      expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${BASE}/diensten/webontwikkeling"/>`);
    }
    expect(english.html).toContain(`<link rel="canonical" href="${BASE}/en/services/web-development"/>`);
    expect(dutch.html).toContain(`<link rel="canonical" href="${BASE}/diensten/webontwikkeling"/>`);
  });

  it("never shows a Dutch page at an English URL: untranslated stories and Dutch slugs under /en are 404", async () => {
    for (const path of ["/en/over-ons", "/en/diensten", "/en/diensten/webontwikkeling", "/en/bestaat-niet"]) {
      const { response, html } = await get(path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(html).toContain('<html lang="en">');
      expect(html).toContain(`Page not found: ${path}`);
    }
    // a page without an English version names no language alternates (only its feed)
    const { html } = await get("/over-ons");
    expect(html).not.toContain('<link rel="alternate" hrefLang');
    expect(html).not.toContain("og:locale:alternate");
    // its language switcher leads to the English home
    expect(html).toContain('<a href="/en" hrefLang="en" lang="en"');
  });

  it("redirects and trailing slashes work in English as in Dutch", async () => {
    const cases: Array<[string, string]> = [
      ["/en/", "/en"],
      ["/en/services/", "/en/services"],
      ["/en/home", "/en"],
      // a route rule's target in English where the page has an English version
      ["/en/werken-bij", "/en/jobs"],
      ["/en/c%6Fntact", "/en/contact"],
    ];
    for (const [from, to] of cases) {
      const { response } = await get(from);
      expect([from, response.status, response.headers.get("location")]).toEqual([from, 301, to]);
    }
  });

  it("keeps each language's content apart in the cache", async () => {
    // a fresh isolate: nothing parsed in memory yet, so both languages are read from KV (and written)
    const fresh = testApp({ logSink: () => {} });
    const get = (path: string) => getFrom(path, fresh);
    await get("/");
    await get("/en");
    const keys = (await env.CONTENT_CACHE.list()).keys.map((key) => key.name);
    const homeKeys = keys.filter((key) => key.startsWith("c:") && key.includes(":story/home"));
    expect(homeKeys).toHaveLength(2);
    expect(homeKeys.filter((key) => key.includes("language=en"))).toHaveLength(1);
    const [again, englishAgain] = [await get("/"), await get("/en")];
    expect(again.response.headers.get("server-timing")).toMatch(/^content;desc="hit"/);
    expect(englishAgain.response.headers.get("server-timing")).toMatch(/^content;desc="hit"/);
    expect(again.html).toContain(`>${field(home, "HeroBanner", "title")}</h1>`);
    expect(englishAgain.html).toContain(`>${field(home, "HeroBanner", "title__i18n__en")}</h1>`);
  });
});

describe("the English prefix in another spelling (case, percent-encoded letters)", () => {
  const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

  it("is sent to the page's own URL where one page matches, query kept", async () => {
    const cases: Array<[string, string]> = [
      ["/EN", "/en"],
      ["/En", "/en"],
      ["/%65n", "/en"],
      ["/EN/services", "/en/services"],
      ["/%45N/services/web-development?utm_source=x", "/en/services/web-development?utm_source=x"],
      // what /en/werken-bij is: the route rule's page in English
      ["/%65n/werken-bij", "/en/jobs"],
      ["/EN/werken-bij?a=1", "/en/jobs?a=1"],
      ["/EN/home", "/en"],
    ];
    for (const [from, to] of cases) {
      const { response } = await get(from);
      expect([from, response.status, response.headers.get("location")]).toEqual([from, 301, to]);
    }
  });

  it("is an English 404 otherwise; a crawler gets the bare status", async () => {
    const cases: Array<[string, string]> = [
      ["/EN/bestaat-niet", "Page not found: /EN/bestaat-niet"],
      ["/En/diensten", "Page not found: /En/diensten"],
      ["/%65n/over-ons", "Page not found: /en/over-ons"],
      ["/EN/Services", "Page Not Found: /EN/Services"],
    ];
    for (const [path, message] of cases) {
      const { response, html } = await get(path);
      const found = {
        status: response.status,
        lang: /<html lang="(\w+)">/.exec(html)?.[1],
        title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
        message: /<h1 id="error-title"[^>]*><span class="sr-only">404<!-- -->: <\/span>([^<]*)<\/h1>/.exec(html)?.[1],
        home: /<a href="([^"]*)" class="btn-primary">([^<]*)<\/a>/.exec(html)?.slice(1),
      };
      expect([path, found]).toEqual([path, { status: 404, lang: "en", title: "Page not found | Koraal", message, home: ["/en", "Home"] }]);
      const bot = await get(path, { headers: { "user-agent": GOOGLEBOT } });
      expect([path, bot.response.status, bot.html]).toEqual([path, 404, ""]);
    }
  });
});

describe("links in English pages", () => {
  const internalLinks = (html: string) =>
    [...new Set([...html.matchAll(/<a [^>]*href="(\/[^"#?]*)[^"]*"/g)].map((m) => m[1]!))].filter(
      (href) => !/^\/(api|assets|images)\//.test(href),
    );

  it("lead to English pages where they exist and to Dutch ones otherwise: every internal link answers 200", async () => {
    const seen = new Set<string>();
    for (const page of ["/en", "/en/services", "/en/cases", "/en/insights", "/en/contact"]) {
      const { response, html } = await get(page);
      expect([page, response.status]).toEqual([page, 200]);
      for (const href of internalLinks(html)) seen.add(href);
    }
    expect([...seen]).toEqual(expect.arrayContaining(["/en", "/en/services/web-development", "/en/contact"]));
    for (const href of seen) {
      const { response } = await get(href);
      expect([href, response.status]).toEqual([href, 200]);
    }
  });

  it("a Dutch page keeps its Dutch links", async () => {
    const { html } = await get("/diensten");
    expect(html).toContain('href="/diensten/webontwikkeling"');
    // the only English links are the language switcher's (desktop and mobile menu), to this page in English
    expect([...html.matchAll(/<a href="(\/en[^"]*)"[^>]*>/g)].map((m) => m[1])).toEqual(["/en/services", "/en/services"]);
  });
});

describe("preview per language", () => {
  const draft = snapshot.drafts.find((story) => story.full_slug === "home")!;

  /** The visual editor's link to the home page (signed by the shared algorithm), in `lang` when given. */
  async function previewQuery(lang?: string): Promise<string> {
    const link = new URL(
      await previewLink({ base: BASE, path: "/", spaceId: snapshot.space.id, token: snapshot.tokens.preview, storyId: home.id }),
    );
    if (lang) link.searchParams.set(PREVIEW_LANG_PARAM, lang);
    return link.search;
  }

  it("shows the draft in the language the editor edits (_storyblok_lang), uncached", async () => {
    const english = await get(`/${await previewQuery("en")}`);
    expect(english.response.status).toBe(200);
    expect(english.response.headers.get("server-timing")).toMatch(/^content;desc="draft"/);
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).toContain(`>${field(draft, "HeroBanner", "title__i18n__en")}</h1>`);
    const dutch = await get(`/${await previewQuery()}`);
    expect(dutch.html).toContain('<html lang="nl">');
    expect(dutch.html).toContain(`>${field(draft, "HeroBanner", "title")}</h1>`);
    expect((await env.CONTENT_CACHE.list()).keys.filter((key) => key.name.includes("language=en"))).toEqual([]);
  });

  it("opens a link at an English path (what `npm run preview:link -- /en/...` prints) as the English preview", async () => {
    const story = snapshot.stories.find((s) => s.full_slug === "diensten/webontwikkeling")!;
    const link = new URL(
      await previewLink({
        base: BASE,
        path: "/en/services/web-development",
        spaceId: snapshot.space.id,
        token: snapshot.tokens.preview,
        storyId: story.id,
      }),
    );
    const { response, html } = await get(link.pathname + link.search);
    expect(response.status).toBe(200);
    expect(response.headers.get("server-timing")).toMatch(/^content;desc="draft"/);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Web development | Koraal</title>");
    expect(html).toContain(`data-blok-c=`);
  });
});
