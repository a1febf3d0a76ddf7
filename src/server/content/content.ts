import { CACHE_TTL_SECONDS, NOT_FOUND_TTL_SECONDS, cacheKey, lastGoodKey, requestName } from "./cache";
import { currentCacheVersion, storeCacheVersion, type CvMemo } from "./cache-version";
import { ContentError } from "./errors";
import { RESOLVE_RELATIONS } from "./relations";
import type { ListParams, StoryblokApi, StoryList } from "./storyblok";
import type { DatasourceEntry, LinkEntry, LoadedStory, Version } from "../../shared/content";
import type { Logger } from "../../shared/log";

/** Where an answer came from: KV (hit), Storyblok after a KV miss, the last-known-good copy, or uncached draft. */
export type ContentSource = "hit" | "miss" | "stale" | "draft";

export interface Fetched<T> {
  value: T;
  source: ContentSource;
}

/** The site's whole view of content. Routes call this; blocks never do. */
export interface Content {
  /** "storyblok" or "emulator": which API answered misses. */
  readonly origin: string;
  story(slug: string, options?: { version?: Version }): Promise<Fetched<LoadedStory>>;
  /** Published and cached; `draft` (preview only) asks the API each time and is never cached. */
  stories(params: ListParams, options?: { version?: Version }): Promise<Fetched<StoryList>>;
  links(): Promise<Fetched<LinkEntry[]>>;
  datasource(slug: string): Promise<Fetched<DatasourceEntry[]>>;
  cacheVersion(): Promise<number>;
  /** Asks the API for the cache version now (after a publish) and makes it current in KV and this isolate. */
  refreshCacheVersion(): Promise<number>;
}

/**
 * State that lives as long as the isolate: the cv memo (plain values). In-flight loads are
 * deliberately not shared between requests: in workerd a request must not wait on another
 * request's I/O, which is cancelled when that request ends.
 */
export interface ContentIsolateState {
  memo: CvMemo;
}

export function createContentIsolateState(): ContentIsolateState {
  return { memo: {} };
}

export interface ContentDeps {
  origin: string;
  api: StoryblokApi;
  /** The API with the preview token, for drafts. Absent: drafts are not available. */
  previewApi?: StoryblokApi;
  kv: KVNamespace;
  now: () => number;
  state: ContentIsolateState;
  defer: (promise: Promise<unknown>) => void;
  logger: Logger;
}

type Entry<T> = { value: T } | { notFound: true };

export function createContent(deps: ContentDeps): Content {
  const { api, kv, state, defer, logger } = deps;

  const cacheVersion = () =>
    currentCacheVersion({ kv, fetchCurrent: () => api.cacheVersion(), now: deps.now, memo: state.memo, defer });

  async function cached<T>(name: string, load: (cv: number) => Promise<T>): Promise<Fetched<T>> {
    const cv = await cacheVersion();
    const key = cacheKey(cv, name);
    const hit = await kv.get<Entry<T>>(key, "json");
    if (hit) {
      if ("notFound" in hit) throw new ContentError(404, "Not Found");
      return { value: hit.value, source: "hit" };
    }
    try {
      const value = await load(cv);
      const body = JSON.stringify({ value } satisfies Entry<T>);
      defer(Promise.all([kv.put(key, body, { expirationTtl: CACHE_TTL_SECONDS }), kv.put(lastGoodKey(name), body)]));
      return { value, source: "miss" };
    } catch (error) {
      if (error instanceof ContentError && error.notFound) {
        defer(kv.put(key, JSON.stringify({ notFound: true }), { expirationTtl: NOT_FOUND_TTL_SECONDS }));
        throw error;
      }
      const stale = await kv.get<Entry<T>>(lastGoodKey(name), "json");
      if (stale && "value" in stale) {
        logger.warn("content.stale", { name, error });
        return { value: stale.value, source: "stale" };
      }
      throw error;
    }
  }

  const storyParams = { resolve_relations: RESOLVE_RELATIONS.join(",") || undefined, resolve_links: "url" as const };

  return {
    origin: deps.origin,
    cacheVersion,
    async story(slug, { version = "published" } = {}) {
      if (version === "draft") {
        if (!deps.previewApi) throw new ContentError(403, "Drafts need STORYBLOK_PREVIEW_TOKEN");
        return { value: await deps.previewApi.story(slug, { ...storyParams, version: "draft" }), source: "draft" };
      }
      return cached(requestName(`story/${slug}`, storyParams), (cv) => api.story(slug, { ...storyParams, cv }));
    },
    async stories(params, { version = "published" } = {}) {
      if (version === "draft") {
        if (!deps.previewApi) throw new ContentError(403, "Drafts need STORYBLOK_PREVIEW_TOKEN");
        return { value: await deps.previewApi.stories({ ...storyParams, ...params, version: "draft" }), source: "draft" };
      }
      const full = { ...storyParams, ...params, version: "published" as const };
      return cached(requestName("stories", full), (cv) => api.stories({ ...full, cv }));
    },
    links() {
      // include_dates: the sitemap's lastmod comes from published_at/updated_at
      return cached(requestName("links", { include_dates: 1 }), (cv) => api.links({ cv, include_dates: 1 }));
    },
    async refreshCacheVersion() {
      const cv = await api.cacheVersion();
      await storeCacheVersion(kv, cv);
      state.memo.value = cv;
      state.memo.readAt = deps.now();
      return cv;
    },
    datasource(slug) {
      return cached(requestName("datasource", { slug }), (cv) => api.datasourceEntries(slug, { cv }));
    },
  };
}
