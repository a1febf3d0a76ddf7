/**
 * What a publish sets off, in order, each step a small function with its inputs named:
 *
 * 1. `newCacheVersion`: Storyblok's cv, read into the isolate, KV and the cv authority;
 * 2. `refill`: the stories just published, read for that cv in every language (the webhook's
 *    isolate shows them from its next request);
 * 3. `learnMoves`: the links diff, from the links list of exactly that cv, into the learned
 *    redirects (moved-pages.ts); the version before it first, when its list is at hand;
 * 4. `checkHealth`: the content rules over each story just published, once per story and cv.
 *
 * Throttled once per space and once per story: at most one run per REFRESH_INTERVAL_MS per isolate,
 * an event inside the interval queues one run at its end (never lost), and the stories named
 * meanwhile wait for it together. Every step is keyed by the cv the run read, so a run that finds
 * the cv it already handled does nothing: any sequence of events, however fast and however
 * replayed, ends where the same publishes made slowly end (the last run reads the newest cv and
 * its whole links list), and replays cost one `spaces/me` read per interval and nothing else.
 *
 * No search-engine sitemap ping: Google retired its ping endpoint in 2023 and Bing answers it with
 * nothing useful; the sitemap's `lastmod` (from the links list) is how crawlers learn of a publish.
 */
import type { Context } from "hono";
import { settledWithin, type Timer } from "../../shared/dates/deadline";
import type { Logger } from "../../shared/log";
import type { Content } from "../content";
import { datasourceRedirects } from "../content/redirects";
import type { Sleep } from "../content/retry";
import { checkPublishedStory, type LoadContentRules } from "../health/publish-check";
import { reportStore } from "../health/reports";
import type { AppBindings } from "../request-context";
import { learnMovedPages, type MovedPagesDeps } from "./moved-pages";

/**
 * At most one run per interval per isolate; the last event of a burst is never lost. This is also
 * the replay protection: Storyblok's bodies carry no timestamp or nonce (a re-publish sends the
 * same bytes), so every signed event is handled, and a replayed one costs at most this throttled
 * read of `cdn/spaces/me`, which changes nothing unless Storyblok's cv did.
 */
export const REFRESH_INTERVAL_MS = 5000;

/** A webhook's event, as the pipeline needs it. */
export interface PublishEvent {
  action: string;
  storyId?: number;
  /** The story's full_slug without a trailing slash. */
  fullSlug?: string;
}

/** Story events after which the story must not come back from a last-known-good copy. */
const GONE_ACTIONS = new Set(["unpublished", "deleted"]);

export interface PipelineDeps {
  now: () => number;
  sleep: Sleep;
  timer: Timer;
  /** The isolate's learned redirects: each new cache version's moves are learned into them. */
  movedPages: MovedPagesDeps;
  /** The content rules' own module, for the check after a publish (src/server/health/rules.ts). */
  loadContentRules: LoadContentRules;
}

/** The isolate's publish state: plain values. */
interface PipelineState {
  /** When the last run started, and the run queued for the interval's end (while one is). */
  lastRunAt?: number;
  queued?: Promise<number | undefined>;
  /** Stories published since the last run started (the per-story throttle: one refill and check each per run). */
  published: Set<string>;
  /**
   * Stories taken offline and forgotten since this isolate last heard of a publish: a replay deletes
   * nothing again. A publish this isolate did not hear of cannot leave a copy behind either: the
   * origin's 404 for the story deletes its copy (content/read-through.ts).
   */
  forgotten: Set<string>;
  /** Per story, the cv its content health was last checked at: once per story and cv. */
  checkedAt: Map<string, number>;
  /** The cv the last run handled whole. */
  handled?: number;
}

/** How one event was taken: the run it joined, and whether that run started now (the answer waits for it). */
export interface Accepted {
  run: Promise<number | undefined>;
  startedNow: boolean;
}

export function createPublishPipeline(deps: PipelineDeps) {
  const state: PipelineState = { published: new Set(), forgotten: new Set(), checkedAt: new Map() };
  return {
    /** Takes one signed event of a request: the run it starts or joins goes on in the request's waitUntil. */
    accept(c: Context<AppBindings>, event: PublishEvent): Accepted {
      const content = c.get("content");
      if (GONE_ACTIONS.has(event.action)) {
        if (event.fullSlug !== undefined) state.published.delete(event.fullSlug);
        const gone = `${event.storyId}:${event.fullSlug}`;
        if (!state.forgotten.has(gone)) c.executionCtx.waitUntil(forgetGone(content, c.env.CONTENT_CACHE, event, c.get("logger")));
        state.forgotten.add(gone);
      } else if (event.action === "published" && event.fullSlug !== undefined) {
        state.published.add(event.fullSlug);
        state.forgotten.clear(); // a story published again may be taken offline again: forgotten anew
      }
      const accepted = schedule(state, deps, () => run(c, state, deps, event.action));
      c.executionCtx.waitUntil(accepted.run);
      return accepted;
    },
  };
}

/**
 * The per-space throttle: runs now when the interval since the last run has passed, else joins the
 * run queued for the interval's end (queuing it once).
 */
