import type { LinkEntry } from "../../shared/content";
import { isPageLink } from "../../shared/page-types";

/** The site path of a story: `home` is `/`, a folder's start page (`blog/`) is `/blog`. */
export function pathOfSlug(fullSlug: string): string {
  const slug = fullSlug.replace(/\/+$/, "");
  return slug === "home" ? "/" : `/${slug}`;
}

/** The slugs (as the page route spells them: no trailing slash) of every page in the links list. */
export function pageSlugs(links: readonly LinkEntry[]): Set<string> {
  return new Set(links.filter(isPageLink).map((link) => link.slug.replace(/\/+$/, "")));
}
