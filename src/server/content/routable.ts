import type { LinkEntry } from "../../shared/content";
import { DEFAULT_LANG, LANGS, localisedPath, type Lang } from "../../shared/i18n/lang";
import { isPageLink } from "../../shared/pages/page-types";
import { publishedTranslations } from "../../shared/i18n/published";

/** The site path of a story slug (either language's): `home` is `/`, a folder's start page (`blog/`) is `/blog`. */
export function pathOfSlug(fullSlug: string): string {
  const slug = fullSlug.replace(/\/+$/, "");
  return slug === "home" ? "/" : `/${slug}`;
}

const trim = (slug: string) => slug.replace(/\/+$/, "");

/**
 * Every published page, from the links list: per language the slug a visitor asks for (Dutch
 * `diensten/webontwikkeling`, English `services/web-development`) -> the story's own full_slug
 * (a folder's start page keeps its trailing slash: `diensten` -> `diensten/`), and per story's
 * full_slug the path slug of each language it is published in (for hreflang and the switcher).
 */
export interface PageIndex {
  stories: Record<Lang, ReadonlyMap<string, string>>;
  alternates: ReadonlyMap<string, Partial<Record<Lang, string>>>;
  /** Per story's full_slug its name in each language it is published in (breadcrumbs). */
  names: ReadonlyMap<string, Partial<Record<Lang, string>>>;
  /** Per story uuid its full_slug: what a link names (a renamed story keeps its uuid). */
  uuids: ReadonlyMap<string, string>;
}

export function pageIndex(links: readonly LinkEntry[]): PageIndex {
  const stories = Object.fromEntries(LANGS.map((lang) => [lang, new Map<string, string>()])) as Record<Lang, Map<string, string>>;
  const alternates = new Map<string, Partial<Record<Lang, string>>>();
  const names = new Map<string, Partial<Record<Lang, string>>>();
  const uuids = new Map<string, string>();
  for (const link of links.filter(isPageLink)) {
    uuids.set(link.uuid, link.slug);
    const paths: Partial<Record<Lang, string>> = { [DEFAULT_LANG]: trim(link.slug) };
    const named: Partial<Record<Lang, string>> = { [DEFAULT_LANG]: link.name };
    for (const translation of publishedTranslations(link)) {
      paths[translation.lang] = trim(translation.path);
      named[translation.lang] = translation.name || link.name;
    }
    for (const [lang, path] of Object.entries(paths) as Array<[Lang, string]>) stories[lang].set(path, link.slug);
    alternates.set(link.slug, paths);
    names.set(link.slug, named);
  }
  return { stories, alternates, names, uuids };
}

/**
 * Where a visitor of a `lang` page reads the story `slug` (its full_slug): its path in that language
 * where it is published in it, else its Dutch path; undefined when it is no published page.
 */
export function pagePathIn(index: PageIndex, slug: string, lang: Lang): string | undefined {
  const paths = index.alternates.get(slug);
  const own = paths?.[lang];
  if (own !== undefined) return localisedPath(lang, pathOfSlug(own));
  const dutch = paths?.[DEFAULT_LANG];
  return dutch === undefined ? undefined : pathOfSlug(dutch);
}

/**
 * The pages above a story in `lang`, home first: home, then the start page of each folder the
 * story is in that is published in that language. Empty for home itself.
 */
export function ancestorsOf(index: PageIndex, slug: string, lang: Lang): Array<{ name: string; path: string }> {
  if (slug === "home") return [];
  const crumb = (of: string) => {
    const path = index.alternates.get(of)?.[lang];
    const name = index.names.get(of)?.[lang];
    return path === undefined || !name ? [] : [{ name, path: localisedPath(lang, pathOfSlug(path)) }];
  };
  const folders = trim(slug).split("/").slice(0, -1);
  return [...crumb("home"), ...folders.flatMap((_, i) => crumb(`${folders.slice(0, i + 1).join("/")}/`))];
}
