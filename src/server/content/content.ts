import { cacheKey, lastGoodKey, requestName } from "./cache";
import { currentCacheVersion, readStoryblok, type CacheVersionDeps, type CvMemo } from "./cache-version";
import type { CvAuthority } from "./cv-authority";
import type { Timer } from "../../shared/dates/deadline";
import { ContentError } from "./errors";
import type { CacheStore } from "./kv-store";
import { NEEDED, onSpareTokens, type OriginCall } from "./admission";
import { createParsedCache, type ParsedCache } from "./parsed-cache";
import type { SharedLoads } from "./shared-loads";
import { storyLanguage } from "./localise";
import { RESOLVE_RELATIONS } from "./relations";
import { createStoryBatch } from "./story-batch";
import {
  badAnswer,
  cachedValue,
  readThrough,
  readWithoutCv,
  storeAnswer,
  type Fetched,
  type Load,
  type ReadThroughDeps,
} from "./read-through";
import { pageIndex, type PageIndex } from "./routable";
import { datasourceEntriesProblem, linksProblem, loadedStoryProblem, storyListProblem, type ShapeCheck } from "./shape";
import { LANGS } from "../../shared/i18n/lang";
import type { ListParams, StoryblokApi, StoryList } from "./storyblok";
import type { DatasourceEntry, LinkEntry, LoadedStory, Version } from "../../shared/content";
import type { Logger } from "../../shared/log";

export type { ContentSource, Fetched } from "./read-through";

/**
 * How long a request waits for Storyblok in total before it takes a last-known-good copy
 * instead (the call goes on in the background and fills the cache). Without a copy the request
 * waits for the call itself, which its timeout bounds.
 */
export const STALE_AFTER_MS = 1500;
/**
 * How long a request without a copy waits for another request's load of the same answer: as long
 * as its own call could take to start (START_BUDGET_MS) and to answer (ORIGIN_TIMEOUT_MS).
 */
export const SHARED_WAIT_MS = 6000;

/** The site's whole view of content. Routes call this; blocks never do. */
export interface Content {
  /** "storyblok" or "emulator": which API answered misses. */
  readonly origin: string;
  /** A story in the default language, or translated (`language`, e.g. "en": Storyblok's field-level translation). */
  story(slug: string, options?: { version?: Version; language?: string }): Promise<Fetched<LoadedStory>>;
  /**
   * Stories a page reads together (the page and its theme), each as `story` gives it: published
   * ones the cache lacks come in one call. Drafts and other languages are read one by one.
   */
  storiesTogether<const S extends readonly string[]>(
    slugs: S,
    options?: { version?: Version; language?: string },
  ): { [K in keyof S]: Promise<Fetched<LoadedStory>> };
  /** Published and cached; `draft` (preview only) asks the API each time and is never cached. */
  stories(params: ListParams, options?: { version?: Version }): Promise<Fetched<StoryList>>;
  links(): Promise<Fetched<LinkEntry[]>>;
  /**
   * The links list of exactly cache version `cv`, for learning from it (src/server/publish/): the
   * isolate's or KV's entry under `cv`, else (unless `cachedOnly`) Storyblok asked with `cv` where no
   * visitor waits. Never a last-known-good copy, never another version's list: undefined when none.
   */
  linksAt(cv: number, options?: { cachedOnly?: boolean }): Promise<LinkEntry[] | undefined>;
  /** Every published page per language (from the cached links list): the only ones worth asking for. Read once per request. */
  pageIndex(): Promise<PageIndex>;
  datasource(slug: string): Promise<Fetched<DatasourceEntry[]>>;
  cacheVersion(): Promise<number>;
  /** Asks the API for the cache version now (after a publish) and makes it current in KV, this isolate and the authority. */
  refreshCacheVersion(): Promise<number>;
  /** The story is gone (unpublished, deleted): its last-known-good copy must never be served again. */
  forgetStory(slug: string): void;
  /**
   * A story just published, read for the current cache version in every language, each call waiting
   * its turn at the rate limit as a page without a copy does: the webhook's isolate shows it from
   * its next request, whatever else is being refilled.
   */
  refillStory(slug: string): Promise<void>;
}

