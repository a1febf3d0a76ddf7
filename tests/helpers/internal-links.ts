/**
 * Every link the site renders leads to a live page: each internal `<a href>` of every page of the
 * sitemap answers 200 itself (not a 301, a 410 or a 404), in the page's language where the target
 * has a version in it. Used by tests/integration/internal-links.test.ts and publish-sequences.test.ts.
 */
import { BASE, type testInstance } from "./site";

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
export function anchors(html: string): Anchor[] {
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

export async function sitemapPaths(site: Site): Promise<string[]> {
  const sitemap = await site.get("/sitemap.xml");
  return [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => (loc ?? "").replace(BASE, "") || "/");
}

/** Every problem with the links of every page: `page -> link: what is wrong`. */
export async function brokenLinks(site: Site): Promise<string[]> {
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
