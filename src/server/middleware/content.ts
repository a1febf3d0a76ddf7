import { createMiddleware } from "hono/factory";
import { contentForRequest, type ContentIsolate } from "../content";
import { cvAuthority } from "../content/cv-authority";
import type { Timer } from "../../shared/deadline";
import type { Sleep } from "../content/retry";
import type { EmbeddedSpace } from "../embedded";
import type { AppBindings } from "../request-context";

/** What the content middleware wires each request's content layer from: the isolate's state and the app's seams. */
export interface ContentMiddlewareDeps {
  isolate: ContentIsolate;
  /** The demo space and its emulator, asked for only when no Storyblok token is set (a module of its own). */
  loadEmbedded: () => Promise<EmbeddedSpace>;
  now: () => number;
  sleep?: Sleep;
  timer?: Timer;
  fetch?: typeof fetch;
}

/** Hosts that are this machine or reserved for testing (RFC 6761): the only ones the embedded space's drafts open on. */
export function isLocalHost(hostname: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(hostname) || /\.(localhost|test)$/.test(hostname);
}

/** The content layer for this request, and the key preview links must be signed with. */
export function content(deps: ContentMiddlewareDeps) {
  let toldPublicEmbedded = false;
  let embedded: Promise<EmbeddedSpace> | undefined;
  let lastHost = { hostname: "", local: false };
  return createMiddleware<AppBindings>(async (c, next) => {
    const config = c.get("config");
    const logger = c.get("logger");
    const storyblok = config.storyblok;
    if (storyblok.kind === "embedded") embedded ??= deps.loadEmbedded();
    const space = embedded && storyblok.kind === "embedded" ? await embedded : undefined;
    const hostname = c.get("url").hostname;
    // the host rarely changes between requests: its check is kept for the last one
    if (hostname !== lastHost.hostname) lastHost = { hostname, local: isLocalHost(hostname) };
    const local = lastHost.local;
    if (storyblok.kind === "embedded" && !local && !toldPublicEmbedded) {
      toldPublicEmbedded = true;
      logger.error("content.token_missing", {
        message: "STORYBLOK_TOKEN is not set on a public host: serving the embedded snapshot, drafts are closed",
      });
    }
    // Preview links are signed with the space's preview token. The embedded space's local token is
    // documented, so it opens drafts on local hosts only.
    c.set(
      "previewKey",
      storyblok.kind === "storyblok"
        ? { previewToken: storyblok.previewToken, spaceId: storyblok.spaceId }
        : { previewToken: local ? space!.snapshot.tokens.preview : undefined, spaceId: space!.snapshot.space.id },
    );
    // The request's answer: a page's body streamed to its end (respond.tsx sets `answerSent`), or whatever else it answered.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    c.set(
      "content",
      contentForRequest({
        config,
        kv: c.env.CONTENT_CACHE,
        isolate: deps.isolate,
        logger,
        defer: (promise) => c.executionCtx.waitUntil(promise.catch((error) => logger.error("content.cache_write", { error }))),
        answered,
        now: deps.now,
        sleep: deps.sleep,
        timer: deps.timer,
        authority: cvAuthority(c.env.CV_AUTHORITY),
        fetch: deps.fetch,
        embedded: space,
      }),
    );
    try {
      await next();
    } finally {
      void (c.get("answerSent") ?? Promise.resolve()).then(answer);
    }
  });
}
