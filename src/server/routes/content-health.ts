import { Hono } from "hono";
import { CONTENT_HEALTH_PATH } from "../../shared/content-health";
import { reportStore } from "../health/reports";
import { previewAccess } from "../preview/token";
import type { AppBindings } from "../request-context";
import { jsonMessage } from "./api-request";
import { methodNotAllowed } from "./webhook";

/**
 * `GET /api/content-health`: the latest publish report of every story (`npm run content:health --
 * --remote`). Open on the hosts CONTENT_HEALTH_HOSTS names exactly (not any host that merely
 * contains workers.dev: issue 53) and to a request signed like a preview link (the space's preview
 * token, at most an hour old); anyone else gets 403. Never cached.
 */
export function createContentHealthRoutes({ now }: { now: () => number }): Hono<AppBindings> {
  const routes = new Hono<AppBindings>();
  routes.get(CONTENT_HEALTH_PATH, async (c) => {
    const url = new URL(c.req.url);
    const open = c.get("config").contentHealthHosts.includes(url.hostname);
    if (!open && !(await previewAccess(url, { ...c.get("visualEditor"), now: now() })))
      return jsonMessage(c, 403, "Alleen voor redacteuren: onderteken het verzoek zoals een previewlink.");
    const listing = await reportStore(c.env.CONTENT_CACHE).list();
    return c.json(listing, 200, { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });
  });
  routes.all(CONTENT_HEALTH_PATH, methodNotAllowed);
  return routes;
}
