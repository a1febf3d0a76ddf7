/**
 * Slugs that move keep their old URLs: the rules (pure functions), their store (D1, and per cache
 * version in KV and the isolate) and how a request reads them, in this one module. A publish that
 * changes a page's `full_slug` (or its English translated slug, or a folder's slug above it) shows
 * up as a different path for the same story id in the next links list; the old path then leads to
 * the new one with a 301. The whole list is compared, not only the story a webhook names: a folder's
 * rename moves every page in it, and a throttled webhook may stand for several publishes.
 *
 * D1 is the record (kept across deploys and cache versions; a learning run is one transaction, so
 * two isolates learning at once cannot lose a move). A request never waits for D1 but once per
 * isolate and cache version: the list is kept per cache version in KV and in the isolate, written
 * after that version was learned. A version is learned only from a links list of that version
 * (`Content.linksAt`): a stale copy or a failed read is retried later, never recorded as learned.
 */
import type { Context } from "hono";
import type { LinkEntry } from "../../shared/content";
import { LANGS, localisedPath, splitLangPath, type Lang } from "../../shared/i18n/lang";
import type { Logger } from "../../shared/log";
import { isPageLink } from "../../shared/pages/page-types";
import { cacheKey, CACHE_TTL_SECONDS } from "../content/cache";
import { createCacheStore, type CacheStore } from "../content/kv-store";
import { pageIndex, pathOfSlug, type PageIndex } from "../content/routable";
import type { AppBindings } from "../request-context";

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

const MOVED_NAME = "moved-pages";
/** After a failed read the isolate serves none for this long before it asks again (no D1 call per request). */
const RETRY_AFTER_MS = 10_000;
const STALE_RUN = "another run learned first";
/** While a cache version is not learned yet, an isolate asks D1 again after this long. */
const LEARNING_RETRY_MS = 1000;
const MOVED_QUERY = "SELECT from_path, to_path, story_id, lang, learned_at FROM moved_pages ORDER BY learned_at DESC, from_path";

interface PathRow {
  story_id: number;
  lang: Lang;
  path: string;
}
interface MovedRow {
  from_path: string;
  to_path: string;
  story_id: number;
  lang: Lang;
  learned_at: number;
}

/** Brings D1 up to the links list of cache version `cv`; nothing when it (or a newer one) was learned. */
export async function learnMoves(
  db: D1Database,
  links: readonly LinkEntry[],
  cv: number,
  now: number,
  logger: Logger,
  limit = MAX_MOVED_PAGES,
) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const learnedCv = await db.prepare("SELECT cv FROM page_paths_cv WHERE id = 1").first<number>("cv");
    if (learnedCv === null) throw new Error("page_paths_cv has no row: is migration 0006 applied?");
    if (learnedCv >= cv) return;
    const [pathRows, movedRows] = await db.batch<PathRow | MovedRow>([
      db.prepare("SELECT story_id, lang, path FROM page_paths"),
      db.prepare("SELECT from_path, to_path, story_id, lang, learned_at FROM moved_pages"),
    ]);
    const known = ((pathRows?.results ?? []) as PathRow[]).map(
      (row): PagePath => ({ storyId: row.story_id, lang: row.lang, path: row.path }),
    );
    const existing = ((movedRows?.results ?? []) as MovedRow[]).map(movedOf);
    const current = pagePaths(links);
    const plan = planMoves(known, current, existing, now, limit);
    const writes = movesToWrite(plan, existing, known, current);
    try {
      await db.batch([
        db.prepare("UPDATE page_paths_cv SET cv = ?1, read_cv = ?2 WHERE id = 1").bind(cv, learnedCv),
        ...writes.remove.map((from) => db.prepare("DELETE FROM moved_pages WHERE from_path = ?1").bind(from)),
        ...writes.upsert.map((entry) =>
          db
            .prepare("INSERT OR REPLACE INTO moved_pages (from_path, to_path, story_id, lang, learned_at) VALUES (?1, ?2, ?3, ?4, ?5)")
            .bind(entry.from, entry.to, entry.storyId, entry.lang, entry.learnedAt),
        ),
        ...writes.paths.map((page) =>
          db
            .prepare("INSERT OR REPLACE INTO page_paths (story_id, lang, path) VALUES (?1, ?2, ?3)")
            .bind(page.storyId, page.lang, page.path),
        ),
      ]);
    } catch (error) {
      if (String(error).includes(STALE_RUN)) continue;
      throw error;
    }
    for (const move of plan.learned) logger.info("moved_pages.learned", { ...move, cv });
    if (plan.dropped.length) logger.warn("moved_pages.dropped", { limit, dropped: plan.dropped.map(({ from, to }) => ({ from, to })), cv });
    return;
  }
}

