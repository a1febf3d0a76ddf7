import { Hono, type Context, type ErrorHandler } from "hono";
import { constantTimeEqual, hmacHex } from "../../shared/digest";
import type { Content } from "../content";
import { realTimer, settledWithin, type Timer } from "../../shared/dates/deadline";
import { ORIGIN_TIMEOUT_MS } from "../content/index";
import { realSleep, type Sleep } from "../content/retry";
import type { AppBindings } from "../request-context";
import { jsonMessage, parseJsonObject, readLimitedBody } from "./api-request";
import { learnMovedPages, type MovedPagesDeps } from "../middleware/redirects";
import { checkPublishedStory, type LoadContentRules } from "../health/publish-check";
import { reportStore } from "../health/reports";

/** Storyblok calls this after publishing (Settings -> Webhooks, with a secret). */
export const WEBHOOK_PATH = "/api/storyblok/webhook";
export const SIGNATURE_HEADER = "webhook-signature";
export const MAX_WEBHOOK_BYTES = 64 * 1024;
/**
 * Webhook-driven cv refreshes per isolate: at most one per interval, the last event is never lost.
 * This is also the replay protection: Storyblok's bodies carry no timestamp or nonce (a re-publish
 * sends the same bytes), so every signed event is handled, and a replayed one costs at most this
 * throttled read of `cdn/spaces/me`, which changes nothing unless Storyblok's cv did.
 */
export const REFRESH_INTERVAL_MS = 5000;
/**
 * How long the answer waits for the cv read it started (and the published story's): answered after
 * them, the isolate serves the new content from its next request. Slower reads go on after the answer.
 */
export const WEBHOOK_REFRESH_WAIT_MS = ORIGIN_TIMEOUT_MS;
/** Story events after which the story must not come back from a last-known-good copy. */
const GONE_ACTIONS = new Set(["unpublished", "deleted"]);

/** Story events that change what is published (payloads carry story_id, moved/published also full_slug). */
const STORY_ACTIONS = new Set(["published", "unpublished", "deleted", "moved"]);
/** Other events that change published content: datasource entries, merged releases. */
const CONTENT_ACTIONS = new Set(["entries_updated", "release_merged"]);

interface WebhookPayload {
  action?: unknown;
  story_id?: unknown;
  full_slug?: unknown;
  datasource_slug?: unknown;
  release_id?: unknown;
}

/** Hex HMAC-SHA1 of the raw body, as Storyblok sends it in `webhook-signature`. */
export function storyblokSignature(secret: string, body: Uint8Array<ArrayBuffer> | string): Promise<string> {
  return hmacHex("SHA-1", secret, body);
}

/** Constant-time comparison of the received signature with the expected one. */
export async function verifySignature(secret: string, body: Uint8Array<ArrayBuffer>, received: string | undefined): Promise<boolean> {
  if (!received) return false;
  return constantTimeEqual(await storyblokSignature(secret, body), received.trim().toLowerCase());
}

export interface WebhookDeps {
  now?: () => number;
  sleep?: Sleep;
  /** How the answer's wait for the cv read passes (default: real time). */
  timer?: Timer;
  /** The isolate's learned redirects: each new cache version's moves are learned here, before the answer. */
  movedPages: MovedPagesDeps;
  /** The content rules' own module, for the check after a publish (src/server/health/rules.ts). */
  loadContentRules: LoadContentRules;
}

/**
 * Handles one event signed with `secret` as the webhook route does: verified, answered at once, the
 * cache version refreshed after (throttled per isolate).
 */
export type ReceiveEvent = (
  c: Context<AppBindings>,
  secret: string,
  body: Uint8Array<ArrayBuffer>,
  signature: string | undefined,
) => Promise<Response>;

/** Per-isolate webhook state: plain values (when the last refresh started, whether one is queued). */
interface Throttle {
  movedPages: MovedPagesDeps;
  loadContentRules: LoadContentRules;
  now: () => number;
  sleep: Sleep;
  timer: Timer;
  lastRefreshAt?: number;
  trailing?: boolean;
  /** The queued refresh, while `trailing`: what an event inside the interval waits for. */
  queued?: Promise<void>;
}

/** The webhook route, and its handling of a signed event (the embedded space's local publish hands its events to it). */
export function createWebhook(deps: WebhookDeps): { routes: Hono<AppBindings>; receive: ReceiveEvent } {
  const routes = new Hono<AppBindings>();
  const throttle: Throttle = {
    movedPages: deps.movedPages,
    loadContentRules: deps.loadContentRules,
    now: deps.now ?? Date.now,
    sleep: deps.sleep ?? realSleep,
    timer: deps.timer ?? realTimer,
  };
  const receiveEvent: ReceiveEvent = (c, secret, body, signature) => receive(c, secret, body, signature, throttle);
  let toldUnconfigured = false;

  routes.post(WEBHOOK_PATH, async (c) => {
    const secret = c.get("config").webhookSecret;
    if (!secret) {
      // Anyone can POST here: one line per isolate says what is wrong, not one per anonymous call.
      if (!toldUnconfigured)
        c.get("logger").warn("webhook.refused", { reason: "STORYBLOK_WEBHOOK_SECRET is not set: every webhook call is refused" });
      toldUnconfigured = true;
      return jsonMessage(c, 503, "De webhook is niet ingesteld.");
    }
    const body = await readLimitedBody(c.req.raw, MAX_WEBHOOK_BYTES);
    if (body === "too-large") return jsonMessage(c, 413, "Het verzoek is te groot.");
    return receiveEvent(c, secret, body, c.req.header(SIGNATURE_HEADER));
  });
  routes.all(WEBHOOK_PATH, methodNotAllowed);
  routes.onError(webhookFailed);
  return { routes, receive: receiveEvent };
}

