import { CACHE_TTL_SECONDS, LAST_GOOD_TTL_SECONDS, NOT_FOUND_TTL_SECONDS, cacheKey, lastGoodKey, requestName } from "./cache";
import { currentCacheVersion, readStoryblok, type CacheVersionDeps, type CvMemo } from "./cache-version";
import type { CvAuthority } from "./cv-authority";
import { settledWithin, type Timer } from "./deadline";
import { ContentError } from "./errors";
import type { CacheStore } from "./kv-store";
import { createParsedCache, type ParsedCache } from "./parsed-cache";
import { RESOLVE_RELATIONS } from "./relations";
import { pageIndex, type PageIndex } from "./routable";
import { datasourceEntriesProblem, linksProblem, loadedStoryProblem, storyListProblem, type ShapeCheck } from "./shape";
import { DEFAULT_LANG, LANGS } from "../../shared/i18n/lang";
import type { ListParams, StoryblokApi, StoryList } from "./storyblok";
import type { DatasourceEntry, LinkEntry, LoadedStory, Version } from "../../shared/content";
import type { Logger } from "../../shared/log";

/** Where an answer came from: KV (hit), Storyblok after a KV miss, the last-known-good copy, or uncached draft. */
export type ContentSource = "hit" | "miss" | "stale" | "draft";

/**
 * How long a request waits for Storyblok in total before it takes a last-known-good copy
 * instead (the call goes on in the background and fills the cache). Without a copy the request
 * waits for the call itself, which its timeout bounds.
 */
export const STALE_AFTER_MS = 1500;

export interface Fetched<T> {
  value: T;
  source: ContentSource;
  /** The cache version a "hit" or "miss" belongs to (what memoised HTML built from it is keyed by). */
  cv?: number;
}

/** The site's whole view of content. Routes call this; blocks never do. */
export interface Content {
  /** "storyblok" or "emulator": which API answered misses. */
  readonly origin: string;
  /** A story in the default language, or translated (`language`, e.g. "en": Storyblok's field-level translation). */
  story(slug: string, options?: { version?: Version; language?: string }): Promise<Fetched<LoadedStory>>;
  /** Published and cached; `draft` (preview only) asks the API each time and is never cached. */
  stories(params: ListParams, options?: { version?: Version }): Promise<Fetched<StoryList>>;
  links(): Promise<Fetched<LinkEntry[]>>;
  /** Every published page per language (from the cached links list): the only ones worth asking for. */
  pageIndex(): Promise<PageIndex>;
  datasource(slug: string): Promise<Fetched<DatasourceEntry[]>>;
  cacheVersion(): Promise<number>;
  /** Asks the API for the cache version now (after a publish) and makes it current in KV, this isolate and the authority. */
  refreshCacheVersion(): Promise<number>;
  /** The story is gone (unpublished, deleted): its last-known-good copy must never be served again. */
  forgetStory(slug: string): void;
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
}

export function createContentIsolateState(parsed: ParsedCache = createParsedCache()): ContentIsolateState {
  return { memo: {}, parsed };
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
  logger: Logger;
  /** Total time this request waits for Storyblok before a last-known-good copy is served (default STALE_AFTER_MS). */
  staleAfterMs?: number;
}

type Entry<T> = { value: T } | { notFound: true };

const storyParams = { resolve_relations: RESOLVE_RELATIONS.join(",") || undefined, resolve_links: "url" as const };
const storyName = (slug: string, language?: string) => requestName(`story/${slug}`, { ...storyParams, language });

