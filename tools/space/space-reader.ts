/**
 * The one reader of a whole Storyblok space, through the Content Delivery API (Storyblok's, or the
 * embedded space's emulator as a fetch): `npm run content:pull` and `npm run content:health` read
 * through it. Calls start at most RATE_PER_SECOND times a second (the budget the site keeps to), a
 * 429 is retried after 1 s, 2 s, ... (as the site does), every call has a deadline (a hanging API
 * never hangs the command), and a list is paged to its end, at most MAX_PAGES pages.
 */
import type { LinkEntry, Story } from "../../src/shared/content.ts";
import type { LinkTarget, StoryVersions } from "../../src/shared/content-health/index.ts";
import { DEFAULT_LANG, LANGS, type Lang } from "../../src/shared/i18n/lang.ts";
import { publishedTranslations } from "../../src/shared/i18n/published.ts";

export const RATE_PER_SECOND = 5;
export const MAX_RETRIES = 5;
/** Every call gets this long. */
export const CALL_TIMEOUT_MS = 15_000;
/** A list longer than this many pages is read only this far. */
export const MAX_PAGES = 100;
/** Storyblok's largest page of stories or links. */
export const STORIES_PER_PAGE = 100;

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** `api-us.storyblok.com` or `http://host:port` -> the v2 base URL. */
export function apiBase(host = "api.storyblok.com") {
  const origin = host.includes("://") ? host : `https://${host}`;
  return `${origin.replace(/\/+$/, "")}/v2`;
}

/** Lets calls start at most `ratePerSecond` times a second. */
export function createPacer({
  ratePerSecond = RATE_PER_SECOND,
  now = Date.now,
  sleep = realSleep,
}: {
  ratePerSecond?: number;
  now?: () => number;
  sleep?: Sleep;
} = {}): () => Promise<void> {
  const interval = 1000 / ratePerSecond;
  let next = 0;
  return async () => {
    const start = Math.max(now(), next);
    next = start + interval;
    const wait = start - now();
    if (wait > 0) await sleep(wait);
  };
}

/** Where a space is read: the API's v2 base, its fetch and clock, and how fast it may be asked. */
export interface SpaceApi {
  /** `https://api.storyblok.com/v2`, or the emulator's base. */
  base: string;
  fetch: typeof fetch;
  sleep?: Sleep;
  now?: () => number;
  /** Default RATE_PER_SECOND; the embedded space's emulator (a function, no network) needs no pacing: Infinity. */
  ratePerSecond?: number;
}

export type QueryParams = Record<string, string | number | undefined>;

export interface SpaceReader {
  /** GET `path` (below the base: `cdn/stories`) as JSON of the shape T. */
  get<T>(path: string, params: QueryParams): Promise<{ body: T; headers: Headers }>;
  /** Every page of a paged list under `key` of its answers (a list, or an object keyed by id). */
  all<T>(path: string, params: QueryParams, key: string, perPage?: number): Promise<T[]>;
}

const redact = (url: string) => url.replace(/([?&]token=)[^&]*/, "$1***");

export function spaceReader(api: SpaceApi): SpaceReader {
  const sleep = api.sleep ?? realSleep;
  const pace = createPacer({ ratePerSecond: api.ratePerSecond, now: api.now, sleep });
  const base = api.base.replace(/\/+$/, "");

  async function get<T>(path: string, params: QueryParams): Promise<{ body: T; headers: Headers }> {
    const query = new URLSearchParams(
      Object.entries(params)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]): [string, string] => [k, String(v)]),
    );
    const url = `${base}/${path}?${query}`;
    for (let attempt = 0; ; attempt++) {
      await pace();
      const response = await api.fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
      if (response.status === 429 && attempt < MAX_RETRIES) {
        await response.body?.cancel();
        await sleep((attempt + 1) * 1000);
        continue;
      }
      if (!response.ok) {
        const hint = response.status === 401 ? " (is the token right, and a preview token for drafts?)" : "";
        throw new Error(`GET ${redact(url)} answered ${response.status} ${response.statusText}${hint}`);
      }
      return { body: (await response.json()) as T, headers: response.headers };
    }
  }

  async function all<T>(path: string, params: QueryParams, key: string, perPage = STORIES_PER_PAGE): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const { body, headers } = await get<Record<string, T[] | Record<string, T> | undefined>>(path, {
        ...params,
        per_page: perPage,
        page,
      });
      const batch = Object.values(body[key] ?? []);
      items.push(...batch);
      // the API caps per_page silently; its per-page header says what a full page holds
      const total = Number(headers.get("total") ?? Number.NaN); // no header: the page sizes say when it ends
      const pageSize = Number(headers.get("per-page")) || perPage;
      if (!batch.length || (Number.isFinite(total) && items.length >= total) || batch.length < pageSize) break;
    }
    return items;
  }

  return { get, all };
}

/** What to read of a space: with which token, which version, at which cache version. */
export interface SpaceQuery {
  token: string;
  version: "published" | "draft";
  cv?: number;
}

/** Every story of `query`'s version in the default language and in each of `languages` (the CDN shows a translation in place). */
export async function storiesInEveryLanguage(
  reader: SpaceReader,
  query: SpaceQuery,
  languages: readonly string[],
): Promise<{ stories: Story[]; byLanguage: Array<[lang: string, stories: Story[]]> }> {
  const list = (language?: string) => reader.all<Story>("cdn/stories", { ...query, language }, "stories");
  const stories = await list();
  const byLanguage: Array<[string, Story[]]> = [];
  for (const lang of languages) byLanguage.push([lang, await list(lang)]);
  return { stories, byLanguage };
}

/** A space as content health checks it: the links list, and each story in Dutch and each language it is published in. */
export interface ReadSpace {
  links: LinkTarget[];
  stories: StoryVersions[];
}

/** The space's links list and every story in each language the site has and the story is published in. */
export async function readSpace(reader: SpaceReader, query: SpaceQuery): Promise<ReadSpace> {
  const links = await reader.all<LinkEntry>(
    "cdn/links",
    { token: query.token, version: query.version, cv: query.cv, include_dates: 1 },
    "links",
  );
  const { stories, byLanguage } = await storiesInEveryLanguage(
    reader,
    query,
    LANGS.filter((lang) => lang !== DEFAULT_LANG),
  );
  const translated = new Map(byLanguage.map(([lang, list]) => [lang, new Map(list.map((story) => [story.uuid, story]))]));
  const linkOf = new Map(links.map((link) => [link.uuid, link]));
  const versions = stories.map((story) => {
    const each: StoryVersions = { nl: story };
    for (const { lang } of publishedTranslations(linkOf.get(story.uuid))) {
      const version = translated.get(lang)?.get(story.uuid);
      if (version) each[lang as Lang] = version;
    }
    return each;
  });
  return { links: links.map(({ uuid, slug, published, is_folder }) => ({ uuid, slug, published, is_folder })), stories: versions };
}
