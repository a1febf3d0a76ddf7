import type { Blok, Story, Version } from "../../shared/content";
import { localisedPath, type Lang, type LangAlternate } from "../../shared/i18n/lang";
import type { Logger } from "../../shared/log";
import { isPageStory } from "../../shared/pages/page-types";
import { closingTime, isClosed } from "../../shared/vacancy/vacancy";
import { closesByClock, listingQuery, listingRead, VACANCY_CLOSING_QUERY } from "../../shared/listings/listing-queries";
import { pageCount, readable, walkBloks, type Listing, type ListingQuery, type Readable } from "../../shared/listings/listings";
import type { Content, Fetched } from "./content";
import { ContentError } from "./errors";
import { localiseLinks, localisedPublished, storyLanguage } from "./localise";
import { pathOfSlug, type PageIndex } from "./routable";
import { dutchTheme, THEME_SLUG, themeFrom, type Theme } from "./theme";

/** Which page to load: the story, its language and version, and the page of its listings (`?pagina=N`). */
export interface PageRequest {
  slug: string;
  lang: Lang;
  version: Version;
  /** The content's page index, as the caller found the story in it (links are localised with it). */
  index: PageIndex;
  listingPage: number;
  /** The request's clock: what has closed by now (vacancies) is neither listed nor linked. */
  now: number;
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
  /** The uuids of the stories whose pages are gone by the clock (closed vacancies): links to them were left out. */
  gone: ReadonlySet<string>;
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
  // an editor's preview shows every link (content health names the closed vacancy) and reads no cached listing
  const closed = request.version === "published" ? goneAt(content, request.now, logger) : Promise.resolve(NONE_GONE);
  const [[page, theme], gone] = await Promise.all([loadStoryAndTheme(content, request), closed]);
  const localise = localiser(request, gone);
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
    gone,
  };
}

/** The vacancies closed at `now` (the request's clock), from their cached listing: every story the sitemap leaves out. */
export async function closedVacancies(content: Content, now: number): Promise<Story[]> {
  const { value } = await content.stories(VACANCY_CLOSING_QUERY);
  return value.stories.filter((story) => isClosed(story, now));
}

const NONE_GONE: ReadonlySet<string> = new Set();

/** The uuids of the stories whose pages are gone at `now`; none when the vacancies cannot be read (logged). */
export async function goneAt(content: Content, now: number, logger: Logger): Promise<ReadonlySet<string>> {
  try {
    return new Set((await closedVacancies(content, now)).map((story) => story.uuid));
  } catch (error) {
    logger.error("vacancies.unavailable", { error });
    return new Set();
  }
}

/** Published content is localised once per cache version and set of closed pages (kept with the parsed copy); a draft on every preview. */
function localiser({ version, lang, index }: PageRequest, gone: ReadonlySet<string>): <T>(value: T) => T {
  return version === "published"
    ? (value) => localisedPublished(value, lang, index, gone)
    : (value) => localiseLinks(value, lang, index, gone);
}

/**
 * The story at `slug` and the theme around it, read together (one call when both miss the cache),
 * both settled; the theme story is its own theme (no second request).
 */
function loadStoryAndTheme(content: Content, { slug, version, lang }: PageRequest) {
  if (slug === THEME_SLUG) {
    const story = content.story(slug, { version, language: storyLanguage(lang) });
    return Promise.allSettled([story, themeFrom(story, version, lang, dutchTheme(content, version, lang))]);
  }
  const [story, themeStory] = content.storiesTogether([slug, THEME_SLUG], { version, language: storyLanguage(lang) });
  return Promise.allSettled([story, themeFrom(themeStory, version, lang, dutchTheme(content, version, lang))]);
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
  const firsts = await Promise.all(
    listingBlocks(pageContent).map(async ({ query }) => {
      const { value } = await content.stories({ ...listingRead(query, 1), language });
      return pageCount(listingOf(query, value, 1, request.now, (stories) => stories));
    }),
  );
  const last = Math.max(0, ...firsts);
  if (request.listingPage > last) throw new ContentError(404, "Not Found");
}

/**
 * The listings a loaded page's blocks ask for, loading: each settles with its stories, or with none
 * when it failed (logged). Vacancies past their closing date at `now` (the request's clock) are left
 * out: a listing loses them the moment they close, without a publish.
 */
export function pageListings(
  content: Content,
  story: Story,
  request: PageRequest,
  logger: Logger,
  gone: ReadonlySet<string>,
): PageListings {
  const localise = localiser(request, gone);
  const shown = request.version === "published" ? livePages(request.index, localise) : localise;
  const { now } = request;
  const language = storyLanguage(request.lang);
  const byUid = new Map<string, Readable<Listing>>();
  let fresh = true;
  let changesAt: number | undefined;
  const page = request.listingPage;
  for (const { uid, component, query } of listingBlocks(story.content)) {
    const params = { ...listingRead(query, page), language };
    const loaded = content.stories(params, { version: request.version }).then(
      ({ value, source }): Listing => {
        if (source !== "hit" && source !== "miss") fresh = false;
        const listing = listingOf(query, value, page, now, shown);
        for (const listed of listing.stories) changesAt = earlier(changesAt, closingTime(listed.content));
        return listing;
      },
      (error: unknown): Listing => {
        fresh = false;
        logger.error("listing.failed", { component, error });
        return { stories: [], total: 0, perPage: query.per_page ?? 25, page };
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

/**
 * A listing's stories that are pages of the index, localised: a listing served from its
 * last-known-good copy (its refill deferred after a publish) may still hold a story unpublished
 * since, whose card would link a 404. Data stories (team members) are no pages and stay.
 */
function livePages(index: PageIndex, localise: (stories: Story[]) => Story[]): (stories: Story[]) => Story[] {
  // localised first: the localised copy of a cached listing is kept with it (localisedPublished)
  return (stories) => localise(stories).filter((story) => !isPageStory(story) || index.uuids.has(story.uuid));
}

/**
 * Page `page` of a listing as read (`listingRead`): the open stories at `now` and their total; a
 * listing that closes by the clock was read whole and is paged here. `shown` leaves out what is no
 * page any more (its total goes down with it).
 */
function listingOf(
  query: ListingQuery,
  read: { stories: Story[]; total: number; perPage: number },
  page: number,
  now: number,
  shown: (stories: Story[]) => Story[],
): Listing {
  if (!closesByClock(query)) {
    const stories = shown(read.stories);
    return { stories, total: read.total - (read.stories.length - stories.length), perPage: read.perPage, page };
  }
  const open = shown(read.stories).filter((listed) => !isClosed(listed, now));
  const perPage = query.per_page ?? WHOLE_PAGE;
  return { stories: open.slice((page - 1) * perPage, page * perPage), total: open.length, perPage, page };
}

const WHOLE_PAGE = 25;

const earlier = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));
