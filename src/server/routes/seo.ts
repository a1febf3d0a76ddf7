import { Hono } from "hono";
import type { LinkEntry } from "../../shared/content";
import { isPageLink } from "../../shared/page-types";
import type { AppBindings } from "../request-context";
import { isPreviewHost } from "../render/robots";
import { pageIndex, pathOfSlug } from "../content/routable";
import { localisedPath, type Lang } from "../../shared/i18n/lang";
import { VACANCY_CLOSING_QUERY } from "../../shared/listing-queries";
import { isClosed } from "../../shared/vacancy";
import type { Content } from "../content";

export const seo = new Hono<AppBindings>();

/** Preview hosts are closed to crawlers entirely; the production host is open and names its sitemap. */
export function robotsTxt(host: string, marker: string, sitemapUrl?: string): string {
  if (isPreviewHost(host, marker)) return "User-agent: *\nDisallow: /\n";
  return sitemapUrl ? `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n` : "User-agent: *\nAllow: /\n";
}

seo.get("/robots.txt", (c) => {
  const host = c.get("url").hostname;
  const preview = isPreviewHost(host, c.get("config").previewHostMarker);
  const origin = c.get("config").siteUrl ?? c.get("url").origin;
  return c.text(robotsTxt(host, c.get("config").previewHostMarker, `${origin}/sitemap.xml`), 200, {
    "Cache-Control": "public, max-age=3600",
    ...(preview ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
  });
});

export interface SitemapEntry {
  path: string;
  lastmod?: string;
  /** The same page in every language it is published in (itself included), when there is more than one. */
  alternates?: Array<{ lang: Lang; path: string }>;
}

/**
 * Published pages in every language, as site paths (`home` is `/`, English under `/en`), home
 * first, then by path; but the stories in `gone` (the full_slugs of vacancies that have closed).
 */
export function sitemapEntries(links: readonly LinkEntry[], gone: ReadonlySet<string> = new Set()): SitemapEntry[] {
  const { alternates } = pageIndex(links);
  return links
    .filter((link) => isPageLink(link) && !gone.has(link.slug))
    .flatMap((link) => {
      const lastmod = link.published_at || link.updated_at || undefined;
      const paths = Object.entries(alternates.get(link.slug) ?? {}).map(([lang, slug]) => ({
        lang: lang as Lang,
        path: localisedPath(lang as Lang, pathOfSlug(slug)),
      }));
      return paths.map(({ path }) => ({ path, ...(lastmod ? { lastmod } : {}), ...(paths.length > 1 ? { alternates: paths } : {}) }));
    })
    .sort((a, b) => (a.path === "/" ? -1 : b.path === "/" ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function sitemapXml(entries: readonly SitemapEntry[], origin: string): string {
  const url = (path: string) => escapeXml(origin + encodeURI(path));
  const urls = entries.map(({ path, lastmod, alternates }) => {
    const links = (alternates ?? []).map(
      (alternate) => `<xhtml:link rel="alternate" hreflang="${alternate.lang}" href="${url(alternate.path)}"/>`,
    );
    return `<url><loc>${url(path)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}${links.join("")}</url>`;
  });
  const namespaces = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${entries.some((entry) => entry.alternates) ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ""}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>\n${urls.join("\n")}\n</urlset>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch]!);
}

/** The full_slugs of the vacancies closed at `now`, from their cached listing. */
async function closedVacancies(content: Content, now: number): Promise<Set<string>> {
  const { value } = await content.stories(VACANCY_CLOSING_QUERY);
  return new Set(value.stories.filter((story) => isClosed(story, now)).map((story) => story.full_slug));
}

/**
 * Built from the links API and the vacancies' closing dates through the content layer, so both are
 * cached in KV under the cache version; a vacancy leaves it when it closes, by the request's clock.
 */
seo.get("/sitemap.xml", async (c) => {
  const content = c.get("content");
  const [{ value: links }, gone] = await Promise.all([content.links(), closedVacancies(content, c.get("now")())]);
  const origin = c.get("config").siteUrl ?? c.get("url").origin;
  const preview = isPreviewHost(c.get("url").hostname, c.get("config").previewHostMarker);
  return c.body(sitemapXml(sitemapEntries(links, gone), origin), 200, {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=300",
    ...(preview ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
  });
});
