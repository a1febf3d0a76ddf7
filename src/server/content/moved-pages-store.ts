/**
 * Where learned redirects live and how a request reads them. D1 is the record (kept across deploys
 * and cache versions; a learning run is one transaction, so two isolates learning at once cannot
 * lose a move). A request never waits for D1 but once per isolate and cache version: the list is
 * kept per cache version in KV and in the isolate, written after that version was learned.
 */
import type { LinkEntry } from "../../shared/content";
import type { Logger } from "../../shared/log";
import { cacheKey, CACHE_TTL_SECONDS } from "./cache";
import type { CacheStore } from "./kv-store";
import { MAX_MOVED_PAGES, movesToWrite, pagePaths, planMoves, type MovedPage, type PagePath } from "./moved-pages";
import type { Lang } from "../../shared/i18n/lang";

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
  links: () => Promise<readonly LinkEntry[]>,
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

/** Learns cache version `cv` from its links list, then keeps the result (the webhook awaits this). */
export async function learnAndKeep(
  memo: MovedPagesMemo,
  read: MovedPagesRead,
  links: () => Promise<readonly LinkEntry[]>,
  limit = MAX_MOVED_PAGES,
): Promise<void> {
  try {
    await learnMoves(read.db, await links(), read.cv, read.now, read.logger, limit);
    const moved = new Map((await readMoves(read.db)).map((entry) => [entry.from, entry.to] as const));
    keepEverywhere(memo, read, moved);
  } catch (error) {
    read.logger.error("moved_pages.unavailable", { cv: read.cv, error });
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