/** Every learned redirect, newest first: what the operator's listing shows too. */
export async function readMoves(db: D1Database): Promise<MovedPage[]> {
  const { results } = await db.prepare(MOVED_QUERY).all<MovedRow>();
  return results.map(movedOf);
}

const movedOf = (row: MovedRow): MovedPage => ({
  from: row.from_path,
  to: row.to_path,
  storyId: row.story_id,
  lang: row.lang,
  learnedAt: row.learned_at,
});

/** What a read of the learned redirects needs. */
export interface MovedPagesRead {
  cv: number;
  db: D1Database;
  store: CacheStore;
  now: number;
  logger: Logger;
  /** Runs work after the answer (the request's waitUntil). */
  defer: (promise: Promise<unknown>) => void;
}

/** The isolate's copy: old path -> new path for one cache version. */
export interface MovedPagesMemo {
  kept?: { cv: number; moved: ReadonlyMap<string, string>; retryAt?: number };
}

/**
 * The learned redirects of cache version `cv` for a visitor's request, which never waits for the
 * learning itself: the isolate's copy, else KV's, else D1's rows. Those are kept (in KV and the
 * isolate) only once D1 has learned `cv`; until then the learning runs after the answer (the
 * webhook normally did it already) and the next requests ask again, at most once a second.
 */
export async function movedPagesOf(
  memo: MovedPagesMemo,
  read: MovedPagesRead,
  links: LinksOfVersion,
  limit = MAX_MOVED_PAGES,
): Promise<ReadonlyMap<string, string>> {
  const kept = memo.kept;
  const current = keptMoves(memo, read.cv, read.now);
  if (current) return current;
  const pairs = await read.store.get<Array<[string, string]>>(cacheKey(read.cv, MOVED_NAME));
  if (Array.isArray(pairs)) return keep(memo, read.cv, new Map(pairs));
  try {
    const [learned, moves] = await read.db.batch<{ cv: number } | MovedRow>([
      read.db.prepare("SELECT cv FROM page_paths_cv WHERE id = 1"),
      read.db.prepare(MOVED_QUERY),
    ]);
    const moved = new Map(((moves?.results ?? []) as MovedRow[]).map((row) => [row.from_path, row.to_path] as const));
    if (((learned?.results[0] as { cv: number } | undefined)?.cv ?? 0) >= read.cv) return keepEverywhere(memo, read, moved);
    read.defer(learnAndKeep(memo, read, links, limit));
    memo.kept = { cv: read.cv, moved, retryAt: read.now + LEARNING_RETRY_MS };
    return moved;
  } catch (error) {
    read.logger.error("moved_pages.unavailable", { cv: read.cv, error });
    memo.kept = { cv: read.cv, moved: kept?.moved ?? new Map(), retryAt: read.now + RETRY_AFTER_MS };
    return memo.kept.moved;
  }
}

/** The isolate's copy for cache version `cv`, unless it is another version's or due to be asked again. */
export function keptMoves(memo: MovedPagesMemo, cv: number, now: number): ReadonlyMap<string, string> | undefined {
  const kept = memo.kept;
  return kept?.cv === cv && (kept.retryAt === undefined || now < kept.retryAt) ? kept.moved : undefined;
}

/** The links list of exactly the cache version being learned, or undefined (`Content.linksAt`). */
export type LinksOfVersion = () => Promise<readonly LinkEntry[] | undefined>;

/**
 * Learns cache version `cv` from its own links list, then keeps the result. Without that list (a
 * failed or stale read) nothing is recorded: the version stays unlearned, and the next request
 * that needs the redirects, the next publish or the cron learns it. Answers whether it was learned.
 */
