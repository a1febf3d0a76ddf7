import { Hono } from "hono";
import { ContentError } from "../content";
import { loadTheme, THEME_SLUG, type Theme } from "../content/theme";
import type { Content, Fetched } from "../content";
import { RESOLVE_RELATIONS } from "../content/relations";
import { localiseLinks } from "../content/localise";
import { pathOfSlug, type PageIndex } from "../content/routable";
import type { Blok, Version } from "../../shared/content";
import { isDataSlug, isPageStory, storyKind } from "../../shared/page-types";
import { storySlugForPath } from "../../shared/story-path";
import { DEFAULT_LANG, isLang, localisedPath, splitLangPath, type Lang, type LangAlternate } from "../../shared/i18n/lang";
import { themeOf } from "../../shared/theme";
import { listingPage, pageCount, readable, walkBloks, type Listing, type ListingQuery } from "../../site/blocks/listings";
import { listingQuery } from "../../site/blocks/registry";
import { StoryBody } from "../../site/preview/story-body";
import type { Logger } from "../../shared/log";
import { bridgeUrl } from "../preview/bridge";
import { previewAccess } from "../preview/token";
import type { AppBindings } from "../request-context";
import type { PreviewPage } from "../render/page-document";
import { respondWithError, respondWithPage } from "../render/respond";
import { buildManifest } from "../render/assets";
import { memoHit, type MemoPart } from "../render/memo";
import { assetMiss, isAssetLike } from "./asset-miss";
import { noRouteMatches, pageValidationFailed } from "./http-error";

/** The visual editor names the language being edited in the preview URL. */
export const PREVIEW_LANG_PARAM = "_storyblok_lang";

/** How long the page waits for its listings before it starts streaming without them. */
export const LISTING_GRACE_MS = 100;

/** Waits until every promise has settled or `ms` have passed, whichever comes first (no timer left behind). */
async function settledWithin(ms: number, promises: Iterable<Promise<unknown>>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(promises), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  if (timer !== undefined) clearTimeout(timer);
}

/** The slug of the page a visitor may find at the path; null for malformed paths and data folders. */
export function slugForPath(path: string): string | null {
  const slug = storySlugForPath(path);
  return slug === null || isDataSlug(slug) ? null : slug;
}

interface PageContent extends Blok {
  title?: string;
  description?: string;
  image?: { filename?: string | null };
}

export const pages = new Hono<AppBindings>();

