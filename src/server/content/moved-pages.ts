/**
 * Slugs that move keep their old URLs: the rules, as pure functions. A publish that changes a
 * page's `full_slug` (or its English translated slug, or a folder's slug above it) shows up as a
 * different path for the same story id in the next links list; the old path then leads to the new
 * one with a 301. The whole list is compared, not only the story a webhook names: a folder's rename
 * moves every page in it, and a throttled webhook may stand for several publishes.
 */
import type { LinkEntry } from "../../shared/content";
import { LANGS, localisedPath, type Lang } from "../../shared/i18n/lang";
import { isPageLink } from "../../shared/pages/page-types";
import { pageIndex, pathOfSlug } from "./routable";

/** At most this many learned redirects are kept; past it, the oldest are dropped (and logged). */
export const MAX_MOVED_PAGES = 1000;

/** Where a story's page is in one language: a site path (`/diensten/web`, `/en/services/web`). */
export interface PagePath {
  storyId: number;
  lang: Lang;
  path: string;
}

/** A learned redirect: the old path of a story's page in one language, and where that page is now. */
export interface MovedPage {
  from: string;
  to: string;
  storyId: number;
  lang: Lang;
  /** When it was learned (ms): the oldest go first when the bound is reached. */
  learnedAt: number;
}

/** Every published page of a links list, per language. */
export function pagePaths(links: readonly LinkEntry[]): PagePath[] {
  const { alternates } = pageIndex(links);
  return links.filter(isPageLink).flatMap((link) => {
    const paths = alternates.get(link.slug) ?? {};
    return LANGS.flatMap((lang) => {
      const slug = paths[lang];
      return slug === undefined ? [] : [{ storyId: link.id, lang, path: localisedPath(lang, pathOfSlug(slug)) }];
    });
  });
}

export interface MovePlan {
  /** The learned redirects after this cache version, by old path. */
  moved: Map<string, MovedPage>;
  /** Paths whose page moved in this cache version: old -> new. */
  learned: Array<{ from: string; to: string }>;
  /** Dropped because the bound was reached (oldest first). */
  dropped: MovedPage[];
}

const keyOf = (page: { storyId: number; lang: Lang }) => `${page.storyId}:${page.lang}`;

/**
 * The redirects after a new links list: a page whose path changed leaves a redirect at its old
 * path; every redirect of a story leads to its current path (A->B->C answers A->C, and B->C is
 * kept); a path that is a page again (renamed back, or a new page there) leads nowhere; at most
 * `limit` are kept, the newest.
 */
export function planMoves(
  known: readonly PagePath[],
  current: readonly PagePath[],
  existing: readonly MovedPage[],
  now: number,
  limit: number = MAX_MOVED_PAGES,
): MovePlan {
  const currentOf = new Map(current.map((page) => [keyOf(page), page]));
  const pages = new Set(current.map((page) => page.path));
  const moved = new Map(existing.map((entry) => [entry.from, entry]));
  const learned: MovePlan["learned"] = [];
  for (const before of known) {
    const after = currentOf.get(keyOf(before));
    if (!after || after.path === before.path) continue;
    learned.push({ from: before.path, to: after.path });
    moved.set(before.path, { from: before.path, to: after.path, storyId: before.storyId, lang: before.lang, learnedAt: now });
  }
  for (const entry of moved.values()) {
    const target = currentOf.get(keyOf(entry))?.path;
    if (target !== undefined && target !== entry.to) moved.set(entry.from, { ...entry, to: target });
  }
  for (const entry of [...moved.values()]) if (pages.has(entry.from) || entry.from === entry.to) moved.delete(entry.from);
  const newestFirst = [...moved.values()].sort((a, b) => b.learnedAt - a.learnedAt || (a.from < b.from ? -1 : 1));
  const dropped = newestFirst.slice(limit).reverse();
  for (const entry of dropped) moved.delete(entry.from);
  return { moved, learned, dropped };
}

/** What changes in storage: rows to write or delete, and the page paths that changed. */
export function movesToWrite(
  plan: MovePlan,
  existing: readonly MovedPage[],
  known: readonly PagePath[],
  current: readonly PagePath[],
): { upsert: MovedPage[]; remove: string[]; paths: PagePath[] } {
  const before = new Map(existing.map((entry) => [entry.from, entry]));
  const upsert = [...plan.moved.values()].filter((entry) => {
    const old = before.get(entry.from);
    return !old || old.to !== entry.to || old.storyId !== entry.storyId || old.lang !== entry.lang || old.learnedAt !== entry.learnedAt;
  });
  const remove = existing.filter((entry) => !plan.moved.has(entry.from)).map((entry) => entry.from);
  const knownPath = new Map(known.map((page) => [keyOf(page), page.path]));
  const paths = current.filter((page) => knownPath.get(keyOf(page)) !== page.path);
  return { upsert, remove, paths };
}
