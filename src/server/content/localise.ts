import { DEFAULT_LANG, type Lang } from "../../shared/i18n/lang";
import { pagePathIn, type PageIndex } from "./routable";

/** Storyblok's `language` parameter for a page language: none for the default language. */
export const storyLanguage = (lang: Lang): string | undefined => (lang === DEFAULT_LANG ? undefined : lang);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);
/** A whole story inside content (listed, or a resolved relation). */
const isStoryNode = (node: Node): node is Node & { full_slug: string; uuid: string } =>
  typeof node.full_slug === "string" && typeof node.uuid === "string" && isNode(node.content);
const trim = (slug: string) => slug.replace(/^\/+|\/+$/g, "");

/** No story's page is gone by the clock. */
const NONE_GONE: ReadonlySet<string> = new Set();

/**
 * Every story link in content, pointed at the live page of the story it names (by its uuid: a
 * renamed story keeps it, while the stored `cached_url` keeps the old path until the linking story
 * is saved again) in the page's language: its path in that language where it is published in it,
 * else its Dutch one (never an English URL that does not exist). A link to a story that is no
 * published page (unpublished, deleted, a data story) or whose page is `gone` (a vacancy closed by
 * the clock) is emptied, so blocks leave it out: menus drop the item, rich text keeps the words
 * (content health tells the editor: `link.target`, `vacancy.closed`). Listing and relation stories
 * get their `full_slug` in the language; published ones (`byUuid`) that of their live page, found by
 * their uuid: a listing served from its last-known-good copy (a refill deferred after a publish)
 * names a renamed story by the slug it had then. Never a draft: a story renamed in its draft is
 * previewed at its draft's slug. Returns a copy; the input is not changed.
 */
export function localiseLinks<T>(
  value: T,
  lang: Lang,
  index: PageIndex,
  gone: ReadonlySet<string> = NONE_GONE,
  { byUuid = false } = {},
): T {
  const live = (uuid: unknown, stored: string): string | null => {
    const slug = typeof uuid === "string" && uuid ? index.uuids.get(uuid) : index.stories[DEFAULT_LANG].get(trim(stored));
    if (typeof uuid === "string" && uuid && (slug === undefined || gone.has(uuid))) return null;
    return slug === undefined ? `/${trim(stored)}` : (pagePathIn(index, slug, lang) ?? null);
  };
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isNode(node)) return node;
    const copy: Node = {};
    for (const [key, child] of Object.entries(node)) copy[key] = visit(child);
    if (copy.linktype === "story" && (copy.id || copy.cached_url)) pointStoryLink(copy, live(copy.id, String(copy.cached_url ?? "")));
    if (copy.type === "link" && isNode(copy.attrs) && copy.attrs.linktype === "story") {
      const to = live(copy.attrs.uuid, String(copy.attrs.href ?? ""));
      copy.attrs = { ...copy.attrs, href: to ?? "", ...(to === null ? { anchor: null } : {}) };
    }
    if (isStoryNode(copy)) pointStory(copy, index, lang, byUuid);
    return copy;
  };
  return visit(value) as T;
}

/** A link field pointed at `to` (a site path), or emptied when its story has no live page. */
function pointStoryLink(link: Node, to: string | null): void {
  if (to === null) {
    Object.assign(link, { cached_url: "", url: "", anchor: "" });
    delete link.story;
    return;
  }
  link.cached_url = to;
  if (isNode(link.story)) link.story = { ...link.story, url: to, full_slug: trim(to) || "home" };
}

/**
 * A listed or related story (`full_slug`, `uuid`, `content`) named by its page in `lang`, where it is
 * published in it, else its Dutch one; `byUuid`: by the Dutch full_slug the links list has for its
 * uuid now. A story that is no page of the index (a data story, one unpublished since) keeps its own.
 */
function pointStory(story: Node & { full_slug: string; uuid: string }, index: PageIndex, lang: Lang, byUuid: boolean): void {
  const live = byUuid ? index.uuids.get(story.uuid) : undefined;
  const dutch = live ?? (typeof story.default_full_slug === "string" ? story.default_full_slug : story.full_slug);
  if (lang === DEFAULT_LANG) {
    if (live !== undefined && trim(live) !== trim(story.full_slug)) story.full_slug = live;
    return;
  }
  story.full_slug = translatedSlug(index, dutch, lang);
}

/** A listed story's full_slug in `lang` (`en/services/...`) where it is published in it, else its Dutch one. */
function translatedSlug(index: PageIndex, dutchSlug: string, lang: Lang): string {
  const slug = trim(dutchSlug);
  const story = index.stories[DEFAULT_LANG].get(slug) ?? slug;
  const translated = index.alternates.get(story)?.[lang];
  if (translated === undefined) return slug;
  return translated === "home" ? lang : `${lang}/${translated}`;
}

/** Published content objects come from the isolate's parsed cache: their localised copies are kept with them. */
const localisedCopies = new WeakMap<object, WeakMap<PageIndex, Map<string, unknown>>>();

/**
 * `localiseLinks` of published content, made once per content object, page index (both belong to
 * one cache version), language and set of pages gone by the clock, not on every request. Never
 * for drafts: a preview localises its own fresh copy each time.
 */
export function localisedPublished<T>(value: T, lang: Lang, index: PageIndex, gone: ReadonlySet<string> = NONE_GONE): T {
  if (typeof value !== "object" || value === null) return value;
  let byIndex = localisedCopies.get(value);
  if (!byIndex) {
    byIndex = new WeakMap();
    localisedCopies.set(value, byIndex);
  }
  let byKey = byIndex.get(index);
  if (!byKey) {
    byKey = new Map();
    byIndex.set(index, byKey);
  }
  const key = `${lang} ${goneKey(gone)}`;
  if (!byKey.has(key)) byKey.set(key, localiseLinks(value, lang, index, gone, { byUuid: true }));
  return byKey.get(key) as T;
}

/** A set of gone pages as a key: within a cache version it only grows (vacancies close, none reopens). */
export const goneKey = (gone: ReadonlySet<string>): string => [...gone].sort().join(",");
