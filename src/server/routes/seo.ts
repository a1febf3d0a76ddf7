import { Hono } from "hono";
import type { LinkEntry } from "../../shared/content";
import { isPageLink } from "../../shared/pages/page-types";
import type { AppBindings } from "../request-context";
import { isPreviewHost } from "../render/robots";
import { pageIndex, pathOfSlug } from "../content/routable";
import { dictionary, LANGS, localisedPath, type Lang } from "../../shared/i18n";
import type { Story } from "../../shared/content";
import type { InsightDetailBlok } from "../../site/blocks/insight-detail";
import { isResizableAsset, SHARE_IMAGE_SIZE, shareImage } from "../../site/ui/image-url";
import type { Content } from "../content";
import { storyLanguage } from "../content/localise";
import { ATOM_CONTENT_TYPE, atomFeed, entryId, feedId, feedPath, feedUpdated, type FeedEntry } from "../render/atom-feed";
import { etagOf, notModified } from "./conditional";
import { isoDateTime } from "../../shared/dates/datetime";
import { SITE_NAME } from "../render/document";
import { escapeXml } from "../render/xml";
import { closedVacancies } from "../content/page";

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

/** The full_slugs of the vacancies closed at `now` (the content layer's `closedVacancies`, as pages leave them out). */
async function closedSlugs(content: Content, now: number): Promise<Set<string>> {
  return new Set((await closedVacancies(content, now)).map((story) => story.full_slug));
}

/**
 * Built from the links API and the vacancies' closing dates through the content layer, so both are
 * cached in KV under the cache version; a vacancy leaves it when it closes, by the request's clock.
 */
seo.get("/sitemap.xml", async (c) => {
  const content = c.get("content");
  const [{ value: links }, gone] = await Promise.all([
    content.links(),
    // the sitemap needs only the links: without the vacancies' dates every page is listed (a closed
    // vacancy's URL answers 410, which a crawler drops), never a 503 for the whole site
    closedSlugs(content, c.get("now")()).catch((error: unknown) => {
      c.get("logger").warn("sitemap.vacancies_unavailable", { error });
      return new Set<string>();
    }),
  ]);
  const origin = c.get("config").siteUrl ?? c.get("url").origin;
  const preview = isPreviewHost(c.get("url").hostname, c.get("config").previewHostMarker);
  return c.body(sitemapXml(sitemapEntries(links, gone), origin), 200, {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=300",
    ...(preview ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
  });
});

/** Insights per feed page, Storyblok's largest page; a feed reads at most this many pages (a bound, 1,000 insights). */
const FEED_PER_PAGE = 100;
const MAX_FEED_PAGES = 10;

/**
 * Every insight published in `lang`, newest first, through the content layer (cached in KV under
 * the cache version, as every listing is). English lists only insights published in English.
 */
export async function insightEntries(content: Content, lang: Lang, origin: string): Promise<FeedEntry[]> {
  const [index, stories] = await Promise.all([content.pageIndex(), publishedInsights(content, lang)]);
  const entries = await Promise.all(
    stories.map(async (story) => {
      const path = index.alternates.get(dutchSlug(story))?.[lang];
      if (path === undefined) return undefined;
      const url = origin + encodeURI(localisedPath(lang, pathOfSlug(path)));
      return feedEntry(story as Story<InsightDetailBlok>, url, await entryId(story.uuid, lang));
    }),
  );
  return entries.filter((entry) => entry !== undefined);
}

async function publishedInsights(content: Content, lang: Lang): Promise<Story[]> {
  const stories: Story[] = [];
  for (let page = 1; page <= MAX_FEED_PAGES; page++) {
    const { value } = await content.stories({
      starts_with: "insights/",
      is_startpage: false,
      content_type: "InsightDetail",
      sort_by: "first_published_at:desc",
      excluding_fields: "body",
      per_page: FEED_PER_PAGE,
      page,
      language: storyLanguage(lang),
    });
    stories.push(...value.stories);
    if (value.stories.length < FEED_PER_PAGE || stories.length >= value.total) break;
  }
  return stories;
}

/** The story's Dutch full_slug: the page index's key (an English answer names its English path). */
function dutchSlug(story: Story): string {
  return story.default_full_slug ?? story.full_slug.replace(/^en\//, "");
}

function feedEntry(story: Story<InsightDetailBlok>, url: string, id: string): FeedEntry | undefined {
  const { content } = story;
  const published = isoDateTime(content.publishedDate) ?? isoDateTime(story.first_published_at) ?? isoDateTime(story.published_at);
  if (!published) return undefined;
  const lastPublish = isoDateTime(story.published_at) ?? published;
  const image = content.heroImage?.filename && isResizableAsset(content.heroImage.filename) ? content.heroImage.filename : undefined;
  return {
    id,
    url,
    title: content.title || story.name,
    summary: content.intro || content.description || undefined,
    published,
    updated: lastPublish > published ? lastPublish : published,
    author: content.authorName || undefined,
    category: content.category || undefined,
    ...(image ? { image: { url: absolute(shareImage(image, image).src, url), type: "image/jpeg", ...SHARE_IMAGE_SIZE } } : {}),
  };
}

const absolute = (src: string, base: string) => new URL(src, base).href;

/**
 * `/insights/feed.xml` and `/en/insights/feed.xml`: built from the cached listing, so new with each
 * cache version; with an `ETag` and a `Last-Modified` (the later of its newest entry and the cache
 * version: a removed entry changes the feed too), and a 304 for a reader whose copy is current.
 */
for (const lang of LANGS) {
  seo.get(feedPath(lang), async (c) => {
    const content = c.get("content");
    const { siteUrl } = c.get("config");
    const origin = siteUrl ?? c.get("url").origin;
    const preview = isPreviewHost(c.get("url").hostname, c.get("config").previewHostMarker);
    const [entries, cv, id] = await Promise.all([insightEntries(content, lang, origin), content.cacheVersion(), feedId(lang, siteUrl)]);
    const feed = {
      lang,
      id,
      title: dictionary(lang).insights.feedTitle,
      self: origin + feedPath(lang),
      page: origin + localisedPath(lang, "/insights"),
      updatedFallback: new Date(cv * 1000).toISOString().replace(/\.000Z$/, "Z"),
      author: SITE_NAME,
      entries,
    };
    const xml = atomFeed(feed);
    const lastModified = Math.max(Date.parse(feedUpdated(feed)), cv * 1000);
    const headers = {
      "Content-Type": ATOM_CONTENT_TYPE,
      "Cache-Control": "public, max-age=300",
      ETag: await etagOf(xml),
      "Last-Modified": new Date(lastModified).toUTCString(),
      ...(preview ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
    };
    if (notModified(c.req.raw.headers, headers.ETag, lastModified)) return c.body(null, 304, headers);
    return c.body(xml, 200, headers);
  });
}