pages.get("*", async (c) => {
  const content = c.get("content");
  const timing = c.get("timing");
  const logger = c.get("logger");
  const config = c.get("config");
  const url = c.get("url");
  const requested = decodeURIComponent(url.pathname);
  const { lang, path } = splitLangPath(requested);
  if (isAssetLike(requested)) return assetMiss(c, requested);
  // Only a valid visual-editor link sees drafts (uncached) and data stories; anything else is a visitor.
  const editor = await previewAccess(url, { ...c.get("previewKey"), now: Date.now() });
  const version: Version = editor ? "draft" : "published";
  const index = await content.pageIndex();
  const target = editor ? editorTarget(url, path, lang, index) : visitorTarget(path, lang, index);
  if (target === "invalid") throw pageValidationFailed(requested);
  if (target === "unknown") throw noRouteMatches(requested);
  // One URL per page: another spelling of it (percent-encoded letters) is sent to the real one.
  if (!editor && url.pathname !== target.path) return c.redirect(target.path + url.search, 301);
  const { slug, lang: language } = target;
  c.set("lang", language);
  const started = performance.now();
  const [page, theme] = await loadStoryAndTheme(content, slug, version, language);
  timing.add("content", {
    dur: performance.now() - started,
    desc: page.status === "fulfilled" ? page.value.source : "error",
  });
  timing.add("origin", { desc: content.origin });

  if (page.status === "rejected") {
    if (page.reason instanceof ContentError && page.reason.notFound) throw noRouteMatches(requested);
    throw page.reason;
  }
  const localise = <T,>(value: T) => localiseLinks(value, language, index);
  let chrome: Theme | undefined;
  if (theme.status === "fulfilled") chrome = localise(theme.value.value);
  else logger.error("theme.unavailable", { error: theme.reason });

  const { story: loaded, rels } = localise(page.value.value);
  const kind = editor ? storyKind(loaded) : isPageStory(loaded) ? "page" : null;
  if (!kind) throw pageValidationFailed(requested);
  const pageContent = loaded.content as PageContent;

  const pageNumber = listingPage(url.searchParams);
  if (pageNumber > 1 && !editor) await assertListingPageExists(content, pageContent, pageNumber, requested, language);
  const clean = { listings: true };
  // A visitor's body that is in the memo for this cache version needs no listings: it has them.
  const bodyId = `body:${path}:${pageNumber}`;
  const cv = sameCacheVersion(page.value.cv, theme);
  const heldBody =
    editor || cv === undefined ? undefined : memoHit(c.get("htmlMemo"), { cv, build: buildManifest.buildId, lang: language }, bodyId);
  const listings = heldBody
    ? new Map<string, Promise<Listing>>()
    : loadListings(content, logger, pageContent, pageNumber, version, language, localise, clean);
  let preview: PreviewPage | undefined;
  if (editor) {
    // The preview bundle re-renders the page in the browser: it needs every listing, resolved.
    const resolved = await Promise.all([...listings].map(async ([uid, listing]) => [uid, await listing] as const));
    const bridge = bridgeUrl(config.storyblok.kind);
    preview = {
      kind,
      bridge,
      storyId: loaded.id,
      content: pageContent,
      listings: Object.fromEntries(resolved),
      resolveRelations: [...RESOLVE_RELATIONS],
    };
  } else if (listings.size) {
    // Listings cached in KV arrive within milliseconds: give them a moment so they render in place.
    // Slower ones (a cold cache, a slow Storyblok) stream in after the rest of the page.
    await settledWithin(LISTING_GRACE_MS, listings.values());
  }

  return respondWithPage(c, {
    status: 200,
    theme: chrome,
    title: kind === "theme" ? "Thema" : pageContent.title || loaded.name,
    description: pageContent.description,
    image: pageContent.image?.filename ?? undefined,
    rels,
    listings,
    preview,
    lang: language,
    canonicalPath: target.path,
    translations: translationsOf(index, slug),
    body: <StoryBody kind={kind} content={pageContent} />,
    memoScope: editor || cv === undefined ? undefined : { cv, ...memoBody(listings, clean.listings, bodyId, heldBody) },
  });
});

type Target = { slug: string; lang: Lang; path: string } | "invalid" | "unknown";

/**
 * A visitor's path, in its language, to the story it shows: only published pages of that
 * language exist (an English URL never shows a Dutch page), without an API call or KV write.
 */
function visitorTarget(path: string, lang: Lang, index: PageIndex): Target {
  const pathSlug = slugForPath(path);
  if (!pathSlug) return "invalid";
  const slug = index.stories[lang].get(pathSlug);
  return slug === undefined ? "unknown" : { slug, lang, path: localisedPath(lang, pathOfSlug(pathSlug)) };
}

/**
 * The visual editor opens a story at its default path and names the language it edits in
 * `_storyblok_lang` (a translated path under `/en` works too). Any story can be previewed.
 */
function editorTarget(url: URL, path: string, pathLang: Lang, index: PageIndex): Target {
  const slug = storySlugForPath(path);
  if (!slug) return "invalid";
  const asked = url.searchParams.get(PREVIEW_LANG_PARAM);
  const lang = isLang(asked) ? asked : pathLang;
  return { slug: index.stories[pathLang].get(slug) ?? slug, lang, path: url.pathname };
}

/** The page's path in every language it is published in (hreflang, the language switcher). */
function translationsOf(index: PageIndex, slug: string): LangAlternate[] {
  const paths = index.alternates.get(slug) ?? {};
  return Object.entries(paths).map(([lang, pathSlug]) => ({ lang: lang as Lang, href: localisedPath(lang as Lang, pathOfSlug(pathSlug)) }));
}

/** Storyblok's `language` parameter: none for the default language. */
function storyLanguage(lang: Lang): string | undefined {
  return lang === DEFAULT_LANG ? undefined : lang;
}

