import type { Content } from "./content";
import type { Config, AppEnv } from "./env";
import type { Lang } from "../shared/i18n/lang";
import type { Logger, LogLevel } from "../shared/log";
import type { VisualEditor } from "./preview/token";
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
  /** What the visual editor's preview links are signed with, and the bridge a preview loads. */
  visualEditor: VisualEditor;
  /** A valid visual-editor link asked: every answer, an error screen too, is the editor's (framed by Storyblok, never stored). */
  editor?: boolean;
  /** The isolate's memo of HTML parts every visitor gets (render/html-memo.ts). */
  htmlMemo: HtmlMemo;
  /** When the request's answer has gone out: the content layer's background checks wait for it. */
  answer: Answer;
  /** The app's clock (injected by tests): every clock read of a request goes through it. */
  now: () => number;
}

/**
 * The request's answer, as far as background work cares: it is out when a streamed page's body
 * is (render/stream.ts), anything else when the handler has returned it. Made first thing
 * (middleware/request-context.ts); the render says when a body streams; the content layer holds
 * `sent`. Nothing is handed back through it: a later step settles what an earlier one waits on.
 */
export class Answer {
  readonly sent: Promise<void>;
  #settle!: () => void;
  #body?: Promise<void>;

  constructor() {
    this.sent = new Promise<void>((resolve) => {
      this.#settle = resolve;
    });
  }

  /** The answer's body streams: it is out when this settles (the latest body, if a page was replaced by its error screen). */
  streams(end: Promise<void>): void {
    this.#body = end;
    void end.then(() => {
      if (this.#body === end) this.#settle();
    });
  }

  /** The handler has returned the answer: one that does not stream is out. */
  returned(): void {
    if (!this.#body) this.#settle();
  }
}

export type AppBindings = { Bindings: AppEnv; Variables: RequestVariables };
