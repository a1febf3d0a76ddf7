import { createMiddleware } from "hono/factory";
import { contentForRequest, type ContentIsolate } from "../content";
import type { Sleep } from "../content/retry";
import type { SpaceSnapshot } from "../content/snapshot";
import type { AppBindings } from "../request-context";

export interface ContentDeps {
  isolate: ContentIsolate;
  snapshot: SpaceSnapshot;
  now: () => number;
  sleep?: Sleep;
  fetch?: typeof fetch;
}

/** The content layer for this request, and the key preview links must be signed with. */
export function content(deps: ContentDeps) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const { config, logger } = c.var;
    const storyblok = config.storyblok;
    // Preview links are signed with the space's preview token; the embedded space has a documented local one.
    c.set(
      "previewKey",
      storyblok.kind === "storyblok"
        ? { previewToken: storyblok.previewToken, spaceId: storyblok.spaceId }
        : { previewToken: deps.snapshot.tokens.preview, spaceId: deps.snapshot.space.id },
    );
    c.set(
      "content",
      contentForRequest({
        config,
        kv: c.env.CONTENT_CACHE,
        isolate: deps.isolate,
        logger,
        defer: (promise) => c.executionCtx.waitUntil(promise.catch((error) => logger.error("content.cache_write", { error }))),
        now: deps.now,
        sleep: deps.sleep,
        fetch: deps.fetch,
        loadSnapshot: () => deps.snapshot,
      }),
    );
    await next();
  });
}
