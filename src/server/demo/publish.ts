import type { Context } from "hono";
import { jsonMessage, parseJsonObject, readLimitedBody } from "../routes/api-request";
import { MAX_WEBHOOK_BYTES, type ReceiveEvent, SIGNATURE_HEADER, storyblokSignature, verifySignature } from "../routes/webhook";
import type { AppBindings } from "../request-context";
import type { Emulator } from "./emulator";

/** Local only (embedded content and a webhook secret): publishes a draft in the emulator, or takes a story offline. */
export const EMULATOR_PUBLISH_PATH = "/api/storyblok/emulator/publish";

const RENAME_USAGE = 'Hernoemen: stuur {"full_slug": "...", "rename_to": "nieuwe-slug"} en voor de Engelse slug ook "language": "en".';

/**
 * Simulates a publish in Storyblok for local runs: the emulator promotes the story's draft (or, with
 * `"action": "unpublished"`, takes the story offline) and bumps its cache version, then the signed
 * event Storyblok would send goes through the webhook's own handling (`receive`). Answers only with a webhook secret; the request is signed like a
 * webhook (hex HMAC-SHA1 of the body with STORYBLOK_WEBHOOK_SECRET).
 */
export async function publishLocally(c: Context<AppBindings>, emulator: Emulator, receive: ReceiveEvent): Promise<Response> {
  const secret = c.get("config").webhookSecret;
  if (!secret) return jsonMessage(c, 404, "Niet gevonden.");
  const body = await readLimitedBody(c.req.raw, MAX_WEBHOOK_BYTES);
  if (body === "too-large") return jsonMessage(c, 413, "Het verzoek is te groot.");
  if (!(await verifySignature(secret, body, c.req.header(SIGNATURE_HEADER)))) return jsonMessage(c, 401, "Ongeldige handtekening.");
  const request = parseJsonObject(body) as { full_slug?: unknown; action?: unknown; rename_to?: unknown; language?: unknown } | undefined;
  const requested = request?.full_slug;
  const action = request?.action ?? "published";
  const renameTo = request?.rename_to;
  const language = request?.language;
  if (typeof requested !== "string" || !requested || (action !== "published" && action !== "unpublished"))
    return jsonMessage(c, 400, 'Stuur {"full_slug": "...", "action": "published" of "unpublished"}.');
  const renaming = renameTo !== undefined || language !== undefined;
  if (renaming && (typeof renameTo !== "string" || action !== "published" || (language !== undefined && typeof language !== "string")))
    return jsonMessage(c, 400, RENAME_USAGE);
  let fullSlug = requested;
  if (typeof renameTo === "string") {
    try {
      // a rename is a draft with the new slug, published: Storyblok's event names the new full_slug
      fullSlug = emulator.rename(requested, renameTo, language as string | undefined);
    } catch (error) {
      return jsonMessage(c, 404, `Hernoemen lukt niet: ${error instanceof Error ? error.message : String(error)}.`);
    }
  }
  try {
    if (action === "published") emulator.publish(fullSlug);
    else emulator.unpublish(fullSlug);
  } catch {
    return jsonMessage(c, 404, `Geen story met full_slug "${fullSlug}".`);
  }
  const event = JSON.stringify({ text: `The local emulator ${action} the Story ${fullSlug}`, action, full_slug: fullSlug });
  const eventBody = new Uint8Array(new TextEncoder().encode(event));
  return receive(c, secret, eventBody, await storyblokSignature(secret, eventBody));
}
