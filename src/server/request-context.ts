import type { Content } from "./content";
import type { Config, AppEnv } from "./env";
import type { Lang } from "../shared/i18n/lang";
import type { Logger, LogLevel } from "../shared/log";
import type { PreviewKey } from "./preview/token";
import type { ServerTiming } from "./middleware/server-timing";
import type { HtmlMemo } from "./render/html-memo";

/**
 * What every handler of one request can read from Hono's context. Read them with `c.get(name)`:
 * Hono's `c.var` builds a new object of all of them on every access (it showed in the profile).
 */
export interface RequestVariables {
  /** The request's URL, parsed once (read it, never change it). */
  url: URL;
  requestId: string;
  logger: Logger;
  /** The most severe level the request's logger has written so far (`undefined`: nothing). */
  worstLogged: () => LogLevel | undefined;
  config: Config;
  content: Content;
  timing: ServerTiming;
  isBot: boolean;
  /** The language the request is in: its path's (`/en/...`), or the one a preview edits. */
  lang: Lang;
  /** What a visual-editor preview link must be signed with. */
  previewKey: PreviewKey;
  /** A valid visual-editor link asked: every answer, an error screen too, is the editor's (framed by Storyblok, never stored). */
  editor?: boolean;
  /** The isolate's memo of HTML parts every visitor gets (render/html-memo.ts). */
  htmlMemo: HtmlMemo;
  /** Settles when a page's streamed body has gone out (or cannot any more): background work waits for it. */
  answerSent?: Promise<void>;
  /** The app's clock (injected by tests): every clock read of a request goes through it. */
  now: () => number;
}

export type AppBindings = { Bindings: AppEnv; Variables: RequestVariables };
