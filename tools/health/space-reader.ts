/**
 * Reads a space as the site reads it, through the Content Delivery API (Storyblok's, or the
 * embedded space's emulator as a fetch): the links list, and every story in Dutch and in each
 * language it is published in. What the content rules check.
 */
import type { LinkEntry, Story } from "../../src/shared/content.ts";
import type { LinkTarget, StoryVersions } from "../../src/shared/content-health/index.ts";
import { DEFAULT_LANG, LANGS, type Lang } from "../../src/shared/i18n/lang.ts";
import { publishedTranslations } from "../../src/shared/i18n/published.ts";

/** Every call gets this long (a hanging API never hangs the command). */
export const CALL_TIMEOUT_MS = 15_000;
/** A space with more stories than this is read only this far (and says so). */
export const MAX_PAGES = 100;
const PER_PAGE = 100;

export interface SpaceSource {
  /** `https://api.storyblok.com/v2`, or the emulator's base. */
  base: string;
  token: string;
  fetch: typeof fetch;
  version?: "published" | "draft";
}

export interface ReadSpace {
  links: LinkTarget[];
  stories: StoryVersions[];
}

async function getJson<T>(source: SpaceSource, path: string, params: Record<string, string>): Promise<{ body: T; total: number }> {
  const url = new URL(`${source.base.replace(/\/+$/, "")}/cdn/${path}`);
  for (const [key, value] of Object.entries({ ...params, token: source.token })) url.searchParams.set(key, value);
  const response = await source.fetch(url, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url.pathname}: ${response.status} ${response.statusText}`);
  return { body: (await response.json()) as T, total: Number(response.headers.get("total") ?? 0) };
}

async function allPages<T>(source: SpaceSource, path: string, params: Record<string, string>, pick: (body: unknown) => T[]): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { body, total } = await getJson<unknown>(source, path, { ...params, per_page: String(PER_PAGE), page: String(page) });
    const got = pick(body);
    items.push(...got);
    if (got.length < PER_PAGE || items.length >= total) break;
  }
  return items;
}

/** The languages a story is published in besides Dutch, from its links entry. */
function languagesOf(link: LinkEntry | undefined): Lang[] {
  return publishedTranslations(link).map(({ lang }) => lang);
}

/** The space's links list and every story in each of its languages. */
export async function readSpace(source: SpaceSource): Promise<ReadSpace> {
  const version = source.version ?? "published";
  const links = await allPages<LinkEntry>(source, "links", { version, include_dates: "1" }, (body) =>
    Object.values((body as { links: Record<string, LinkEntry> }).links),
  );
  const read = (language?: Lang) =>
    allPages<Story>(source, "stories", { version, ...(language ? { language } : {}) }, (body) => (body as { stories: Story[] }).stories);
  const dutch = await read();
  const byLang = new Map<Lang, Map<string, Story>>();
  for (const lang of LANGS.filter((l) => l !== DEFAULT_LANG))
    byLang.set(lang, new Map((await read(lang)).map((story) => [story.uuid, story])));
  const linkOf = new Map(links.map((link) => [link.uuid, link]));
  const stories = dutch.map((story) => {
    const versions: StoryVersions = { nl: story };
    for (const lang of languagesOf(linkOf.get(story.uuid))) {
      const translated = byLang.get(lang)?.get(story.uuid);
      if (translated) versions[lang] = translated;
    }
    return versions;
  });
  return { links: links.map(({ uuid, slug, published, is_folder }) => ({ uuid, slug, published, is_folder })), stories };
}
