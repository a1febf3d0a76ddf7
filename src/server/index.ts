import { env as workerEnv } from "cloudflare:workers";
import { Hono } from "hono";
import { createContentIsolateState } from "./content/content";
import type { ContentIsolate } from "./content";
import type { Timer } from "../shared/dates/deadline";
import type { Sleep } from "./content/retry";
import { createDemo } from "./demo";
import type { EmbeddedSpace } from "./demo/embedded";
import type { AppEnv } from "./env";
import { createLogger, type LogSink } from "../shared/log";
import { config } from "./middleware/config";
import { content } from "./middleware/content";
import { logging } from "./middleware/logging";
import { pathGuard } from "./middleware/path-guard";
import { createHtmlMemo, type HtmlMemo } from "./render/html-memo";
import type { ParsedCache } from "./content/parsed-cache";
import { redirects } from "./middleware/redirects";
import { requestContext } from "./middleware/request-context";
import { ROUTE_MIDDLEWARE, ROUTE_RULES, compileRouteRules, mountRouteRules, type RouteRule } from "./middleware/route-rules";
import { createNewsletterCron } from "./newsletter/cron";
import type { AppBindings } from "./request-context";
import { notFound, onError } from "./routes/http-error";
import { createNewsletterRoutes } from "./routes/newsletter";
import { createPageRoutes } from "./routes/pages";
import { seo } from "./routes/seo";
import { createVitalsRoutes } from "./routes/vitals";
import { createWebhook } from "./routes/webhook";
import { createPublishCron, cronRequest } from "./publish/cron";
import type { LoadContentRules } from "./health/publish-check";
import { createContentHealthRoutes } from "./routes/content-health";
import { warmUpRenderer } from "./render/warm-up";
import warmUpPage from "../../.generated/warm-up.js";

export { SignupLimiter } from "./newsletter/limiter";
export { CacheVersionAuthority } from "./content/cv-authority";
export { VitalsLedger } from "./vitals/ledger";

/** What tests (and only tests) replace: time, sleeping, the content service's network, log output. */
export interface AppDeps {
  now?: () => number;
  sleep?: Sleep;
  /** How deadlines wait (KV reads, the cv authority): tests fire them without waiting. */
  timer?: Timer;
  contentFetch?: typeof fetch;
  logSink?: LogSink;
  /** Which requests write the sampled `request` log line (REQUEST_LOG_SAMPLE_RATE); default Math.random. */
  random?: () => number;
  /** HubSpot's network for newsletter delivery, and how long an answer may take. */
  hubspotFetch?: typeof fetch;
  /** Turnstile's Siteverify (tests: the stand-in's fake); default the network. */
  turnstileFetch?: typeof fetch;
  hubspotTimeoutMs?: number;
  /** The isolate's memos (parsed KV entries, HTML parts): tests pass small or observed ones. */
  parsedCache?: ParsedCache;
  htmlMemo?: HtmlMemo;
  /** The embedded space's module (default: `loadEmbeddedSpace`, the first time the site runs without a token). */
  loadEmbedded?: () => Promise<EmbeddedSpace>;
  /** Route rules other than the site's own (tests of the rules' middleware). */
  routeRules?: RouteRule[];
  /** How many learned redirects are kept (default MAX_MOVED_PAGES): tests of the bound pass a small one. */
  movedPagesLimit?: number;
}

// Checked when the isolate starts: a rule naming an unknown middleware stops the Worker here.
const siteRouteRules = compileRouteRules(ROUTE_RULES, ROUTE_MIDDLEWARE);

/**
 * Loads the embedded space's module, built apart from the Worker's main module by `npm run build`
 * (src/server/demo/embedded-space.ts). The specifier is relative to this folder, wrangler's module
 * root: it must stay a literal, in a file directly in src/server, for wrangler to keep the module
 * out of the bundle. This file is the demo's one wiring point anyway.
 */
const loadEmbeddedSpace = (): Promise<EmbeddedSpace> => import("./.generated/embedded-space.js");

/** The content rules' module (src/server/health/rules.ts), built apart in the same way: only a publish's check loads it. */
const loadContentRules: LoadContentRules = () => import("./.generated/content-health.js");