/**
 * State that lives as long as the isolate: plain values (the cv memo, the page slugs of a cv).
 * In-flight loads are deliberately not shared between requests: in workerd a request must not
 * wait on another request's I/O, which is cancelled when that request ends.
 */
export interface ContentIsolateState {
  memo: CvMemo;
  pages?: { cv: number; index: PageIndex };
  /** Parsed published entries by cv key (never drafts, never last-known-good copies). */
  parsed: ParsedCache;
  /** The origin loads running, by cv key (shared-loads.ts). */
  loads: SharedLoads;
}

export function createContentIsolateState(parsed: ParsedCache = createParsedCache()): ContentIsolateState {
  return { memo: {}, parsed, loads: new Map() };
}

export interface ContentDeps {
  origin: string;
  /** Published content while a visitor waits: 429 retries only within the request's budget. */
  api: StoryblokApi;
  /** The same API where no visitor waits (the cv's background checks, the webhook's refresh): five 429 retries. */
  backgroundApi: StoryblokApi;
  /** The API with the preview token, for drafts. Absent: drafts are not available. */
  previewApi?: StoryblokApi;
  store: CacheStore;
  /** The site-wide cv authority (Durable Object); absent: every isolate relies on KV and Storyblok. */
  authority?: CvAuthority;
  now: () => number;
  /** How deadlines wait (default: real time). */
  timer?: Timer;
  state: ContentIsolateState;
  defer: (promise: Promise<unknown>) => void;
  /** Settles when the request has its answer: the cache version's checks wait for it (cache-version.ts). */
  answered: Promise<void>;
  logger: Logger;
  /** Total time this request waits for Storyblok before a last-known-good copy is served (default STALE_AFTER_MS). */
  staleAfterMs?: number;
  /** How long a request without a copy waits for another request's load of the same answer (default SHARED_WAIT_MS). */
  sharedWaitMs?: number;
}

// include_dates: the sitemap's lastmod comes from published_at/updated_at
const LINKS_QUERY = { include_dates: 1 } as const;
const LINKS_NAME = requestName("links", LINKS_QUERY);
const storyParams = { resolve_relations: RESOLVE_RELATIONS.join(",") || undefined, resolve_links: "url" as const };
const storyName = (slug: string, language?: string) => requestName(`story/${slug}`, { ...storyParams, language });

export function createContent(deps: ContentDeps): Content {
  const { api, store, state } = deps;
  const readDeps = readThroughDeps(deps);
  const versionDeps = cacheVersionDeps(deps, () => readWithoutCv(readDeps, LINKS_NAME, coldLinks(api), linksProblem));
  const cacheVersion = () => currentCacheVersion(versionDeps);
  const cached = async <T>(name: string, load: Load<T>, problemOf: ShapeCheck<T>) =>
    readThrough(readDeps, await cacheVersion(), name, load, problemOf);
  // the list decides which pages exist: it is needed even where a copy exists (an old list would
  // answer 404 for a page published since, or show one unpublished since)
  const links = () => cached(LINKS_NAME, (cv) => api.links({ ...LINKS_QUERY, cv }), linksProblem);
  let index: Promise<PageIndex> | undefined;

  const listing = publishedLists(api, (name, load) => cached(name, load, storyListProblem));
  const reads: StoryReads = {
    api,
    cached: (name, load) => cached(name, load, loadedStoryProblem),
    listed: (cv) => cachedValue(readDeps, cv, LINKS_NAME, linksProblem),
    logger: deps.logger,
  };
  const story: Content["story"] = async (slug, { version = "published", language } = {}) => {
    if (version === "draft")
      return { value: await previewApi(deps).story(slug, { ...storyParams, language, version: "draft" }), source: "draft" };
    return readStory(reads, slug, language, (cv, call) => loadStory(api, slug, language, cv, call));
  };

  return {
    origin: deps.origin,
    cacheVersion,
    links,
    linksAt: (cv, { cachedOnly = false } = {}) => linksOfVersion(deps, readDeps, cv, cachedOnly),
    story,
    storiesTogether(slugs, { version = "published", language } = {}) {
      // by_slugs names stories by their default-language full slug: other languages go one by one
      const each =
        version === "draft" || language !== undefined
          ? slugs.map((slug) => story(slug, { version, language }))
          : readTogether(reads, slugs);
      return each as { [K in keyof typeof slugs]: Promise<Fetched<LoadedStory>> };
    },
    async stories(params, { version = "published" } = {}) {
      if (version === "draft")
        return { value: await previewApi(deps).stories({ ...storyParams, ...params, version: "draft" }), source: "draft" };
      return listing(params);
    },
    // read once per request: the redirects ask for it beside their own read, the page route after them
    pageIndex: () => (index ??= loadIndex(state, cacheVersion, links)),
    refreshCacheVersion: () => readStoryblok(versionDeps, versionDeps.fetchCurrentInBackground),
    forgetStory(slug) {
      for (const lang of LANGS) store.delete(lastGoodKey(storyName(slug, storyLanguage(lang))));
    },
    refillStory: (slug) => refillStory(reads, slug),
    datasource(slug) {
      const load: Load<DatasourceEntry[]> = (cv, call) => api.datasourceEntries(slug, { cv }, onSpareTokens(call));
      return cached(requestName("datasource", { slug }), load, datasourceEntriesProblem);
    },
  };
}

