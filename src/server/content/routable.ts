import type { LinkEntry } from "../../shared/content";

/**
 * Story folders that hold site data, not pages. The links API does not say which component a
 * story has, so data folders are named here: the theme (header, footer, customers) and the team
 * members that the team page lists.
 */
export const DATA_FOLDERS = ["theme/", "team/"];

/** A published story outside the data folders: a page a visitor may ask for. */
export function isPageLink(link: LinkEntry): boolean {
  return link.published && !link.is_folder && !DATA_FOLDERS.some((folder) => link.slug.startsWith(folder));
}

/** The site path of a story: `home` is `/`, a folder's start page (`blog/`) is `/blog`. */
export function pathOfSlug(fullSlug: string): string {
  const slug = fullSlug.replace(/\/+$/, "");
  return slug === "home" ? "/" : `/${slug}`;
}

/** The slugs (as the page route spells them: no trailing slash) of every page in the links list. */
export function pageSlugs(links: readonly LinkEntry[]): Set<string> {
  return new Set(links.filter(isPageLink).map((link) => link.slug.replace(/\/+$/, "")));
}
