import type { Config } from "../env";
import type { Logger } from "../../shared/log";
import { createContent, type Content, type ContentIsolateState } from "./content";
import type { CvAuthority } from "./cv-authority";
import type { Timer } from "../../shared/dates/deadline";
import { createCacheStore } from "./kv-store";
import { acquire, NEEDED, VERSION, type OriginCall } from "./admission";
import { createGuardedFetch, realSleep, type Sleep } from "./retry";
import { createStoryblokApi } from "./storyblok";
import { createTokenBucket, storyblokRate, type TokenBucket } from "./token-bucket";

export { ContentError } from "./errors";
export type { Content, Fetched, ContentSource } from "./content";

/** Each attempt at Storyblok is aborted after this long. */
export const ORIGIN_TIMEOUT_MS = 3000;
/**
 * While a visitor (or an editor's preview) waits, no 429 retry is started that would end later than
 * this after the first attempt: 1 s then 2 s, so at most 2 retries. Calls nobody waits for (the cv's
 * background checks, the webhook's refresh) retry up to MAX_RETRIES (5) times, as does `content:pull`.
 */
export const VISITOR_RETRY_BUDGET_MS = 3000;

/** Per-isolate state of the content layer: the shared rate limit and the cv memo. */
export interface ContentIsolate {
  state: ContentIsolateState;
  bucket?: TokenBucket;
}

/**
 * The Content Delivery API a request's content comes from: Storyblok's (`storyblokOrigin`), or the
 * one the app hands the content middleware for the embedded space (an emulator over a snapshot).
 */
export interface ContentOrigin {
  /** Which API answers misses, as Server-Timing names it: "storyblok" or "emulator". */
  name: string;
  /** The API's base URL, e.g. `https://api.storyblok.com/v2`. */
  endpoint: string;
  /** The access tokens: public (published), preview (drafts; absent: no drafts). */
  tokens: { public: string; preview?: string };
  fetch: typeof fetch;
}

export interface ContentRequestDeps {
  config: Config;
  kv: KVNamespace;
  isolate: ContentIsolate;
  logger: Logger;
  defer: (promise: Promise<unknown>) => void;
  /** Settles when the request has its answer: the cache version's checks wait for it (cache-version.ts). */
  answered: Promise<void>;
  now: () => number;
  sleep?: Sleep;
  /** How deadlines wait (KV reads, the cv authority); default: real time. */
  timer?: Timer;
  /** The site-wide cv authority (the `CV_AUTHORITY` Durable Object). */
  authority?: CvAuthority;
  origin: ContentOrigin;
}

/** Wires the content layer for one request: the same path whichever origin answers. */
export function contentForRequest(deps: ContentRequestDeps): Content {
  const { config, isolate, logger, now } = deps;
  const storyblok = config.storyblok;
  isolate.bucket ??= createTokenBucket({ ratePerSecond: storyblokRate(storyblok.kind === "storyblok" && storyblok.oauth), now });
  const bucket = isolate.bucket;
  const sleep = deps.sleep ?? realSleep;

  const { endpoint, tokens } = deps.origin;

  // the rate limit by what waits for the answer (admission.ts): a visitor's call that does not say
  // otherwise is needed (the links list, a draft); the background's read of the cv comes first
  const guarded = (retryBudgetMs: number | undefined, call: OriginCall) =>
    createGuardedFetch({
      fetch: observed(deps.origin.fetch, logger, now),
      sleep,
      now,
      timeoutMs: ORIGIN_TIMEOUT_MS,
      retryBudgetMs,
      call,
      acquire: (asked) => acquire(bucket, sleep, asked),
      onRetry: (info) => logger.warn("content.retry", info),
    });
  const visitorFetch = guarded(VISITOR_RETRY_BUDGET_MS, NEEDED);
  const onMissingToken = () => logger.error("content.token_missing", { message: "Storyblok access token is missing" });
  const api = createStoryblokApi({ endpoint, token: tokens.public, fetch: visitorFetch, onMissingToken });
  const backgroundApi = createStoryblokApi({ endpoint, token: tokens.public, fetch: guarded(undefined, VERSION), onMissingToken });
  const previewApi = tokens.preview ? createStoryblokApi({ endpoint, token: tokens.preview, fetch: visitorFetch }) : undefined;

  return createContent({
    origin: deps.origin.name,
    api,
    backgroundApi,
    previewApi,
    store: createCacheStore(deps.kv, logger, deps.defer, { timer: deps.timer }),
    authority: deps.authority,
    now,
    timer: deps.timer,
    state: isolate.state,
    defer: deps.defer,
    answered: deps.answered,
    logger,
  });
}

/** Storyblok's Content Delivery API with the configured tokens; `fetch` replaces the network (tests inject faults here). */
export function storyblokOrigin(
  storyblok: Extract<Config["storyblok"], { kind: "storyblok" }>,
  fetch?: typeof globalThis.fetch,
): ContentOrigin {
  return {
    name: "storyblok",
    endpoint: `https://${storyblok.apiHost}/v2`,
    tokens: { public: storyblok.token, preview: storyblok.previewToken },
    fetch: fetch ?? ((input, init) => globalThis.fetch(input, init)),
  };
}

/** One log line per request that reaches Storyblok (or the emulator): with a warm cache they are rare, so each is worth seeing. */
function observed(fetch: typeof globalThis.fetch, logger: Logger, now: () => number): typeof globalThis.fetch {
  return async (input, init) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    const started = now();
    try {
      const response = await fetch(input, init);
      logger.info("content.origin", { path, status: response.status, ms: now() - started });
      return response;
    } catch (error) {
      logger.info("content.origin", { path, status: 0, ms: now() - started });
      throw error;
    }
  };
}