function schedule(state: PipelineState, deps: PipelineDeps, run: () => Promise<number | undefined>): Accepted {
  const now = deps.now();
  const wait = state.lastRunAt === undefined ? 0 : state.lastRunAt + REFRESH_INTERVAL_MS - now;
  if (wait <= 0) {
    state.lastRunAt = now;
    return { run: run(), startedNow: true };
  }
  state.queued ??= deps.sleep(wait).then(() => {
    state.queued = undefined;
    state.lastRunAt = deps.now();
    return run();
  });
  return { run: state.queued, startedNow: false };
}

/** One run of the steps, for every event since the last one. Answers the cv it read (undefined: the read failed). */
async function run(c: Context<AppBindings>, state: PipelineState, deps: PipelineDeps, action: string): Promise<number | undefined> {
  const content = c.get("content");
  const logger = c.get("logger");
  const slugs = [...state.published];
  state.published.clear();
  const before = await content.cacheVersion().catch(() => undefined);
  const cv = await newCacheVersion(content, logger, action, slugs);
  if (cv === undefined) {
    for (const slug of slugs) state.published.add(slug); // the next event's run takes them again
    return undefined;
  }
  const todo = slugs.filter((slug) => state.checkedAt.get(slug) !== cv);
  if (cv === state.handled && todo.length === 0) return cv; // a replay: this cv was handled whole
  // claimed before the steps run: a run that overlaps this one (the events of a burst) skips them
  for (const slug of todo) state.checkedAt.set(slug, cv);
  state.handled = cv;
  // the version before it first, when its list is at hand (a rename is a change from it); only an
  // older one: a newer version learned first would leave this one's list unlearned
  const moves = (
    before !== undefined && before < cv ? learnMoves(c, deps.movedPages, before, { cachedOnly: true }) : Promise.resolve(false)
  ).then(() => learnMoves(c, deps.movedPages, cv));
  const steps = Promise.all([refill(content, todo), moves]);
  // the answer does not wait for the check: it goes on in the request's waitUntil
  c.executionCtx.waitUntil(steps.then(() => checkHealth(c, deps, todo)));
  const [, learned] = await steps;
  // not learned (no list of this cv): the next run, request or cron learns it
  if (!learned && state.handled === cv) state.handled = undefined;
  return cv;
}

/** Step 1: the cv after the publish, current in the isolate, KV and the authority. A failure is logged: the run ends. */
async function newCacheVersion(content: Content, logger: Logger, action: string, slugs: string[]): Promise<number | undefined> {
  try {
    const cv = await content.refreshCacheVersion();
    logger.info("webhook.cache_version", { action, stories: slugs, cv });
    return cv;
  } catch (error) {
    logger.error("webhook.refresh_failed", { action, error });
    return undefined;
  }
}

/** Step 2: the stories just published, read for the new cv in every language. */
async function refill(content: Content, slugs: readonly string[]): Promise<void> {
  await Promise.all(slugs.map((slug) => content.refillStory(slug)));
}

/**
 * Step 3: the links diff of cache version `cv` into the learned redirects (moved-pages.ts), only from
 * that version's own list; `cachedOnly`: only if it is at hand (the version before a publish).
 */
async function learnMoves(c: Context<AppBindings>, movedPages: MovedPagesDeps, cv: number | undefined, options = {}): Promise<boolean> {
  return cv === undefined ? false : learnMovedPages(c, movedPages, cv, options);
}

/**
 * Step 4: the content rules over each story just published (with the CMS redirects, so a page
 * published at a redirect's source is reported): one log line and the story's latest report each.
 */
async function checkHealth(c: Context<AppBindings>, deps: PipelineDeps, slugs: readonly string[]): Promise<void> {
  if (slugs.length === 0) return;
  const logger = c.get("logger");
  const content = c.get("content");
  const redirects = await datasourceRedirects(content, logger);
  for (const slug of slugs) {
    try {
      await checkPublishedStory(slug, {
        content,
        reports: reportStore(c.env.CONTENT_CACHE),
        logger,
        now: deps.now,
        loadContentRules: deps.loadContentRules,
        redirects,
      });
    } catch (error) {
      logger.error("content.health_failed", { story: slug, error });
    }
  }
}

/** Unpublished or deleted: the story's last-known-good copy and its report go (idempotent: a replay removes nothing more). */
async function forgetGone(content: Content, kv: KVNamespace, event: PublishEvent, logger: Logger): Promise<void> {
  let slug = event.fullSlug;
  if (!slug) {
    try {
      slug = (await content.links()).value.find((link) => link.id === event.storyId)?.slug;
    } catch (error) {
      logger.warn("webhook.forget_failed", { storyId: event.storyId, error });
    }
  }
  if (slug) content.forgetStory(slug.replace(/\/+$/, ""));
  if (event.storyId !== undefined) await reportStore(kv).remove(event.storyId);
}

/** How long the webhook's answer waits for a run it started (the new cv and the published story): then it answers anyway. */
export async function waitForRun(accepted: Accepted, waitMs: number, timer: Timer): Promise<void> {
  if (accepted.startedNow) await settledWithin(accepted.run, waitMs, timer);
}