export async function learnAndKeep(
  memo: MovedPagesMemo,
  read: MovedPagesRead,
  links: LinksOfVersion,
  limit = MAX_MOVED_PAGES,
): Promise<boolean> {
  try {
    const list = await links();
    if (!list) {
      read.logger.warn("moved_pages.not_learned", { cv: read.cv, reason: "no links list of this cache version" });
      return false;
    }
    await learnMoves(read.db, list, read.cv, read.now, read.logger, limit);
    const moved = new Map((await readMoves(read.db)).map((entry) => [entry.from, entry.to] as const));
    keepEverywhere(memo, read, moved);
    return true;
  } catch (error) {
    read.logger.error("moved_pages.unavailable", { cv: read.cv, error });
    return false;
  }
}

function keep(memo: MovedPagesMemo, cv: number, moved: ReadonlyMap<string, string>) {
  memo.kept = { cv, moved };
  return moved;
}

function keepEverywhere(memo: MovedPagesMemo, read: MovedPagesRead, moved: ReadonlyMap<string, string>) {
  read.store.put(cacheKey(read.cv, MOVED_NAME), JSON.stringify([...moved]), { expirationTtl: CACHE_TTL_SECONDS });
  return keep(memo, read.cv, moved);
}

/** The isolate's learned redirects (slugs that moved) and their bound. */
export interface MovedPagesDeps {
  memo: MovedPagesMemo;
  now: () => number;
  limit?: number;
}

/** How a request reads the learned redirects of cache version `cv`: the store, D1, that version's links list. */
function movedPagesRead(c: Context<AppBindings>, deps: MovedPagesDeps, cv: number) {
  const content = c.get("content");
  const logger = c.get("logger");
  const defer = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
  const read: MovedPagesRead = {
    cv,
    db: c.env.DB,
    store: createCacheStore(c.env.CONTENT_CACHE, logger, defer),
    now: deps.now(),
    logger,
    defer,
  };
  return { read, links: () => content.linksAt(cv) };
}

/** The learned redirects of the request's cache version (none when they cannot be read: logged). */
export async function movedPages(c: Context<AppBindings>, deps: MovedPagesDeps): Promise<ReadonlyMap<string, string>> {
  try {
    const cv = await c.get("content").cacheVersion();
    // the isolate's copy: nothing else to build (every path that is no page comes here)
    const kept = keptMoves(deps.memo, cv, deps.now());
    if (kept) return kept;
    const { read, links } = movedPagesRead(c, deps, cv);
    return await movedPagesOf(deps.memo, read, links, deps.limit);
  } catch (error) {
    c.get("logger").error("moved_pages.unavailable", { error });
    return new Map();
  }
}

/**
 * Learns cache version `cv` (a publish's, or the cron's) from its own links list, or with
 * `cachedOnly` only if that list is in this isolate or KV (the version before a publish: asked of
 * Storyblok now, an old cv may be answered with new content). Never throws; answers whether it was learned.
 */
export async function learnMovedPages(
  c: Context<AppBindings>,
  deps: MovedPagesDeps,
  cv: number,
  { cachedOnly = false } = {},
): Promise<boolean> {
  if (keptMoves(deps.memo, cv, deps.now())) return true;
  const { read } = movedPagesRead(c, deps, cv);
  return learnAndKeep(deps.memo, read, () => c.get("content").linksAt(cv, { cachedOnly }), deps.limit);
}

/**
 * A page that moved: its old path leads to where it is now, only while a page of the index is
 * there (a story unpublished since leaves its old paths 404, until it is back) and no page is at
 * the old path (it wins). So a learned redirect is always one hop to a live page of this site.
 */
export function movedRedirect(path: string, moved: ReadonlyMap<string, string>, index: PageIndex): string | undefined {
  if (moved.size === 0 || isPagePath(path, index)) return undefined;
  const to = moved.get(path);
  return to !== undefined && isPagePath(to, index) ? to : undefined;
}

/** A published page of the path's language is at this site path (decoded). */
export function isPagePath(sitePath: string, index: PageIndex): boolean {
  const { lang, path } = splitLangPath(sitePath);
  return index.stories[lang].has(path === "/" ? "home" : path.slice(1));
}
