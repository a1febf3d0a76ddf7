import { DEFAULT_LANG, type Lang } from "../../shared/i18n/lang";
import type { PageIndex } from "./routable";

/** Storyblok's `language` parameter for a page language: none for the default language. */
export const storyLanguage = (lang: Lang): string | undefined => (lang === DEFAULT_LANG ? undefined : lang);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);
const trim = (slug: string) => slug.replace(/^\/+|\/+$/g, "");

/**
 * Internal links of translated content, pointed at pages of the same language. Storyblok
 * translates field values but a story link keeps naming the default-language story: in an English
 * page every link to a story that is published in English goes to its English path, and every
 * other one to the Dutch page (never to an English URL that does not exist). Listing and relation
 * stories get the same treatment for their `full_slug`. Returns a copy; the input is not changed.
 */
export function localiseLinks<T>(value: T, lang: Lang, index: PageIndex): T {
  if (lang === DEFAULT_LANG) return value;
  const target = (dutchSlug: string): string => {
    const slug = trim(dutchSlug);
    const story = index.stories[DEFAULT_LANG].get(slug) ?? slug;
    const translated = index.alternates.get(story)?.[lang];
    if (translated === undefined) return slug;
    return translated === "home" ? lang : `${lang}/${translated}`;
  };
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isNode(node)) return node;
    const copy: Node = {};
    for (const [key, child] of Object.entries(node)) copy[key] = visit(child);
    if (copy.linktype === "story" && typeof copy.cached_url === "string" && copy.cached_url) {
      const to = target(copy.cached_url);
      copy.cached_url = to;
      if (isNode(copy.story)) copy.story = { ...copy.story, url: to, full_slug: to };
    }
    if (copy.type === "link" && isNode(copy.attrs) && copy.attrs.linktype === "story" && typeof copy.attrs.href === "string") {
      copy.attrs = { ...copy.attrs, href: `/${target(copy.attrs.href)}` };
    }
    if (typeof copy.full_slug === "string" && typeof copy.uuid === "string" && isNode(copy.content)) {
      const dutch = typeof copy.default_full_slug === "string" ? copy.default_full_slug : copy.full_slug;
      copy.full_slug = target(dutch);
    }
    return copy;
  };
  return visit(value) as T;
}

/** Published content objects come from the isolate's parsed cache: their localised copies are kept with them. */
const localisedCopies = new WeakMap<object, WeakMap<PageIndex, Map<Lang, unknown>>>();

/**
 * `localiseLinks` of published content, made once per content object, page index and language
 * (all three belong to one cache version), not on every request. Never for drafts: a preview
 * localises its own fresh copy each time.
 */
export function localisedPublished<T>(value: T, lang: Lang, index: PageIndex): T {
  if (lang === DEFAULT_LANG || typeof value !== "object" || value === null) return localiseLinks(value, lang, index);
  let byIndex = localisedCopies.get(value);
  if (!byIndex) {
    byIndex = new WeakMap();
    localisedCopies.set(value, byIndex);
  }
  let byLang = byIndex.get(index);
  if (!byLang) {
    byLang = new Map();
    byIndex.set(index, byLang);
  }
  if (!byLang.has(lang)) byLang.set(lang, localiseLinks(value, lang, index));
  return byLang.get(lang) as T;
}
