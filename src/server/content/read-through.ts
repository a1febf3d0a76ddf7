/**
 * How one published answer is read: the parsed copy of this cv's KV entry, else the KV entry
 * itself, else Storyblok within the request's budget (filling both), else the last-known-good
 * copy. Every clock read is the injected `now`.
 */
import { ORIGIN_BUSY, isRefillDeferred, type OriginCall } from "./admission";
import { CACHE_TTL_SECONDS, LAST_GOOD_TTL_SECONDS, NOT_FOUND_TTL_SECONDS, cacheKey, isCacheVersion, lastGoodKey } from "./cache";
import { settledWithin, type Timer } from "../../shared/dates/deadline";
import { ContentError } from "./errors";
import type { CacheStore } from "./kv-store";
import type { ParsedCache } from "./parsed-cache";
import type { ShapeCheck } from "./shape";
import { endLoad, sharedAnswer, startLoad, type SharedLoads } from "./shared-loads";
import type { Logger } from "../../shared/log";

/** Where an answer came from: KV (hit), Storyblok after a KV miss, the last-known-good copy, or uncached draft. */
export type ContentSource = "hit" | "miss" | "stale" | "draft";

export interface Fetched<T> {
  value: T;
  source: ContentSource;
  /** The cache version a "hit" or "miss" belongs to (what memoised HTML built from it is keyed by). */
  cv?: number;
}

type Entry<T> = { value: T } | { notFound: true };

export interface ReadThroughDeps {
  store: CacheStore;
  /** Parsed published entries by cv key, for the isolate's life. */
  parsed: ParsedCache;
  logger: Logger;
  defer: (promise: Promise<unknown>) => void;
  now: () => number;
  /** When (on `now`'s clock) this request stops waiting for Storyblok if a last-known-good copy exists. */
  deadline: number;
  /** The origin loads running in this isolate, which its requests share. */
  loads: SharedLoads;
  /** How long a request without a copy waits for another request's load of the same answer. */
  sharedWaitMs: number;
  /** How waits for another request's load pass (default: real time). */
  timer?: Timer;
}

/** The answer named `name` in cache version `cv`: cached (hit), else from the origin (miss or stale). */
export async function readThrough<T>(
  deps: ReadThroughDeps,
  cv: number,
  name: string,
  load: Load<T>,
  problemOf: ShapeCheck<T>,
): Promise<Fetched<T>> {
  const key = cacheKey(cv, name);
  const hit = deps.parsed.get<Entry<T>>(key) ?? (await readKv<T>(deps, key, problemOf));
  if (hit) {
    if ("notFound" in hit) throw new ContentError(404, "Not Found");
    return { value: hit.value, source: "hit", cv };
  }
  const fetched = await fromOrigin(deps, name, key, (call) => load(cv, call), problemOf);
  return fetched.source === "miss" ? { ...fetched, cv } : fetched;
}

/** What this isolate or KV holds for `name` in cache version `cv` (a value, not "not found"), without asking the origin. */
export async function cachedValue<T>(deps: ReadThroughDeps, cv: number, name: string, problemOf: ShapeCheck<T>): Promise<T | undefined> {
  const key = cacheKey(cv, name);
  const entry = deps.parsed.get<Entry<T>>(key) ?? (await readKv<T>(deps, key, problemOf));
  return entry && "value" in entry ? entry.value : undefined;
}

/** A KV entry under a cv key, parsed (and its shape checked) once per isolate. */
async function readKv<T>(deps: ReadThroughDeps, key: string, problemOf: ShapeCheck<T>): Promise<Entry<T> | null> {
  const text = await deps.store.getText(key);
  if (text === null) return null;
  let entry: Entry<T>;
  try {
    entry = JSON.parse(text) as Entry<T>;
  } catch (error) {
    deps.logger.warn("content.kv_read_failed", { key, error });
    return null;
  }
  const problem = "value" in entry ? problemOf(entry.value) : undefined;
  if (problem) {
    deps.logger.warn("content.kv_read_failed", { key, error: `cached answer of the wrong shape: ${problem}` });
    return null;
  }
  deps.parsed.set(key, entry, text.length);
  return entry;
}

/**
 * How an answer is loaded from the origin: `call` says how its call waits for the rate limit
 * (admission.ts): a refill the visitor would wait for, up to the rest of its budget.
 */
export type Load<T> = (cv: number, call: OriginCall) => Promise<T>;

/**
 * A KV miss: Storyblok within the request's budget, else the last-known-good copy. One load per
 * answer at a time in the isolate: a request that finds one running waits for its answer.
 */
async function fromOrigin<T>(
  deps: ReadThroughDeps,
  name: string,
  key: string,
  load: (call: OriginCall) => Promise<T>,
  problemOf: ShapeCheck<T>,
  { share = true } = {},
): Promise<Fetched<T>> {
  const copy = lastGoodCopy(deps, name, problemOf);
  if (deps.deadline - deps.now() <= 0) {
    const early = await copy();
    if (early !== undefined) return stale(deps, name, early, "request budget spent");
  }
  const mark = share ? startLoad(deps.loads, key, deps.now()) : "unshared";
  if (mark === undefined) return fromSharedLoad(deps, name, key, load, problemOf, copy);
  const call: OriginCall = { urgency: "refill", hasCopy: async () => (await copy()) !== undefined, waitMs: deps.deadline - deps.now() };
  const loading = loadAndStore(deps, name, key, () => load(call), problemOf).finally(() => endLoad(deps.loads, key, mark));
  const first = await settledWithin(loading, deps.deadline - deps.now());
  if (first.state === "fulfilled") return { value: first.value, source: "miss" };
  if (first.state === "rejected" && first.reason instanceof ContentError && first.reason.notFound) throw first.reason;
  const kept = await copy();
  if (kept !== undefined) {
    if (first.state === "pending") deps.defer(loading.catch(() => undefined));
    return stale(deps, name, kept, first.state === "rejected" ? first.reason : "slower than the request budget");
  }
  if (first.state === "rejected") throw first.reason;
  return { value: await loading, source: "miss" };
}