/** The links list of exactly cache version `cv` (`Content.linksAt`): cached under `cv`, else asked with it where no visitor waits. */
async function linksOfVersion(
  deps: ContentDeps,
  readDeps: ReadThroughDeps,
  cv: number,
  cachedOnly: boolean,
): Promise<LinkEntry[] | undefined> {
  const kept = await cachedValue(readDeps, cv, LINKS_NAME, linksProblem);
  if (kept || cachedOnly) return kept;
  const value = await deps.backgroundApi.links({ ...LINKS_QUERY, cv });
  if (linksProblem(value) !== undefined) return undefined;
  storeAnswer(readDeps, LINKS_NAME, cacheKey(cv, LINKS_NAME), value); // the pages of this cv need it too
  return value;
}

/**
 * A cold isolate (no cv in memory or KV) asks for the links list every page needs without a cv and
 * takes the cv its answer names: no call of its own for the cv, and the list is cached under it.
 */
const coldLinks = (api: StoryblokApi) => async () => {
  const { links, cv } = await api.linksAndVersion(LINKS_QUERY);
  return { value: links, cv };
};

/** The page index of the current cv: the isolate's, else built from the links list (and kept, unless the list is a stale copy). */
async function loadIndex(
  state: ContentIsolateState,
  cacheVersion: () => Promise<number>,
  links: () => Promise<Fetched<LinkEntry[]>>,
): Promise<PageIndex> {
  const cv = await cacheVersion();
  if (state.pages?.cv === cv) return state.pages.index;
  const { value, source } = await links();
  const built = pageIndex(value);
  // a stale list belongs to an older cv: use it, but do not remember it as this cv's
  if (source !== "stale") state.pages = { cv, index: built };
  return built;
}

/** How this request reads published answers: its budget for Storyblok starts now. */
function readThroughDeps(deps: ContentDeps): ReadThroughDeps {
  return {
    store: deps.store,
    parsed: deps.state.parsed,
    logger: deps.logger,
    defer: deps.defer,
    now: deps.now,
    deadline: deps.now() + (deps.staleAfterMs ?? STALE_AFTER_MS),
    loads: deps.state.loads,
    sharedWaitMs: deps.sharedWaitMs ?? SHARED_WAIT_MS,
    timer: deps.timer,
  };
}

/**
 * This request's published listings. Blocks that list the same stories (a listing placed twice)
 * share one read: a cold cache asks the origin once, not once per block, each waiting on the
 * bucket. Held for the request only, so as many as the page has listing blocks.
 */