export function createContent(deps: ContentDeps): Content {
  const { api, store, state, defer, logger } = deps;
  const deadline = deps.now() + (deps.staleAfterMs ?? STALE_AFTER_MS);

  const versionDeps: CacheVersionDeps = {
    store,
    fetchCurrent: () => api.cacheVersion(),
    fetchCurrentInBackground: () => deps.backgroundApi.cacheVersion(),
    authority: deps.authority,
    now: deps.now,
    timer: deps.timer,
    memo: state.memo,
    defer,
    onRefreshFailed: (error) => logger.warn("content.cv_refresh_failed", { error }),
  };
  const cacheVersion = () => currentCacheVersion(versionDeps);

  async function cached<T>(name: string, load: (cv: number) => Promise<T>, problemOf: ShapeCheck<T>): Promise<Fetched<T>> {
    const cv = await cacheVersion();
    const key = cacheKey(cv, name);
    const hit = state.parsed.get<Entry<T>>(key) ?? (await readKv<T>(key, problemOf));
    if (hit) {
      if ("notFound" in hit) throw new ContentError(404, "Not Found");
      return { value: hit.value, source: "hit", cv };
    }
    const fetched = await fromOrigin(name, key, () => load(cv), problemOf);
    return fetched.source === "miss" ? { ...fetched, cv } : fetched;
  }

  /** A KV entry under a cv key, parsed (and its shape checked) once per isolate. */
  async function readKv<T>(key: string, problemOf: ShapeCheck<T>): Promise<Entry<T> | null> {
    const text = await store.getText(key);
    if (text === null) return null;
    let entry: Entry<T>;
    try {
      entry = JSON.parse(text) as Entry<T>;
    } catch (error) {
      logger.warn("content.kv_read_failed", { key, error });
      return null;
    }
    const problem = "value" in entry ? problemOf(entry.value) : undefined;
    if (problem) {
      logger.warn("content.kv_read_failed", { key, error: `cached answer of the wrong shape: ${problem}` });
      return null;
    }
    state.parsed.set(key, entry, text.length);
    return entry;
  }

  /** The origin's answer, refused (like a failed call, 502) when its shape is not one the site can render. */
  async function checked<T>(name: string, load: () => Promise<T>, problemOf: ShapeCheck<T>): Promise<T> {
    const value = await load();
    const problem = problemOf(value);
    if (!problem) return value;
    logger.warn("content.bad_answer", { name, problem });
    throw new ContentError(502, "Bad Gateway");
  }

  /** A KV miss: Storyblok within the request's budget, else the last-known-good copy. */
  async function fromOrigin<T>(name: string, key: string, load: () => Promise<T>, problemOf: ShapeCheck<T>): Promise<Fetched<T>> {
    if (deadline - deps.now() <= 0) {
      const early = await lastGood<T>(name, "request budget spent", problemOf);
      if (early) return early;
    }
    const loading = checked(name, load, problemOf).then(
      (value) => {
        const entry = { value } satisfies Entry<T>;
        const body = JSON.stringify(entry);
        state.parsed.set(key, entry, body.length);
        store.put(key, body, { expirationTtl: CACHE_TTL_SECONDS });
        store.put(lastGoodKey(name), body, { expirationTtl: LAST_GOOD_TTL_SECONDS });
        return value;
      },
      (error: unknown) => {
        if (error instanceof ContentError && error.notFound) {
          store.put(key, JSON.stringify({ notFound: true }), { expirationTtl: NOT_FOUND_TTL_SECONDS });
          store.delete(lastGoodKey(name)); // gone means gone, also during a later outage
        }
        throw error;
      },
    );
    const first = await settledWithin(loading, deadline - deps.now());
    if (first.state === "fulfilled") return { value: first.value, source: "miss" };
    if (first.state === "rejected" && first.reason instanceof ContentError && first.reason.notFound) throw first.reason;
    const stale = await lastGood<T>(name, first.state === "rejected" ? first.reason : "slower than the request budget", problemOf);
    if (stale) {
      if (first.state === "pending") defer(loading.catch(() => undefined));
      return stale;
    }
    if (first.state === "rejected") throw first.reason;
    return { value: await loading, source: "miss" };
  }

  async function lastGood<T>(name: string, error: unknown, problemOf: ShapeCheck<T>): Promise<Fetched<T> | undefined> {
    const stale = await store.get<Entry<T>>(lastGoodKey(name));
    if (!stale || !("value" in stale) || problemOf(stale.value)) return undefined;
    logger.warn("content.stale", { name, error });
    return { value: stale.value, source: "stale" };
  }

  // include_dates: the sitemap's lastmod comes from published_at/updated_at
  const links = () => cached(requestName("links", { include_dates: 1 }), (cv) => api.links({ cv, include_dates: 1 }), linksProblem);

  return {
    origin: deps.origin,
    cacheVersion,
    links,
    async story(slug, { version = "published", language } = {}) {
      if (version === "draft") {
        if (!deps.previewApi) throw new ContentError(403, "Drafts need STORYBLOK_PREVIEW_TOKEN");
        return { value: await deps.previewApi.story(slug, { ...storyParams, language, version: "draft" }), source: "draft" };
      }
      return cached(storyName(slug, language), (cv) => api.story(slug, { ...storyParams, language, cv }), loadedStoryProblem);
    },
    async stories(params, { version = "published" } = {}) {
      if (version === "draft") {
        if (!deps.previewApi) throw new ContentError(403, "Drafts need STORYBLOK_PREVIEW_TOKEN");
        return { value: await deps.previewApi.stories({ ...storyParams, ...params, version: "draft" }), source: "draft" };
      }
      const full = { ...storyParams, ...params, version: "published" as const };
      return cached(requestName("stories", full), (cv) => api.stories({ ...full, cv }), storyListProblem);
    },
    async pageIndex() {
      const cv = await cacheVersion();
      if (state.pages?.cv === cv) return state.pages.index;
      const { value, source } = await links();
      const index = pageIndex(value);
      // a stale list belongs to an older cv: use it, but do not remember it as this cv's
      if (source !== "stale") state.pages = { cv, index };
      return index;
    },
    refreshCacheVersion: () => readStoryblok(versionDeps, versionDeps.fetchCurrentInBackground),
    forgetStory(slug) {
      for (const lang of LANGS) store.delete(lastGoodKey(storyName(slug, lang === DEFAULT_LANG ? undefined : lang)));
    },
    datasource(slug) {
      return cached(requestName("datasource", { slug }), (cv) => api.datasourceEntries(slug, { cv }), datasourceEntriesProblem);
    },
  };
}