/**
 * Another request of this isolate is loading this answer: wait for what it leaves, as long as this
 * request would wait for the origin, else take the copy. Without a copy, wait as long as a call of
 * its own could take; if that load failed, ask the origin once more itself.
 */
async function fromSharedLoad<T>(
  deps: ReadThroughDeps,
  name: string,
  key: string,
  load: (call: OriginCall) => Promise<T>,
  problemOf: ShapeCheck<T>,
  copy: () => Promise<T | undefined>,
): Promise<Fetched<T>> {
  let shared = await sharedAnswer<Entry<T>>(deps.loads, deps.parsed, key, deps.deadline - deps.now(), deps.timer);
  if (shared === "waiting") {
    const kept = await copy();
    if (kept !== undefined) return stale(deps, name, kept, "another request's load of it is slower than the request budget");
    shared = await sharedAnswer<Entry<T>>(deps.loads, deps.parsed, key, deps.sharedWaitMs, deps.timer);
  }
  if (shared === "ended") return fromOrigin(deps, name, key, load, problemOf, { share: false });
  if (shared === "waiting") throw new ContentError(ORIGIN_BUSY, "Content service busy: another request's load of it has not ended");
  if ("notFound" in shared.entry) throw new ContentError(404, "Not Found");
  return { value: shared.entry.value, source: "miss" };
}

/** The last-known-good copy of `name` (shape-checked), read from KV at most once per request. */
function lastGoodCopy<T>(deps: ReadThroughDeps, name: string, problemOf: ShapeCheck<T>): () => Promise<T | undefined> {
  let read: Promise<T | undefined> | undefined;
  return () =>
    (read ??= deps.store
      .get<Entry<T>>(lastGoodKey(name))
      .then((entry) => (entry && "value" in entry && !problemOf(entry.value) ? entry.value : undefined)));
}

/**
 * The copy, served: logged as stale (Storyblok failed or was slow), or, when the refill of a new
 * cache version left the call for a spare token (admission.ts), as that: expected after a publish.
 */
function stale<T>(deps: ReadThroughDeps, name: string, value: T, error: unknown): Fetched<T> {
  if (isRefillDeferred(error)) deps.logger.info("content.refill_deferred", { name });
  else deps.logger.warn("content.stale", { name, error });
  return { value, source: "stale" };
}

/**
 * The origin's answer, stored under its cv key and as the last-known-good copy. A 404 is
 * remembered briefly and removes the last-known-good copy: gone means gone, also during a later outage.
 */
function loadAndStore<T>(deps: ReadThroughDeps, name: string, key: string, load: () => Promise<T>, problemOf: ShapeCheck<T>): Promise<T> {
  const { store } = deps;
  return checked(deps.logger, name, load, problemOf).then(
    (value) => {
      storeAnswer(deps, name, key, value);
      return value;
    },
    (error: unknown) => {
      if (error instanceof ContentError && error.notFound) {
        const gone = JSON.stringify({ notFound: true });
        deps.parsed.set(key, { notFound: true }, gone.length);
        store.put(key, gone, { expirationTtl: NOT_FOUND_TTL_SECONDS });
        store.delete(lastGoodKey(name));
      }
      throw error;
    },
  );
}

/** An origin answer, kept under its cv key (KV and this isolate's parsed copy) and as the last-known-good copy. */
export function storeAnswer<T>(deps: Pick<ReadThroughDeps, "store" | "parsed">, name: string, key: string, value: T): void {
  const entry = { value } satisfies Entry<T>;
  const body = JSON.stringify(entry);
  deps.parsed.set(key, entry, body.length);
  deps.store.put(key, body, { expirationTtl: CACHE_TTL_SECONDS });
  deps.store.put(lastGoodKey(name), body, { expirationTtl: LAST_GOOD_TTL_SECONDS });
}

/**
 * An answer the origin gave before its cv was known (a cold isolate's links list, which names the
 * cv): shape-checked like any other, then kept as if `readThrough` had loaded it for `cv`.
 */
export async function readWithoutCv<T>(
  deps: Pick<ReadThroughDeps, "store" | "parsed" | "logger">,
  name: string,
  load: () => Promise<{ value: T; cv: number }>,
  problemOf: ShapeCheck<T>,
): Promise<number> {
  const { value, cv } = await load();
  usable(deps.logger, name, value, problemOf);
  if (isCacheVersion(cv)) storeAnswer(deps, name, cacheKey(cv, name), value);
  return cv;
}

/** The origin's answer, refused (like a failed call, 502) when its shape is not one the site can render. */
async function checked<T>(logger: Logger, name: string, load: () => Promise<T>, problemOf: ShapeCheck<T>): Promise<T> {
  return usable(logger, name, await load(), problemOf);
}

function usable<T>(logger: Logger, name: string, value: T, problemOf: ShapeCheck<T>): T {
  const problem = problemOf(value);
  if (problem) throw badAnswer(logger, name, problem);
  return value;
}

/** An origin answer the site cannot use, logged by name: treated like a failed call (never cached, the copy served and kept). */
export function badAnswer(logger: Logger, name: string, problem: string): ContentError {
  logger.warn("content.bad_answer", { name, problem });
  return new ContentError(502, "Bad Gateway");
}
