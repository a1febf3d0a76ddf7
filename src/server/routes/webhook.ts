import { Hono, type Context, type ErrorHandler } from "hono";
import { constantTimeEqual, hmacHex } from "../../shared/digest";
import { realTimer, type Timer } from "../../shared/dates/deadline";
import { ORIGIN_TIMEOUT_MS } from "../content/index";
import { realSleep, type Sleep } from "../content/retry";
import type { AppBindings } from "../request-context";
import { jsonMessage, parseJsonObject, readLimitedBody } from "./api-request";
import type { MovedPagesDeps } from "../publish/moved-pages";
import type { LoadContentRules } from "../health/publish-check";
import { createPublishPipeline, waitForRun, type PublishEvent } from "../publish/pipeline";

export { REFRESH_INTERVAL_MS } from "../publish/pipeline";

/** Storyblok calls this after publishing (Settings -> Webhooks, with a secret). */
export const WEBHOOK_PATH = "/api/storyblok/webhook";
export const SIGNATURE_HEADER = "webhook-signature";
export const MAX_WEBHOOK_BYTES = 64 * 1024;
/**
 * How long the answer waits for the cv read it started (and the published story's): answered after
 * them, the isolate serves the new content from its next request. Slower reads go on after the answer.
 */
export const WEBHOOK_REFRESH_WAIT_MS = ORIGIN_TIMEOUT_MS;
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
  /** The isolate's learned redirects: each new cache version's moves are learned into them (src/server/publish/). */
  movedPages: MovedPagesDeps;
  /** The content rules' own module, for the check after a publish (src/server/health/rules.ts). */
  loadContentRules: LoadContentRules;
}

/**
 * Handles one event signed with `secret` as the webhook route does: verified, parsed, handed to the
 * publish pipeline (src/server/publish/), answered once the run it started has the new content.
 */
export type ReceiveEvent = (
  c: Context<AppBindings>,
  secret: string,
  body: Uint8Array<ArrayBuffer>,
  signature: string | undefined,
) => Promise<Response>;

/** The webhook route, and its handling of a signed event (the embedded space's local publish hands its events to it). */
export function createWebhook(deps: WebhookDeps): { routes: Hono<AppBindings>; receive: ReceiveEvent } {
  const routes = new Hono<AppBindings>();
  const timer = deps.timer ?? realTimer;
  const pipeline = createPublishPipeline({
    movedPages: deps.movedPages,
    loadContentRules: deps.loadContentRules,
    now: deps.now ?? Date.now,
    sleep: deps.sleep ?? realSleep,
    timer,
  });
  const receiveEvent: ReceiveEvent = async (c, secret, body, signature) => {
    const event = await verifiedEvent(c, secret, body, signature);
    if (event instanceof Response) return event;
    await waitForRun(pipeline.accept(c, event), WEBHOOK_REFRESH_WAIT_MS, timer);
    return jsonMessage(c, 202, "Ontvangen: de site toont de nieuwe inhoud zo meteen.");
  };
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

/** The signed event a publish pipeline takes, or the answer to a call that is none (401, 400, 200 for events that change nothing). */
async function verifiedEvent(
  c: Context<AppBindings>,
  secret: string,
  body: Uint8Array<ArrayBuffer>,
  signature: string | undefined,
): Promise<PublishEvent | Response> {
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
  return {
    action,
    ...(storyEvent && typeof payload.full_slug === "string" ? { fullSlug: payload.full_slug.replace(/\/+$/, "") } : {}),
    ...(storyEvent && typeof payload.story_id === "number" ? { storyId: payload.story_id } : {}),
  };
}