/** What happens to a request, in order. */
export function createApp(deps: AppDeps = {}) {
  const now = deps.now ?? (() => Date.now());
  const isolate: ContentIsolate = { state: createContentIsolateState(deps.parsedCache) };
  const htmlMemo = deps.htmlMemo ?? createHtmlMemo();
  const routeRules = deps.routeRules ? compileRouteRules(deps.routeRules, ROUTE_MIDDLEWARE) : siteRouteRules;
  // the isolate's copy of the learned redirects (slugs that moved): the webhook learns, the redirects serve
  const movedPages = { memo: {}, now, limit: deps.movedPagesLimit };
  const webhook = createWebhook({ now, sleep: deps.sleep, timer: deps.timer, movedPages, loadContentRules });
  // what exists only on the embedded space (no Storyblok token): its content origin and its routes
  const demo = createDemo({ load: deps.loadEmbedded ?? loadEmbeddedSpace, now, fetch: deps.contentFetch, receive: webhook.receive });
  const app = new Hono<AppBindings>();

  app.use(requestContext({ now, htmlMemo })); // request id, crawler or visitor, language; the isolate's clock and memo
  app.use(config(deps.logSink)); // validated settings and the request's logger
  app.use(logging(deps.random)); // Server-Timing, security headers, the request's log line when due
  app.use(content({ isolate, now, sleep: deps.sleep, timer: deps.timer, fetch: deps.contentFetch, embedded: demo.access }));
  app.use(pathGuard); // 400/414 for paths no page can have

  app.route("/", seo); // robots.txt, sitemap.xml
  app.route("/", demo.routes); // the embedded space's images (/_storyblok/f/...) and local publish; on it only
  app.route(
    "/",
    createNewsletterRoutes({
      now,
      hubspotFetch: deps.hubspotFetch,
      hubspotTimeoutMs: deps.hubspotTimeoutMs,
      turnstileFetch: deps.turnstileFetch,
    }),
  );
  app.route("/", webhook.routes);
  app.route("/", createPublishCron(movedPages)); // the cron's share of publishing: the page paths, learned before a rename
  app.route("/", createVitalsRoutes({ now })); // field measurements (Core Web Vitals beacons)
  app.route("/", createContentHealthRoutes({ now })); // the publish reports, for editors

  app.use(redirects(routeRules, movedPages)); // trailing slash, route rules, CMS redirects, pages that moved
  mountRouteRules(app, routeRules); // per-path middleware named by the route rules
  app.route("/", createPageRoutes({ now, timer: deps.timer })); // every other path is a page from the CMS

  app.notFound(notFound);
  app.onError(onError);
  return app;
}

/** The cron trigger's work (every minute): the newsletter's due deliveries, and the current page paths learned (publish/cron.ts). */
export function createScheduled(
  app: ReturnType<typeof createApp>,
  deps: Pick<AppDeps, "now" | "hubspotFetch" | "hubspotTimeoutMs" | "logSink"> = {},
): ExportedHandlerScheduledHandler<AppEnv> {
  const newsletter = createNewsletterCron(deps);
  return async (controller, env, ctx) => {
    const [request, cronEnv] = cronRequest(env);
    await Promise.all([newsletter(controller, env, ctx), app.fetch(request, cronEnv, ctx)]);
  };
}

// An isolate without a Storyblok token serves the demo space: its module starts loading while the
// isolate starts, not in its first request. With a token it is never loaded.
const embeddedAtStart = (workerEnv as AppEnv).STORYBLOK_TOKEN?.trim() ? undefined : loadEmbeddedSpace();
embeddedAtStart?.catch(() => {}); // a failure is reported by the request that needs the space
const app = createApp({ loadEmbedded: () => embeddedAtStart ?? loadEmbeddedSpace() });
// Hono's router compiles its matcher on the first match: here, while the isolate starts, rather
// than in its first request (13 ms of that request's CPU in a profile of a fresh isolate).
app.router.match("GET", "/");
// React's renderer and every block compile on their first use: here, while the isolate starts,
// rather than in its first visitor's request (render/warm-up.tsx).
void warmUpRenderer(warmUpPage, createLogger({ level: "error" }));

export default {
  fetch: app.fetch,
  scheduled: createScheduled(app),
} satisfies ExportedHandler<AppEnv>;
