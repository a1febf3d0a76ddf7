import type { Blok, Story, Version } from "../../shared/content";
import { localisedPath, type Lang, type LangAlternate } from "../../shared/i18n/lang";
import type { Logger } from "../../shared/log";
import { themeOf } from "../../shared/theme";
import { closingTime, isClosed } from "../../shared/vacancy";
import { listingQuery } from "../../shared/listing-queries";
import { pageCount, readable, walkBloks, type Listing, type ListingQuery, type Readable } from "../../shared/listings";
import type { Content, Fetched } from "./content";
import { ContentError } from "./errors";
import { localiseLinks, localisedPublished, storyLanguage } from "./localise";
import { pathOfSlug, type PageIndex } from "./routable";
import { THEME_SLUG, themeFrom, type Theme } from "./theme";

/** Which page to load: the story, its language and version, and the page of its listings (`?pagina=N`). */
export interface PageRequest {
  slug: string;
  lang: Lang;
  version: Version;
  /** The content's page index, as the caller found the story in it (links are localised with it). */
  index: PageIndex;
  listingPage: number;
}

/** A page and everything its render reads, links pointed at pages of its language. */
export interface LoadedPage {
  story: Story;
  /** Stories resolved with the page (relations). */
  rels: Story[];
  /** Header, footer and customers; absent when the theme could not be loaded (logged). */
  theme?: Theme;
  /** Where the story came from (`hit`, `miss`, `stale`, `draft`). */
  source: Fetched<unknown>["source"];
  /** The cache version both story and theme come from; absent when they differ or are drafts or stale. */
  cv?: number;
  /** The page's path in every language it is published in (hreflang, the language switcher). */
  alternates: LangAlternate[];
}

/** The stories of a page's listing blocks, loading. */
export interface PageListings {
  /** By block `_uid`, each a promise React can read once it has settled. */
  byUid: Map<string, Readable<Listing>>;
  /** True while every listing that has arrived came from the cache version (none failed or was stale). */
  fromCacheVersion: () => boolean;
  /** When the first vacancy these listings show closes (then they change without a publish); none: never. */
  changesAt?: () => number | undefined;
}

/**
 * Loads a page: the story and its theme together, localised to the page's language. Its listings
 * are the caller's to ask for next (`pageListings`): a page whose body it already has needs none.
 * A story that does not exist, or a listing page past the last one, is a `ContentError` 404.
 */
export async function loadPage(content: Content, request: PageRequest, logger: Logger): Promise<LoadedPage> {
  const localise = localiser(request);
  const [page, theme] = await loadStoryAndTheme(content, request);
  if (page.status === "rejected") throw page.reason;
  if (theme.status === "rejected") logger.error("theme.unavailable", { error: theme.reason });
  const { story, rels } = localise(page.value.value);
  if (request.listingPage > 1 && request.version === "published") await assertListingPageExists(content, story.content, request);
  return {
    story,
    rels,
    theme: theme.status === "fulfilled" ? localise(theme.value.value) : undefined,
    source: page.value.source,
    cv: sameCacheVersion(page.value.cv, theme),
    alternates: alternatesOf(request.index, request.slug),
  };
}

/** Published content is localised once per cache version (kept with the parsed copy); a draft on every preview. */
function localiser({ version, lang, index }: PageRequest): <T>(value: T) => T {
  return version === "published" ? (value) => localisedPublished(value, lang, index) : (value) => localiseLinks(value, lang, index);
}

/**
 * The story at `slug` and the theme around it, read together (one call when both miss the cache),
 * both settled; the theme story is its own theme (no second request).
 */
function loadStoryAndTheme(content: Content, { slug, version, lang }: PageRequest) {
  if (slug === THEME_SLUG) {
    const story = content.story(slug, { version, language: storyLanguage(lang) });
    const theme = story.then((fetched) => ({ ...fetched, value: themeOf(fetched.value.story.content, fetched.value.story.id) }));
    return Promise.allSettled([story, theme]);
  }
  const [story, themeStory] = content.storiesTogether([slug, THEME_SLUG], { version, language: storyLanguage(lang) });
  return Promise.allSettled([story, themeFrom(themeStory, version)]);
}

/** The cache version of a page and its theme when both come from the same one (then their HTML parts may be memoised). */
function sameCacheVersion(cv: number | undefined, theme: PromiseSettledResult<Fetched<Theme>>): number | undefined {
  return cv !== undefined && theme.status === "fulfilled" && theme.value.cv === cv ? cv : undefined;
}

/** The page's path in every language it is published in. */
function alternatesOf(index: PageIndex, slug: string): LangAlternate[] {
  const paths = index.alternates.get(slug) ?? {};
  return Object.entries(paths).map(([lang, pathSlug]) => ({ lang: lang as Lang, href: localisedPath(lang as Lang, pathOfSlug(pathSlug)) }));
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
 * `?pagina=N` of a published page exists only up to the last page of its longest listing (read
 * from the cached first pages): past it, or on a page without listings, it is not found, so page
 * numbers never multiply cache entries or API calls.
 */
async function assertListingPageExists(content: Content, pageContent: Blok, request: PageRequest): Promise<void> {
  const language = storyLanguage(request.lang);
  const firsts = await Promise.all(listingBlocks(pageContent).map(({ query }) => content.stories({ ...query, page: 1, language })));
  const last = Math.max(0, ...firsts.map(({ value }) => pageCount({ ...value, page: 1 })));
  if (request.listingPage > last) throw new ContentError(404, "Not Found");
}

/**
 * The listings a loaded page's blocks ask for, loading: each settles with its stories, or with none
 * when it failed (logged). Vacancies past their closing date at `now` (the request's clock) are left
 * out: a listing loses them the moment they close, without a publish.
 */
export function pageListings(content: Content, story: Story, request: PageRequest, logger: Logger, now: number): PageListings {
  const localise = localiser(request);
  const language = storyLanguage(request.lang);
  const byUid = new Map<string, Readable<Listing>>();
  let fresh = true;
  let changesAt: number | undefined;
  const page = request.listingPage;
  for (const { uid, component, query } of listingBlocks(story.content)) {
    const params = { ...query, page, language };
    const loaded = content.stories(params, { version: request.version }).then(
      ({ value, source }): Listing => {
        if (source !== "hit" && source !== "miss") fresh = false;
        const all = localise(value.stories);
        const open = all.filter((listed) => !isClosed(listed, now));
        for (const listed of open) changesAt = earlier(changesAt, closingTime(listed.content));
        return { stories: open, total: value.total - (all.length - open.length), perPage: value.perPage, page };
      },
      (error: unknown): Listing => {
        fresh = false;
        logger.error("listing.failed", { component, error });
        return { stories: [], total: 0, perPage: params.per_page ?? 25, page };
      },
    );
    byUid.set(uid, readable(loaded));
  }
  return {
    byUid,
    fromCacheVersion: () => fresh && [...byUid.values()].every((listing) => listing.status === "fulfilled"),
    changesAt: () => changesAt,
  };
}

const earlier = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));
