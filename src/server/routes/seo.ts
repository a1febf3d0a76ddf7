import { Hono } from "hono";
import type { LinkEntry } from "../../shared/content";
import { isPageLink } from "../../shared/page-types";
import type { AppBindings } from "../request-context";
import { isPreviewHost } from "../render/robots";
import { pathOfSlug } from "../content/routable";

export const seo = new Hono<AppBindings>();

/** Preview hosts are closed to crawlers entirely; the production host is open and names its sitemap. */
export function robotsTxt(host: string, marker: string, sitemapUrl?: string): string {
  if (isPreviewHost(host, marker)) return "User-agent: *\nDisallow: /\n";
  return sitemapUrl ? `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n` : "User-agent: *\nAllow: /\n";
}

seo.get("/robots.txt", (c) => {
  const host = new URL(c.req.url).hostname;
  const preview = isPreviewHost(host, c.var.config.previewHostMarker);
  const origin = c.var.config.siteUrl ?? new URL(c.req.url).origin;
  return c.text(robotsTxt(host, c.var.config.previewHostMarker, `${origin}/sitemap.xml`), 200, {
    "Cache-Control": "public, max-age=3600",
    ...(preview ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
  });
});

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** Published stories that are pages, as site paths (`home` is `/`), home first, then by path. */
export function sitemapEntries(links: readonly LinkEntry[]): SitemapEntry[] {
  return links
    .filter(isPageLink)
    .map((link) => {
      const lastmod = link.published_at || link.updated_at || undefined;
      return { path: pathOfSlug(link.slug), ...(lastmod ? { lastmod } : {}) };
    })
    .sort((a, b) => (a.path === "/" ? -1 : b.path === "/" ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function sitemapXml(entries: readonly SitemapEntry[], origin: string): string {
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(origin + encodeURI(path))}</loc>`;
    return `<url>${loc}${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch]!);
}

/** Built from the links API through the content layer, so it is cached in KV under the cache version. */
seo.get("/sitemap.xml", async (c) => {
  const { value: links } = await c.var.content.links();
  const origin = c.var.config.siteUrl ?? new URL(c.req.url).origin;
  const preview = isPreviewHost(new URL(c.req.url).hostname, c.var.config.previewHostMarker);
  return c.body(sitemapXml(sitemapEntries(links), origin), 200, {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=300",
    ...(preview ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
  });
});
