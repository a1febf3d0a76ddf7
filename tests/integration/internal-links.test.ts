import { describe, expect, it } from "vitest";
import { BASE, testInstance, testOrigin } from "../helpers/site";

// Every link the site renders (menus, footer, cards, rich text, buttons) leads to a live page: each
// internal `<a href>` of every page of the sitemap, in both languages, answers 200 itself (not a
// 301 to the page, a 410 of a closed vacancy or a 404), and an English page links the English
// version of a page that has one (a Dutch page the Dutch one). The same after a vacancy closes by
// the clock, with no publish: the header's menu link to it is gone with it.

const CLOSES = Date.parse("2030-01-31T23:59:00Z"); // vacatures/product-designer's validThrough

type Site = ReturnType<typeof testInstance>;
interface Anchor {
  href: string;
  hreflang?: string;
}

const decode = (value: string) => value.replaceAll("&amp;", "&");
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** A file (`/images/cases/demo.webm`): Workers Static Assets answer it before the Worker, not the app under test. */
const isFile = (href: string) => /\.[a-z0-9]+$/i.test(href.split(/[?#]/)[0] ?? "");

/** The site's own links to pages of a page: `<a href="/...">`, without their fragment. */
function anchors(html: string): Anchor[] {
  return [...html.matchAll(/<a\s[^>]*>/g)].flatMap(([tag]) => {
    const href = attr(tag, "href");
    if (!href?.startsWith("/") || href.startsWith("//") || isFile(href)) return [];
    const hreflang = attr(tag, "hreflang");
    return [{ href: decode(href).replace(/#.*$/, "") || "/", ...(hreflang ? { hreflang } : {}) }];
  });
}

/** The page's versions by language, from its hreflang links (its own included). */
function alternates(html: string): Record<string, string> {
  const found = [...html.matchAll(/<link rel="alternate" hreflang="([a-z-]+)" href="([^"]+)"/g)];
  return Object.fromEntries(found.map(([, lang, href]) => [lang, decode(href ?? "").replace(BASE, "") || "/"]));
}

const langOf = (path: string) => (path === "/en" || path.startsWith("/en/") ? "en" : "nl");

async function sitemapPaths(site: Site): Promise<string[]> {
  const sitemap = await site.get("/sitemap.xml");
  return [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => (loc ?? "").replace(BASE, "") || "/");
}

/** Every problem with the links of every page: `page -> link: what is wrong`. */
async function brokenLinks(site: Site): Promise<string[]> {
  const pages = await sitemapPaths(site);
  const answers = new Map<string, Promise<{ status: number; alternates: Record<string, string> }>>();
  const visit = (path: string) => {
    let answer = answers.get(path);
    if (!answer) {
      answer = site.get(path).then((res) => ({ status: res.status, alternates: alternates(res.text), text: res.text }));
      answers.set(path, answer);
    }
    return answer;
  };
  const problems: string[] = [];
  for (const page of pages) {
    const res = await site.get(page);
    if (res.status !== 200) {
      problems.push(`${page}: the sitemap lists it, it answers ${res.status}`);
      continue;
    }
    const own = alternates(res.text);
    const lang = langOf(page);
    for (const { href } of anchors(res.text)) {
      const path = href.split("?")[0] ?? href;
      const target = await visit(href);
      if (target.status !== 200) problems.push(`${page} -> ${href}: ${target.status}`);
      // the language switcher links this page's other versions; every other link stays in the page's language
      else if (langOf(path) !== lang && !Object.values(own).includes(path) && target.alternates[lang])
        problems.push(`${page} -> ${href}: the ${lang} version is ${target.alternates[lang]}`);
    }
  }
  return problems;
}

describe("every internal link of every page", () => {
  // first: the cache-version authority (a Durable Object) is the file's, and the next test moves the clock to 2030
  it("after a Dutch rename the theme never saved again links the live page, in each page's language", { timeout: 240_000 }, async () => {
    const origin = testOrigin();
    const site = testInstance(origin, { sleep: async (ms) => origin.advance(ms) });
    const renamed = origin.emulator.rename("diensten/app-ontwikkeling", "apps-bouwen");
    origin.advance(1000);
    await site.publish(renamed);
    const header = async (path: string) => anchors((await site.get(path)).text).map((anchor) => anchor.href);
    expect(await header("/contact")).toContain("/diensten/apps-bouwen");
    expect(await header("/contact")).not.toContain("/diensten/app-ontwikkeling");
    expect(await header("/en/contact")).toContain("/en/services/app-development");
    expect(await brokenLinks(site)).toEqual([]);
  });

  it("answers 200 itself, in the page's language, before and after a vacancy closes by the clock", { timeout: 240_000 }, async () => {
    const origin = testOrigin();
    const site = testInstance(origin, { sleep: async (ms) => origin.advance(ms) });
    const before = await sitemapPaths(site);
    expect(before.length).toBeGreaterThan(40);
    expect(before).toContain("/en/jobs/product-designer");
    // the theme's header links the vacancy on every page
    expect(anchors((await site.get("/en")).text).map((anchor) => anchor.href)).toContain("/en/jobs/product-designer");
    expect(await brokenLinks(site)).toEqual([]);

    origin.advance(CLOSES - origin.now());
    const after = await sitemapPaths(site);
    expect(before.filter((path) => !after.includes(path)).sort()).toEqual(["/en/jobs/product-designer", "/vacatures/product-designer"]);
    expect(await brokenLinks(site)).toEqual([]);
    expect(anchors((await site.get("/en")).text).map((anchor) => anchor.href)).not.toContain("/en/jobs/product-designer");
  });
});
