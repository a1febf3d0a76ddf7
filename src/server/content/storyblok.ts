import StoryblokClient from "storyblok-js-client";
import type { OriginCall } from "./admission";
import { ContentError } from "./errors";
import type { OriginFetch } from "./retry";
import { isCacheVersion } from "./cache";
import { collectRelations, collectStoryLinks } from "./references";
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

/**
 * The Storyblok Content Delivery API as the site uses it. A read that may refill a copy says so
 * (`call`, admission.ts); any other call waits for the rate limit as its fetch does by default.
 */
export interface StoryblokApi {
  story(slug: string, params?: StoryParams, call?: OriginCall): Promise<LoadedStory>;
  /**
   * Several published stories in one `cdn/stories?by_slugs=` call, each as its own
   * `cdn/stories/{slug}` answer would have it (its own rels and links, resolved the same way);
   * a slug without a published story is absent from the map. Full slugs in the space's default
   * language, without wildcards.
   */
  storiesBySlugs(slugs: readonly string[], params?: StoryParams, call?: OriginCall): Promise<Map<string, LoadedStory>>;
  stories(params?: ListParams, call?: OriginCall): Promise<StoryList>;
  links(params?: LinksParams): Promise<LinkEntry[]>;
  /**
   * The published links list asked without a cv, and the cv its answer names: what a cold
   * isolate (no cv anywhere) asks first, so its cv costs no call of its own. Further pages of a
   * long list are asked with that cv, so they all belong to it.
   */
  linksAndVersion(params?: Omit<LinksParams, "cv" | "version">): Promise<{ links: LinkEntry[]; cv: number }>;
  datasourceEntries(datasource: string, params?: { cv?: number }, call?: OriginCall): Promise<DatasourceEntry[]>;
  /** The space's current cache version. */
  cacheVersion(): Promise<number>;
}

export interface StoryblokApiOptions {
  endpoint: string;
  token: string;
  /** The guarded fetch (token bucket, 429 retry, status check) every request goes through. */
  fetch: OriginFetch;
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
  const withClient = <T>(run: (client: StoryblokClient) => Promise<T>, call?: OriginCall) => callClient(options, run, call);

  return {
    story: (slug, params = {}, call) => withClient((client) => loadedStory(client, slug, params), call),
    storiesBySlugs: (slugs, params = {}, call) => storiesBySlugs(options, slugs, params, call),
    stories: (params = {}, call) =>
      withClient(async (client) => {
        const perPage = params.per_page ?? DEFAULT_PER_PAGE;
        const result = await client.get("cdn/stories", { version: "published", ...params, per_page: perPage });
        return {
          stories: result.data.stories as Story[],
          rels: (result.data.rels ?? []) as Story[],
          total: result.total ?? result.data.stories.length,
          perPage: result.perPage ?? perPage,
        };
      }, call),
    links: (params = {}) =>
      withClient(async (client) => {
        return (await client.getAll("cdn/links", linksQuery(params), "links")) as LinkEntry[];
      }),
    linksAndVersion: (params = {}) =>
      withClient(async (client) => {
        const query = linksQuery(params);
        const first = await client.get("cdn/links", query);
        const cv = Number((first.data as { cv?: unknown }).cv);
        if (!isCacheVersion(cv)) throw new ContentError(502, "Bad Gateway");
        const pages = first.total ? Math.ceil(first.total / (first.perPage || LINKS_PER_PAGE)) : 1;
        const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => client.get("cdn/links", { ...query, cv, page: i + 2 })));
        const links = [first, ...rest].flatMap((answer) => Object.values(answer.data.links ?? {})) as LinkEntry[];
        return { links, cv };
      }),
    datasourceEntries: (datasource, params = {}, call) =>
      withClient(async (client) => {
        return (await client.getAll(
          "cdn/datasource_entries",
          { datasource, per_page: 1000, ...params } as Record<string, unknown>,
          "datasource_entries",
        )) as DatasourceEntry[];
      }, call),
    cacheVersion: () =>
      withClient(async (client) => {
        const { data } = await client.get("cdn/spaces/me", {});
        return Number(data.space.version);
      }),
  };
}

