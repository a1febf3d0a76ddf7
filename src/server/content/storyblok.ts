import StoryblokClient from "storyblok-js-client";
import { ContentError } from "./errors";
import { isCacheVersion } from "./cache";
import type { DatasourceEntry, LinkEntry, ListParams, LoadedStory, Story, StoryParams, Version } from "../../shared/content";

export type { ListParams, StoryParams };

export interface LinksParams {
  version?: Version;
  cv?: number;
  include_dates?: 0 | 1;
}

export const DEFAULT_PER_PAGE = 25;
/** The links endpoint's largest page. */
const LINKS_PER_PAGE = 1000;

export interface StoryList {
  stories: Story[];
  rels: Story[];
  total: number;
  perPage: number;
}

/** The Storyblok Content Delivery API as the site uses it. */
export interface StoryblokApi {
  story(slug: string, params?: StoryParams): Promise<LoadedStory>;
  stories(params?: ListParams): Promise<StoryList>;
  links(params?: LinksParams): Promise<LinkEntry[]>;
  /**
   * The published links list asked without a cv, and the cv its answer names: what a cold
   * isolate (no cv anywhere) asks first, so its cv costs no call of its own. Further pages of a
   * long list are asked with that cv, so they all belong to it.
   */
  linksAndVersion(params?: Omit<LinksParams, "cv" | "version">): Promise<{ links: LinkEntry[]; cv: number }>;
  datasourceEntries(datasource: string, params?: { cv?: number }): Promise<DatasourceEntry[]>;
  /** The space's current cache version. */
  cacheVersion(): Promise<number>;
}

export interface StoryblokApiOptions {
  endpoint: string;
  token: string;
  /** The guarded fetch (token bucket, 429 retry, status check) every request goes through. */
  fetch: typeof fetch;
  onMissingToken?: () => void;
}

/**
 * storyblok-js-client does the API work (query building, relation and link resolution with
 * by_uuids chunks of 50, pagination). Our guarded fetch does rate limiting and retries, so the
 * client's own throttle is opened wide. The client swallows errors thrown by fetch into plain
 * objects, so each call captures the `ContentError` itself and rethrows it intact.
 */
export function createStoryblokApi(options: StoryblokApiOptions): StoryblokApi {
  if (!options.token) options.onMissingToken?.();
  const call = <T>(run: (client: StoryblokClient) => Promise<T>) => callClient(options, run);

  return {
    story: (slug, params = {}) =>
      call(async (client) => {
        const { data } = await client.getStory(slug, { version: "published", ...params });
        return { story: data.story as Story, rels: (data.rels ?? []) as Story[], links: data.links ?? [], cv: data.cv };
      }),
    stories: (params = {}) =>
      call(async (client) => {
        const perPage = params.per_page ?? DEFAULT_PER_PAGE;
        const result = await client.get("cdn/stories", { version: "published", ...params, per_page: perPage });
        return {
          stories: result.data.stories as Story[],
          rels: (result.data.rels ?? []) as Story[],
          total: result.total ?? result.data.stories.length,
          perPage: result.perPage ?? perPage,
        };
      }),
    links: (params = {}) =>
      call(async (client) => {
        return (await client.getAll("cdn/links", linksQuery(params), "links")) as LinkEntry[];
      }),
    linksAndVersion: (params = {}) =>
      call(async (client) => {
        const query = linksQuery(params);
        const first = await client.get("cdn/links", query);
        const cv = Number((first.data as { cv?: unknown }).cv);
        if (!isCacheVersion(cv)) throw new ContentError(502, "Bad Gateway");
        const pages = first.total ? Math.ceil(first.total / (first.perPage || LINKS_PER_PAGE)) : 1;
        const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => client.get("cdn/links", { ...query, cv, page: i + 2 })));
        const links = [first, ...rest].flatMap((answer) => Object.values(answer.data.links ?? {})) as LinkEntry[];
        return { links, cv };
      }),
    datasourceEntries: (datasource, params = {}) =>
      call(async (client) => {
        return (await client.getAll(
          "cdn/datasource_entries",
          { datasource, per_page: 1000, ...params } as Record<string, unknown>,
          "datasource_entries",
        )) as DatasourceEntry[];
      }),
    cacheVersion: () =>
      call(async (client) => {
        const { data } = await client.get("cdn/spaces/me", {});
        return Number(data.space.version);
      }),
  };
}

/** The published links list, a page of the largest size at a time; `paginated` makes the answer carry total/per-page headers. */
function linksQuery(params: LinksParams): Record<string, unknown> {
  return { version: "published", per_page: LINKS_PER_PAGE, paginated: 1, ...params };
}

/** One call on its own client, whose fetch keeps the `ContentError` our guarded fetch throws. */
async function callClient<T>({ endpoint, token, fetch }: StoryblokApiOptions, run: (client: StoryblokClient) => Promise<T>): Promise<T> {
  let failure: ContentError | undefined;
  const client = new StoryblokClient({
    accessToken: token,
    endpoint,
    rateLimit: 1000,
    cache: { type: "none", clear: "manual", cv: "manual" },
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      try {
        return await fetch(input, init);
      } catch (error) {
        failure = error instanceof ContentError ? error : new ContentError(0, String(error));
        throw failure;
      }
    },
  });
  try {
    return await run(client);
  } catch (error) {
    throw failure ?? toContentError(error);
  }
}

function toContentError(error: unknown): ContentError {
  if (error instanceof ContentError) return error;
  if (error && typeof error === "object" && "status" in error) {
    const { status, message } = error as { status: number; message?: string };
    return new ContentError(Number(status) || 0, message ?? "Content service error");
  }
  return new ContentError(0, error instanceof Error ? error.message : String(error));
}