/** Only POST reaches a webhook. */
export const methodNotAllowed = (c: Context<AppBindings>) =>
  jsonMessage(c, 405, "Deze methode is hier niet toegestaan.", { Allow: "POST" });

/** Whatever else goes wrong in a webhook is still answered as JSON, and logged. */
export const webhookFailed: ErrorHandler<AppBindings> = (error, c) => {
  c.get("logger").error("webhook.request_failed", { error });
  return jsonMessage(c, 500, "De webhook kon niet worden verwerkt.");
};

/** Verifies and handles one signed event: reads the new cache version (a slow read goes on after the answer), then answers. */
async function receive(
  c: Context<AppBindings>,
  secret: string,
  body: Uint8Array<ArrayBuffer>,
  signature: string | undefined,
  throttle: Throttle,
): Promise<Response> {
  const logger = c.get("logger");
  if (!(await verifySignature(secret, body, signature))) {
    logger.warn("webhook.refused", { reason: signature ? "signature mismatch" : "signature missing" });
    return jsonMessage(c, 401, "Ongeldige handtekening.");
  }
  const payload = parseJsonObject(body) as WebhookPayload | undefined;
  if (!payload || typeof payload.action !== "string") return jsonMessage(c, 400, "Ongeldige webhook: verwacht een JSON-object met action.");
  const { action } = payload;
  const storyEvent = STORY_ACTIONS.has(action) && (payload.story_id !== undefined || payload.full_slug !== undefined);
  if (!storyEvent && !CONTENT_ACTIONS.has(action)) {
    logger.info("webhook.ignored", { action });
    return jsonMessage(c, 200, "Genegeerd: deze gebeurtenis verandert geen gepubliceerde inhoud.");
  }
  const content = c.get("content");
  if (storyEvent && GONE_ACTIONS.has(action)) c.executionCtx.waitUntil(forgetStory(content, payload, logger));
  // the story just published is read first, before the rest of the new cache version is refilled
  const published = action === "published" && typeof payload.full_slug === "string" ? payload.full_slug.replace(/\/+$/, "") : undefined;
  // the paths of the cache version before the publish are learned first (a no-op when they were):
  // a rename is a change from them
  const refresh = () =>
    learnMovedPages(c, throttle.movedPages)
      .then(() => content.refreshCacheVersion())
      .then(
        async (cv) => {
          logger.info("webhook.cache_version", { action, storyId: payload.story_id, cv });
          // pages that moved in this cache version leave redirects: the whole links list is compared,
          // not the one story named (a folder's rename moves every page in it)
          await Promise.all([published ? content.refillStory(published) : undefined, learnMovedPages(c, throttle.movedPages)]);
        },
        (error: unknown) => logger.error("webhook.refresh_failed", { action, error }),
      );
  const scheduled = scheduleRefresh(throttle, refresh);
  if (scheduled) c.executionCtx.waitUntil(scheduled.done);
  const refreshed = scheduled?.done ?? throttle.queued ?? Promise.resolve();
  if (published) c.executionCtx.waitUntil(refreshed.then(() => checkHealth(c, published, throttle)));
  else if (storyEvent && GONE_ACTIONS.has(action) && typeof payload.story_id === "number")
    c.executionCtx.waitUntil(reportStore(c.env.CONTENT_CACHE).remove(payload.story_id));
  if (scheduled?.now) await settledWithin(scheduled.done, WEBHOOK_REFRESH_WAIT_MS, throttle.timer);
  return jsonMessage(c, 202, "Ontvangen: de site toont de nieuwe inhoud zo meteen.");
}

/**
 * At most one refresh per interval per isolate. An event inside the interval queues one refresh
 * for the interval's end (once), so the last publish of a burst is never lost. `now`: it started now.
 */
function scheduleRefresh(throttle: Throttle, refresh: () => Promise<void>): { done: Promise<void>; now: boolean } | undefined {
  const now = throttle.now();
  const wait = throttle.lastRefreshAt === undefined ? 0 : throttle.lastRefreshAt + REFRESH_INTERVAL_MS - now;
  if (wait <= 0) {
    throttle.lastRefreshAt = now;
    return { done: refresh(), now: true };
  }
  if (throttle.trailing) return undefined;
  throttle.trailing = true;
  const done = throttle.sleep(wait).then(() => {
    throttle.trailing = false;
    throttle.lastRefreshAt = throttle.now();
    return refresh();
  });
  throttle.queued = done;
  return { done, now: false };
}

/**
 * The content rules over the story just published, once the new cache version is read: one log
 * line and the story's latest report (src/server/health/). A failure is logged, never answered.
 */
async function checkHealth(c: Context<AppBindings>, slug: string, { now, loadContentRules }: Throttle): Promise<void> {
  const logger = c.get("logger");
  try {
    await checkPublishedStory(slug, {
      content: c.get("content"),
      reports: reportStore(c.env.CONTENT_CACHE),
      logger,
      now,
      loadContentRules,
    });
  } catch (error) {
    logger.error("content.health_failed", { story: slug, error });
  }
}

/** Unpublished or deleted: the story's last-known-good copy goes, found by full_slug or by id in the links list. */
async function forgetStory(content: Content, payload: WebhookPayload, logger: AppBindings["Variables"]["logger"]): Promise<void> {
  let slug = typeof payload.full_slug === "string" ? payload.full_slug : undefined;
  if (!slug) {
    try {
      slug = (await content.links()).value.find((link) => link.id === Number(payload.story_id))?.slug;
    } catch (error) {
      logger.warn("webhook.forget_failed", { storyId: payload.story_id, error });
    }
  }
  if (slug) content.forgetStory(slug.replace(/\/+$/, ""));
}
