/**
 * The cron trigger's share of publishing (every minute, and so within a minute of a deploy): the
 * current cache version's page paths are learned before any rename can come, so a first rename on
 * an empty database, or on an isolate that never saw the version before it, is a change from known
 * paths. A learned version costs one D1 read; an unlearned one its links list (which pages need anyway).
 *
 * The scheduled handler runs it as a request the app answers (`cronRequest`), so it goes through
 * the same wiring as every request (settings, logger, content layer, the embedded space); only a
 * request carrying the handler's own mark reaches it, which no visitor's request can carry.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import type { AppBindings } from "../request-context";
import { learnMovedPages, type MovedPagesDeps } from "./moved-pages";

const CRON_MARK = Symbol("publish cron");
export const PUBLISH_CRON_PATH = "/_cron/publish";

/** The request and environment with which the scheduled handler runs the publish cron through the app. */
export function cronRequest(env: AppEnv): [Request, AppEnv] {
  return [new Request(`http://localhost${PUBLISH_CRON_PATH}`, { method: "POST" }), { ...env, [CRON_MARK]: true } as AppEnv];
}

export function createPublishCron(movedPages: MovedPagesDeps) {
  const routes = new Hono<AppBindings>();
  routes.post(PUBLISH_CRON_PATH, async (c, next) => {
    if ((c.env as unknown as Record<symbol, unknown>)[CRON_MARK] !== true) return next();
    const cv = await c.get("content").cacheVersion();
    const learned = await learnMovedPages(c, movedPages, cv);
    return c.body(null, learned ? 204 : 503);
  });
  return routes;
}