/** What the API answers for `cdn/stories/{slug}` and `cdn/stories`, before a client resolves anything. */
interface RawAnswer {
  story?: Story;
  stories?: Story[];
  rels?: Story[];
  links?: Array<{ uuid: string }>;
  rel_uuids?: string[];
  link_uuids?: string[];
  cv: number;
}

/**
 * One list call for several stories, then each story's own answer cut from it (the rels and links
 * its content names, by the API's rules) and resolved by the client as that single answer, so a
 * story is cached the same whichever way it came.
 */
async function storiesBySlugs(
  options: StoryblokApiOptions,
  slugs: readonly string[],
  params: StoryParams,
  call?: OriginCall,
): Promise<Map<string, LoadedStory>> {
  // asked as it is, not through the client, which would resolve the references in place (and fetch
  // bare uuids) for the whole list: each story's own answer is cut from the raw one below
  const query = { ...params, version: params.version ?? "published", by_slugs: slugs.join(","), per_page: String(slugs.length) };
  const url = new URL(`${options.endpoint}/cdn/stories`);
  for (const [key, value] of Object.entries({ ...query, token: options.token }))
    if (value !== undefined) url.searchParams.set(key, String(value));
  const answer = await options.fetch(url, undefined, call).then(
    (response) => (response.json() as Promise<RawAnswer>).catch(() => Promise.reject(new ContentError(502, "Bad Gateway"))),
    (error: unknown) => Promise.reject(toContentError(error)),
  );
  // a story missing from the answer is not published (404): one the answer holds but that names no
  // slug must not pass for missing, so such an answer is refused whole
  if (!Array.isArray(answer.stories) || !answer.stories.every((story) => typeof story?.full_slug === "string"))
    throw new ContentError(502, "Bad Gateway");
  const relationFields = new Set(params.resolve_relations?.split(",") ?? []);
  const wanted = answer.stories.filter((story) => slugs.includes(story.full_slug));
  const loaded = await Promise.all(
    wanted.map((story) => {
      // each story resolved by the client as its own answer: cut from this one, or, where the
      // references came as bare uuids (past 50), asked on its own (cutting those would cost the calls saved)
      const own = async () =>
        Response.json({
          story,
          rels: picked(answer.rels, collectRelations([story], relationFields)),
          links: picked(answer.links, collectStoryLinks([story])),
          cv: answer.cv,
        });
      const fetchOwn: OriginFetch = answer.rel_uuids || answer.link_uuids ? options.fetch : own;
      return callClient({ ...options, fetch: fetchOwn }, (client) => loadedStory(client, story.full_slug, params), call);
    }),
  );
  return new Map(wanted.map((story, i) => [story.full_slug, loaded[i]!]));
}

/** The entries of `all` named by `uuids`, in the order of `uuids` (a single story's answer lists them so). */
function picked<T extends { uuid: string }>(all: T[] | undefined, uuids: Set<string>): T[] {
  const byUuid = new Map((all ?? []).map((entry) => [entry.uuid, entry]));
  return [...uuids].flatMap((uuid) => byUuid.get(uuid) ?? []);
}

async function loadedStory(client: StoryblokClient, slug: string, params: StoryParams): Promise<LoadedStory> {
  const { data } = await client.getStory(slug, { version: "published", ...params });
  return { story: data.story as Story, rels: (data.rels ?? []) as Story[], links: data.links ?? [], cv: data.cv };
}

/** The published links list, a page of the largest size at a time; `paginated` makes the answer carry total/per-page headers. */
function linksQuery(params: LinksParams): Record<string, unknown> {
  return { version: "published", per_page: LINKS_PER_PAGE, paginated: 1, ...params };
}

/** One call on its own client, whose fetch keeps the `ContentError` our guarded fetch throws. */
async function callClient<T>(
  { endpoint, token, fetch }: StoryblokApiOptions,
  run: (client: StoryblokClient) => Promise<T>,
  call?: OriginCall,
): Promise<T> {
  let failure: ContentError | undefined;
  const client = new StoryblokClient({
    accessToken: token,
    endpoint,
    rateLimit: 1000,
    cache: { type: "none", clear: "manual", cv: "manual" },
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      try {
        return await fetch(input, init, call);
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