/** The cache version of a page and its theme when both come from the same one (then their HTML parts may be memoised). */
function sameCacheVersion(cv: number | undefined, theme: PromiseSettledResult<Fetched<Theme>>): number | undefined {
  return cv !== undefined && theme.status === "fulfilled" && theme.value.cv === cv ? cv : undefined;
}

/** The body is memoised too when it came from the memo, or when every listing is in from the same cache. */
function memoBody(listings: Map<string, Promise<Listing>>, clean: boolean, body: string, heldBody: MemoPart | undefined) {
  if (heldBody) return { body, heldBody };
  const settled = [...listings.values()].every((listing) => (listing as { status?: string }).status === "fulfilled");
  return { body: clean && settled ? body : undefined };
}

/** The story at `slug` and the theme around it, both settled; the theme story is its own theme (no second request). */
function loadStoryAndTheme(content: Content, slug: string, version: Version, lang: Lang) {
  const language = storyLanguage(lang);
  const story = content.story(slug, { version, language });
  const theme: Promise<Fetched<Theme>> =
    slug === THEME_SLUG
      ? story.then((fetched) => ({ ...fetched, value: themeOf(fetched.value.story.content, fetched.value.story.id) }))
      : loadTheme(content, version, lang);
  return Promise.allSettled([story, theme]);
}

interface ListingBlock {
  uid: string;
  component: string;
  query: ListingQuery;
}

/** Page content objects come from the isolate's parsed cache: one walk per object, not per request. */
const listingBlocksOf = new WeakMap<Blok, ListingBlock[]>();

/** The listing blocks on a page (each uid once) and what each of them lists. */
function listingBlocks(pageContent: Blok): ListingBlock[] {
  let found = listingBlocksOf.get(pageContent);
  if (found === undefined) {
    const byUid = new Map<string, ListingBlock>();
    for (const blok of walkBloks(pageContent)) {
      const query = listingQuery(blok);
      if (query && !byUid.has(blok._uid)) byUid.set(blok._uid, { uid: blok._uid, component: blok.component, query });
    }
    found = [...byUid.values()];
    listingBlocksOf.set(pageContent, found);
  }
  return found;
}

/**
 * `?pagina=N` exists only up to the last page of the page's longest listing (read from the
 * cached first pages): past it, or on a page without listings, it is a 404, not an empty page,
 * so page numbers never multiply cache entries or API calls.
 */
async function assertListingPageExists(content: Content, pageContent: Blok, page: number, path: string, lang: Lang): Promise<void> {
  const language = storyLanguage(lang);
  const firsts = await Promise.all(listingBlocks(pageContent).map(({ query }) => content.stories({ ...query, page: 1, language })));
  const last = Math.max(0, ...firsts.map(({ value }) => pageCount({ ...value, page: 1 })));
  if (page > last) throw noRouteMatches(path);
}

export function loadListings(
  content: Content,
  logger: Logger,
  pageContent: Blok,
  page: number,
  version: Version = "published",
  lang: Lang = DEFAULT_LANG,
  localise: <T>(value: T) => T = (value) => value,
  /** Set to false when a listing failed or came from a stale copy (not the same for every visitor of this cv). */
  clean: { listings: boolean } = { listings: true },
): Map<string, Promise<Listing>> {
  const listings = new Map<string, Promise<Listing>>();
  for (const { uid, component, query } of listingBlocks(pageContent)) {
    const params = { ...query, page, language: storyLanguage(lang) };
    listings.set(
      uid,
      readable(
        content.stories(params, { version }).then(
          ({ value, source }) => {
            if (source !== "hit" && source !== "miss") clean.listings = false;
            return { stories: localise(value.stories), total: value.total, perPage: value.perPage, page };
          },
          (error: unknown) => {
            clean.listings = false;
            logger.error("listing.failed", { component, error });
            return { stories: [], total: 0, perPage: params.per_page ?? 25, page };
          },
        ),
      ),
    );
  }
  return listings;
}

pages.all("*", (c) => respondWithError(c, 405, "Method Not Allowed", { Allow: "GET, HEAD" }));
