import { Hono } from "hono";
import snapshot from "../../.generated/snapshot.js";
import { contentForRequest, type ContentIsolate } from "./content";
import { createContentIsolateState } from "./content/content";
import type { Sleep } from "./content/retry";
import { datasourceRedirects } from "./content/redirects";
import { readConfig, type AppEnv, type Config } from "./env";
import { createLogger, type LogSink } from "../shared/log";
import { isCrawler } from "./render/bots";
import { respondWithError } from "./render/respond";
import { withBaseHeaders } from "./render/security";
import { ServerTiming } from "./middleware/server-timing";
import type { AppBindings } from "./request-context";
import { HttpError, noRouteMatches } from "./routes/http-error";
import { pathGuard } from "./middleware/path-guard";
import { pages } from "./routes/pages";
import { ROUTE_MIDDLEWARE, ROUTE_RULES, compileRouteRules } from "./routes/route-rules";
import { ruleRedirect, trailingSlashRedirect } from "./middleware/redirects";
import { seo } from "./routes/seo";
import { createNewsletterRoutes } from "./routes/newsletter";
import { createWebhookRoutes } from "./routes/webhook";
import { createNewsletterCron } from "./newsletter/cron";

export { SignupLimiter } from "./newsletter/limiter";

/** What tests (and only tests) replace: time, sleeping, the content service's network, log output. */
export interface AppDeps {
  now?: () => number;
  sleep?: Sleep;
  contentFetch?: typeof fetch;
  logSink?: LogSink;
  /** HubSpot's network for newsletter delivery, and how long an answer may take. */
  hubspotFetch?: typeof fetch;
  hubspotTimeoutMs?: number;
}

// Checked when the isolate starts: a rule naming an unknown middleware stops the Worker here.
const compiledRules = compileRouteRules(ROUTE_RULES, ROUTE_MIDDLEWARE);

export function createApp(deps: AppDeps = {}) {
  const now = deps.now ?? (() => Date.now());
  const isolate: ContentIsolate = { state: createContentIsolateState() };
  let config: { env: AppEnv; value: Config } | undefined;

  const app = new Hono<AppBindings>();

  app.use("*", async (c, next) => {
    const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
    const fresh = config?.env !== c.env;
    try {
      if (fresh) config = { env: c.env, value: readConfig(c.env) };
    } catch (error) {
      // without a configuration there is no request logger yet: still say what is wrong
      createLogger({ base: { requestId }, sink: deps.logSink }).error("config.invalid", { error });
      throw error;
    }
    const settings = config!.value;
    const logger = createLogger({ level: settings.logLevel, base: { requestId }, sink: deps.logSink });
    if (fresh) for (const notice of settings.notices) logger.error("config.content_token_missing", { message: notice });
    c.set("requestId", requestId);
    c.set("logger", logger);
    c.set("config", settings);
    c.set("timing", new ServerTiming());
    c.set("isBot", isCrawler(c.req.header("user-agent")));
    // Preview links are signed with the space's preview token; the embedded space has a documented local one.
    const storyblok = settings.storyblok;
    c.set(
      "previewKey",
      storyblok.kind === "storyblok"
        ? { previewToken: storyblok.previewToken, spaceId: storyblok.spaceId }
        : { previewToken: snapshot.tokens.preview, spaceId: snapshot.space.id },
    );
    c.set(
      "content",
      contentForRequest({
        config: settings,
        kv: c.env.CONTENT_CACHE,
        isolate,
        logger,
        defer: (promise) => c.executionCtx.waitUntil(promise.catch((error) => logger.error("content.cache_write", { error }))),
        now,
        sleep: deps.sleep,
        fetch: deps.contentFetch,
        loadSnapshot: () => snapshot,
      }),
    );
    const started = performance.now();
    await next();
    c.res = withBaseHeaders(c.res);
    c.res.headers.set("X-Request-Id", requestId);
    logger.info("request", {
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });

  app.use("*", pathGuard);
  app.route("/", seo);
  app.route("/", createNewsletterRoutes({ now, hubspotFetch: deps.hubspotFetch, hubspotTimeoutMs: deps.hubspotTimeoutMs }));
  app.route("/", createWebhookRoutes({ emulator: () => isolate.emulator }));

  app.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    const redirect =
      trailingSlashRedirect(url) ?? ruleRedirect(url, compiledRules, await datasourceRedirects(c.var.content, c.var.logger));
    if (redirect) return c.redirect(redirect.location, redirect.status);
    const handlers = compiledRules.filter((r) => r.matches(url.pathname)).flatMap((r) => r.middleware);
    if (!handlers.length) return next();
    const run = (i: number): Promise<void> => (i < handlers.length ? (handlers[i]!(c, () => run(i + 1)) as Promise<void>) : next());
    await run(0);
  });

  app.route("/", pages);

  app.notFound((c) => respondWithError(c, 404, noRouteMatches(new URL(c.req.url).pathname).message));
  app.onError((error, c) => {
    if (error instanceof HttpError) return respondWithError(c, error.status, error.message);
    c.var.logger?.error("request.failed", { error });
    if (!c.var.content) return c.text("Something went wrong", 500);
    return respondWithError(c, 500, "Something went wrong");
  });

  return app;
}

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled: createNewsletterCron(),
} satisfies ExportedHandler<AppEnv>;
