import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { MAX_BEACON_BYTES, VITALS_PATH } from "../../shared/vitals";
import { parseBeacon } from "../vitals/beacon";
import { type Admission, type AdmitRequest, ledgerShard } from "../vitals/ledger";
import { networkKey } from "../vitals/network";
import { checkViewToken } from "../vitals/view-token";
import type { AppBindings } from "../request-context";
import { dataPoint, type RefusalReason, refusalPoint } from "../vitals/data-point";
import { vitalsDataset } from "../vitals/dataset";
import { jsonMessage, mediaType, parseJsonObject, readLimitedBody } from "./api-request";

type Ctx = Context<AppBindings>;

/** Seconds a rate-limited client is told to wait: the limits count per minute (wrangler.toml). */
const RETRY_AFTER_SECONDS = 60;

/**
 * `POST /api/vitals`: one page view's field measurements from the site's own pages (client/vitals.ts).
 * Cheap refusals first (method, origin, media type), then the network's rate limit before the body
 * is read at all, the body read up to 1 KB, checked field by field (vitals/beacon.ts `parseBeacon`),
 * the page view's token (signed, bound to build, page type and network, at most an hour old), the
 * site-wide limit, then the ledger: the token spent once, the network's daily share per page type
 * (vitals/ledger.ts). A good beacon gets 204 and no body; every refusal a 4xx with a JSON
 * `{message}` (a network's view past its daily share a 202: it is no fault of the visitor's), and
 * one data point of its reason (vitals/data-point.ts `refusalPoint`: counts per reason, no sender). Nothing here waits for the store: the write is the binding's (or, locally, after the answer).
 */
export function createVitalsRoutes({ now }: { now: () => number }) {
  const routes = new Hono<AppBindings>();
  routes.post(VITALS_PATH, (c) => receiveBeacon(c, now));
  routes.all(VITALS_PATH, (c) => jsonMessage(c, 405, "Beacons are sent with POST.", { Allow: "POST" }));
  return routes;
}

async function receiveBeacon(c: Ctx, now: () => number): Promise<Response> {
  const refuse = (reason: RefusalReason, status: ContentfulStatusCode, message: string, headers?: Record<string, string>) => {
    dataset(c, now).writeDataPoint(refusalPoint(reason));
    return jsonMessage(c, status, message, headers);
  };
  if (isCrossSite(c)) return refuse("cross-site", 403, "Beacons come from this site's own pages.");
  const { type } = mediaType(c.req.header("content-type"));
  // sendBeacon with a string sends text/plain (no preflight); application/json for other clients
  if (type !== "text/plain" && type !== "application/json")
    return refuse("media-type", 415, "A beacon is JSON (text/plain or application/json).");
  const secret = c.get("config").subscriberKeys?.current;
  if (!secret) return refuse("no-key", 503, "Field measurements are off: the site has no key to check page views with.");
  const network = await networkKey(secret, c.req.header("cf-connecting-ip"));
  if (!(await allowed(c, c.env.VITALS_CLIENT_LIMIT, network))) return refuse("network-limit", ...tooMany);
  const body = await readLimitedBody(c.req.raw, MAX_BEACON_BYTES);
  if (body === "too-large") return refuse("too-large", 413, `A beacon is at most ${MAX_BEACON_BYTES} bytes.`);
  const parsed = parseBeacon(parseJsonObject(body) ?? null);
  if ("error" in parsed) return refuse("malformed", 400, `Not a beacon: ${parsed.error}.`);
  const { beacon } = parsed;
  const token = await checkViewToken(secret, parsed.view, { build: beacon.build, pageType: beacon.pageType, network }, now());
  if (!token.ok) return refuse(`token-${token.reason}`, 403, `Not a page view this site served (token ${token.reason}).`);
  if (!(await allowed(c, c.env.VITALS_SITE_LIMIT, "site"))) return refuse("site-limit", ...tooMany);
  const admission = await admit(c, { network, pageType: beacon.pageType, tokenId: token.id, expiresAt: token.expiresAt, now: now() });
  if (admission === "replayed") return refuse("replayed", 409, "This page view has sent its beacon already.");
  // not a refusal of the visitor (202): their network has counted for this page type today (vitals/ledger.ts)
  if (admission === "over-share") return refuse("over-share", 202, "This network's view of this page type is counted already today.");
  if (admission !== "admitted") return refuse("ledger-down", ...tooMany);
  dataset(c, now).writeDataPoint(dataPoint(beacon));
  return c.body(null, 204, { "Cache-Control": "no-store" });
}

const dataset = (c: Ctx, now: () => number) =>
  vitalsDataset(c.env, c.get("config").vitalsStore, (work) => c.executionCtx.waitUntil(work.catch(logFailure(c))), now);

/** The ledger's word on a beacon; a ledger that cannot be reached drops it, like a failing limiter. */
async function admit(c: Ctx, request: AdmitRequest): Promise<Admission | "unavailable"> {
  try {
    const ledger = c.env.VITALS_LEDGER;
    return await ledger.get(ledger.idFromName(ledgerShard(request.network))).admit(request);
  } catch (error) {
    c.get("logger").warn("vitals.ledger_failed", { error });
    return "unavailable";
  }
}

/** A limiter that fails counts as a refusal: a beacon is worth less than the site's budget. */
async function allowed(c: Ctx, limiter: RateLimit, key: string): Promise<boolean> {
  try {
    return (await limiter.limit({ key })).success;
  } catch (error) {
    c.get("logger").warn("vitals.limiter_failed", { error });
    return false;
  }
}

const tooMany = [429, "Too many beacons; try again later.", { "Retry-After": String(RETRY_AFTER_SECONDS) }] as const;

const logFailure = (c: Ctx) => (error: unknown) => c.get("logger").warn("vitals.store_failed", { error });

/** Same origin only: a browser on another site says so in Sec-Fetch-Site or Origin. */
function isCrossSite(c: Ctx): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return true;
  const origin = c.req.header("origin");
  return origin !== undefined && origin !== c.get("url").origin && origin !== c.get("config").siteUrl;
}
