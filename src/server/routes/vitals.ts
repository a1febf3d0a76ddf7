import { Hono, type Context } from "hono";
import { MAX_BEACON_BYTES, VITALS_PATH } from "../../shared/vitals";
import { parseBeacon } from "../vitals/beacon";
import { clientKey } from "../newsletter/limiter";
import type { AppBindings } from "../request-context";
import { dataPoint } from "../vitals/data-point";
import { vitalsDataset } from "../vitals/dataset";
import { jsonMessage, mediaType, parseJsonObject, readLimitedBody } from "./api-request";

type Ctx = Context<AppBindings>;

/** Seconds a rate-limited client is told to wait: the limits count per minute (wrangler.toml). */
const RETRY_AFTER_SECONDS = 60;

/**
 * `POST /api/vitals`: one page view's field measurements from the site's own pages (client/vitals.ts).
 * Cheap refusals first (method, origin, media type), then the client's rate limit before the body
 * is read at all, the body read up to 1 KB, checked field by field (vitals/beacon.ts `parseBeacon`),
 * the site-wide limit, and one data point written. A good beacon gets 204 and no body; every
 * refusal a 4xx with a JSON `{message}`. Nothing here waits for the store: the write is the
 * binding's (or, locally, after the answer).
 */
export function createVitalsRoutes({ now }: { now: () => number }) {
  const routes = new Hono<AppBindings>();
  routes.post(VITALS_PATH, (c) => receiveBeacon(c, now));
  routes.all(VITALS_PATH, (c) => jsonMessage(c, 405, "Beacons are sent with POST.", { Allow: "POST" }));
  return routes;
}

async function receiveBeacon(c: Ctx, now: () => number): Promise<Response> {
  if (isCrossSite(c)) return jsonMessage(c, 403, "Beacons come from this site's own pages.");
  const { type } = mediaType(c.req.header("content-type"));
  // sendBeacon with a string sends text/plain (no preflight); application/json for other clients
  if (type !== "text/plain" && type !== "application/json")
    return jsonMessage(c, 415, "A beacon is JSON (text/plain or application/json).");
  if (!(await allowed(c, c.env.VITALS_CLIENT_LIMIT, await clientKey(c.req.header("cf-connecting-ip"))))) return tooMany(c);
  const body = await readLimitedBody(c.req.raw, MAX_BEACON_BYTES);
  if (body === "too-large") return jsonMessage(c, 413, `A beacon is at most ${MAX_BEACON_BYTES} bytes.`);
  const parsed = parseBeacon(parseJsonObject(body) ?? null);
  if ("error" in parsed) return jsonMessage(c, 400, `Not a beacon: ${parsed.error}.`);
  if (!(await allowed(c, c.env.VITALS_SITE_LIMIT, "site"))) return tooMany(c);
  const dataset = vitalsDataset(c.env, c.get("config").vitalsStore, (work) => c.executionCtx.waitUntil(work.catch(logFailure(c))), now);
  dataset.writeDataPoint(dataPoint(parsed.beacon));
  return c.body(null, 204, { "Cache-Control": "no-store" });
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

const tooMany = (c: Ctx) => jsonMessage(c, 429, "Too many beacons; try again later.", { "Retry-After": String(RETRY_AFTER_SECONDS) });

const logFailure = (c: Ctx) => (error: unknown) => c.get("logger").warn("vitals.store_failed", { error });

/** Same origin only: a browser on another site says so in Sec-Fetch-Site or Origin. */
function isCrossSite(c: Ctx): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return true;
  const origin = c.req.header("origin");
  return origin !== undefined && origin !== c.get("url").origin && origin !== c.get("config").siteUrl;
}
