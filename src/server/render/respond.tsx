import type { Context } from "hono";
import type { ReactNode } from "react";
import { localisedPublished } from "../content/localise";
import { loadTheme, type Theme } from "../content/theme";
import { DEFAULT_LANG } from "../../shared/i18n/lang";
import type { AppBindings } from "../request-context";
import { ErrorScreen } from "./error-screen";
import { dictionary } from "../../shared/i18n";
import { PageDocument, type Audience, type DocumentInput } from "./page-document";
import { robotsDirective } from "./robots";
import type { ThirdPartyConfig } from "../env";
import { contentSecurityPolicy, createNonce, cspForNonce, type CspOptions } from "./security";
import { streamHtml } from "./stream";
import { requestParts, type RequestParts } from "./html-memo";
import { thirdPartyCsp, warnAboutInactiveTracking } from "./third-party";

type Ctx = Context<AppBindings>;

export type PageInput = Omit<DocumentInput, "url" | "origin" | "robots" | "logger" | "nonce" | "children" | "thirdParty" | "year"> &
  Audience & {
    status: number;
    body: ReactNode;
    /** A caller's `Cache-Control` (any case) holds unless the page is a preview. */
    headers?: Record<string, string>;
    /** Never index this answer (an error screen), whatever the host. */
    noindex?: boolean;
    /** An editor's answer that is not a preview (an error screen): headers as a preview's. */
    editor?: boolean;
  };

/**
 * Streams a full page (document, header, body, footer) with the site's headers. A visual-editor
 * preview (and an editor's error screen) is never stored anywhere, never indexed, and may be framed
 * by the Storyblok app only; it carries no third-party scripts (editors are not visitors).
 */
export async function respondWithPage(c: Ctx, input: PageInput): Promise<Response> {
  const url = c.get("url");
  const config = c.get("config");
  const logger = c.get("logger");
  const timing = c.get("timing");
  const isBot = c.get("isBot");
  const preview = input.preview;
  const editor = preview !== undefined || input.editor === true;
  const robots = editor || input.noindex ? "noindex,nofollow" : robotsDirective(url.hostname, config.previewHostMarker);
  const nonce = createNonce();
  const thirdParty = editor ? {} : config.thirdParty;
  warnAboutInactiveTracking(thirdParty, logger);
  // one record, handed to the Response once; names in lower case, as a Headers object would match them
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value;
  headers["cache-control"] = editor ? "private, no-store" : (headers["cache-control"] ?? "public, max-age=0, must-revalidate");
  headers["content-security-policy"] = editor
    ? contentSecurityPolicy({ nonce, preview: true, extra: preview ? previewCsp(preview.bridge) : {} })
    : visitorCsp(config.thirdParty)(nonce);
  if (robots !== "index,follow") headers["x-robots-tag"] = robots.replace(",", ", ");

  const started = performance.now();
  const { status, body, headers: _ignored, noindex: _noindex, editor: _editor, ...document } = input;
  const { response, sent } = await streamHtml(
    <PageDocument
      {...document}
      url={url}
      origin={config.siteUrl ?? url.origin}
      robots={robots}
      logger={logger}
      nonce={nonce}
      thirdParty={thirdParty}
      year={new Date(c.get("now")()).getUTCFullYear()}
    >
      {body}
    </PageDocument>,
    { status, headers, logger, complete: isBot, nonce, splice: document.parts?.splice },
  );
  // Hono answers a HEAD with the GET's headers and drops its body unread: cancelled here, the
  // render stops and the answer counts as sent
  if (c.req.method === "HEAD") await response.body?.cancel();
  c.set("answerSent", sent);
  timing.add("render", { dur: performance.now() - started });
  response.headers.set("Server-Timing", timing.header());
  return response;
}

/**
 * The error screen with header and footer, never indexed and naming no canonical URL (its URL is
 * not a page). Crawlers and link-preview bots get only the status: the error is logged, no screen
 * is rendered for them. `headers` go on both answers (a 405's Allow).
 */
export async function respondWithError(c: Ctx, status: number, message: string, headers: Record<string, string> = {}): Promise<Response> {
  const logger = c.get("logger");
  const isBot = c.get("isBot");
  const content = c.get("content");
  // The request's language (the path's; a preview's, the one it edits): screen, theme and memo alike.
  const lang = c.get("lang");
  if (isBot) {
    logger.warn("error.bot", { status, message, path: c.get("url").pathname });
    return new Response(null, { status, headers: { ...headers, "Cache-Control": "no-store" } });
  }
  let theme: Theme | undefined;
  let parts: RequestParts | undefined;
  try {
    const loaded = await loadTheme(content, "published", lang);
    theme = lang === DEFAULT_LANG ? loaded.value : localisedPublished(loaded.value, lang, await content.pageIndex());
    if (loaded.cv !== undefined) parts = requestParts(c.get("htmlMemo"), loaded.cv, lang);
  } catch (error) {
    logger.error("theme.unavailable", { error });
  }
  const t = dictionary(lang);
  return respondWithPage(c, {
    status,
    theme,
    lang,
    title: status === 404 ? t.error.notFoundTitle : t.error.errorTitle,
    body: <ErrorScreen status={status} message={message} />,
    headers: { ...headers, "Cache-Control": "no-store" },
    noindex: true,
    canonical: false,
    parts,
    editor: c.get("editor"),
  });
}

/** Visitors' policy per nonce, built once per third-party settings (they are read once per isolate). */
const visitorPolicies = new WeakMap<ThirdPartyConfig, (nonce: string) => string>();

function visitorCsp(thirdParty: ThirdPartyConfig): (nonce: string) => string {
  let policy = visitorPolicies.get(thirdParty);
  if (!policy) {
    policy = cspForNonce({ extra: thirdPartyCsp(thirdParty) });
    visitorPolicies.set(thirdParty, policy);
  }
  return policy;
}

/** Storyblok's own bridge comes from the Storyblok app and talks to it; the local stand-in is ours. */
function previewCsp(bridge: string): NonNullable<CspOptions["extra"]> {
  if (!bridge.startsWith("https://")) return {};
  const origin = new URL(bridge).origin;
  return { "script-src": [origin], "connect-src": [origin] };
}
