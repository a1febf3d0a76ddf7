import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { contentForRequest, storyblokOrigin, type ContentIsolate, type ContentOrigin } from "../content";
import { cvAuthority } from "../content/cv-authority";
import type { Timer } from "../../shared/dates/deadline";
import type { Sleep } from "../content/retry";
import type { Config } from "../env";
import { STORYBLOK_BRIDGE_URL } from "../preview/bridge";
import type { VisualEditor } from "../preview/token";
import type { AppBindings } from "../request-context";

/** How a request reaches its space: the content API, and what the visual editor's links and bridge are. */
export interface SpaceAccess {
  origin: ContentOrigin;
  visualEditor: VisualEditor;
}

/** What the content middleware wires each request's content layer from: the isolate's state and the app's seams. */
export interface ContentMiddlewareDeps {
  isolate: ContentIsolate;
  now: () => number;
  sleep?: Sleep;
  timer?: Timer;
  /** Replaces Storyblok's network: tests inject faults here. */
  fetch?: typeof fetch;
  /** The embedded space, asked for only when no Storyblok token is set (handed in by src/server/index.ts). */
  embedded: (c: Context<AppBindings>) => SpaceAccess | Promise<SpaceAccess>;
}

type StoryblokSettings = Extract<Config["storyblok"], { kind: "storyblok" }>;

/** Wires the request's content layer to its space (Storyblok's, or the embedded one), and says what its preview links are signed with. */
export function content(deps: ContentMiddlewareDeps) {
  // the settings are read once per isolate: so is Storyblok's access
  let storyblok: { settings: StoryblokSettings; access: SpaceAccess } | undefined;
  const storyblokAccess = (settings: StoryblokSettings): SpaceAccess => {
    if (storyblok?.settings !== settings) {
      const { previewToken, spaceId } = settings;
      storyblok = {
        settings,
        access: { origin: storyblokOrigin(settings, deps.fetch), visualEditor: { previewToken, spaceId, bridge: STORYBLOK_BRIDGE_URL } },
      };
    }
    return storyblok.access;
  };
  return createMiddleware<AppBindings>(async (c, next) => {
    const config = c.get("config");
    const logger = c.get("logger");
    const space = config.storyblok.kind === "storyblok" ? storyblokAccess(config.storyblok) : await deps.embedded(c);
    c.set("visualEditor", space.visualEditor);
    c.set(
      "content",
      contentForRequest({
        config,
        kv: c.env.CONTENT_CACHE,
        isolate: deps.isolate,
        logger,
        defer: (promise) => c.executionCtx.waitUntil(promise.catch((error) => logger.error("content.cache_write", { error }))),
        answered: c.get("answer").sent,
        now: deps.now,
        sleep: deps.sleep,
        timer: deps.timer,
        authority: cvAuthority(c.env.CV_AUTHORITY),
        origin: space.origin,
      }),
    );
    await next();
  });
}