function publishedLists(api: StoryblokApi, cachedList: (name: string, load: Load<StoryList>) => Promise<Fetched<StoryList>>) {
  const reads = new Map<string, Promise<Fetched<StoryList>>>();
  return (params: ListParams) => {
    const full = { ...storyParams, ...params, version: "published" as const };
    const name = requestName("stories", full);
    let read = reads.get(name);
    if (!read) {
      read = cachedList(name, (cv, call) => api.stories({ ...full, cv }, onSpareTokens(call)));
      reads.set(name, read);
    }
    return read;
  };
}

/** What published story reads need of the request's content layer. */
interface StoryReads {
  api: StoryblokApi;
  cached: (name: string, load: Load<LoadedStory>) => Promise<Fetched<LoadedStory>>;
  /** The links list of cache version `cv` as this isolate or KV holds it (no origin call). */
  listed: (cv: number) => Promise<LinkEntry[] | undefined>;
  logger: Logger;
}

const loadStory = (api: StoryblokApi, slug: string, language: string | undefined, cv: number, call: OriginCall) =>
  api.story(slug, { ...storyParams, language, cv }, call);

/** A published story through the cache; the origin saying "not found" for a story its own links list (same cv) names contradicts itself. */
function readStory(reads: StoryReads, slug: string, language: string | undefined, load: Load<LoadedStory>): Promise<Fetched<LoadedStory>> {
  return reads.cached(storyName(slug, language), (cv, call) =>
    load(cv, call).catch(async (error: unknown) => {
      if (!(error instanceof ContentError && error.notFound)) throw error;
      if ((await reads.listed(cv))?.some((link) => !link.is_folder && link.slug.replace(/\/+$/, "") === slug))
        throw badAnswer(reads.logger, storyName(slug, language), "the links list names this story, the answer does not hold it");
      throw error;
    }),
  );
}

/**
 * Published stories read together (a page and its theme): misses come in one `by_slugs` call;
 * each read tells the batch when it is over.
 */
function readTogether(reads: StoryReads, slugs: readonly string[]): Array<Promise<Fetched<LoadedStory>>> {
  const batch = createStoryBatch<LoadedStory>(slugs, {
    one: (slug, cv, call) => loadStory(reads.api, slug, undefined, cv, call),
    many: (wanted, cv, call) => reads.api.storiesBySlugs(wanted, { ...storyParams, cv }, call),
  });
  return slugs.map((slug) => {
    const read = readStory(reads, slug, undefined, (cv, call) => batch.load(slug, cv, call));
    const over = () => batch.settled(slug);
    void read.then(over, over);
    return read;
  });
}

/** Content.refillStory: in every language, each call waiting its turn as a page without a copy does. */
async function refillStory(reads: StoryReads, slug: string): Promise<void> {
  const languages = LANGS.map((lang) => storyLanguage(lang));
  await Promise.allSettled(
    languages.map((language) => readStory(reads, slug, language, (cv) => loadStory(reads.api, slug, language, cv, NEEDED))),
  );
}

/**
 * How the cache version is read: by a cold isolate's visitor from the links answer (`coldRead`), by
 * the background checks and the webhook through `backgroundApi` (`cdn/spaces/me`, a small answer).
 */
function cacheVersionDeps(deps: ContentDeps, coldRead: () => Promise<number>): CacheVersionDeps {
  return {
    store: deps.store,
    fetchCurrent: coldRead,
    fetchCurrentInBackground: () => deps.backgroundApi.cacheVersion(),
    authority: deps.authority,
    now: deps.now,
    timer: deps.timer,
    memo: deps.state.memo,
    defer: deps.defer,
    answered: deps.answered,
    onRefreshFailed: (error) => deps.logger.warn("content.cv_refresh_failed", { error }),
  };
}

/** Drafts come from the API with the preview token; without one they are forbidden. */
function previewApi(deps: ContentDeps): StoryblokApi {
  if (!deps.previewApi) throw new ContentError(403, "Drafts need STORYBLOK_PREVIEW_TOKEN");
  return deps.previewApi;
}
