import type { Context } from "hono";
import type { ReactNode } from "react";
import { goneKey, localisedPublished } from "../content/localise";
import { loadTheme, type Theme } from "../content/theme";
import type { AppBindings } from "../request-context";
import { ErrorScreen } from "./error-screen";
import { dictionary } from "../../shared/i18n";
import { PageDocument, PreviewDocument, type DocumentInput, type PreviewPage } from "./page-document";
import { robotsDirective } from "./robots";
import type { ThirdPartyConfig } from "../env";
import { contentSecurityPolicy, createNonce, cspForNonce, EDITOR_FRAME, type CspOptions } from "./security";
import { streamHtml, type StreamOptions } from "./stream";
import { holdPart, requestParts, type RequestParts } from "./html-memo";
import { settledWithin, type Timer } from "../../shared/dates/deadline";
import { goneAt, type PageListings } from "../content/page";
import type { PartId } from "../../site/part-id";
import { thirdPartyCsp, warnAboutInactiveTracking } from "./third-party";
import { buildManifest } from "./assets";
import { networkKey } from "../vitals/network";
import { makeViewToken } from "../vitals/view-token";

type Ctx = Context<AppBindings>;

type Filled = "url" | "origin" | "robots" | "logger" | "nonce" | "children" | "year";

/** What every page shows, for visitors and editors alike, besides what the request gives (url, clock, nonce) and its listings. */
export type PageInput = Omit<DocumentInput, Filled | "listings"> & {
  status: number;
  body: ReactNode;
};

/** How long a page waits for its listings before it starts streaming without them. */
export const LISTING_GRACE_MS = 100;

/** A visitor's page as the page route hands it over: loaded, its listings not asked for yet. */
export interface VisitorPage extends PageInput {
  /** The cache version story and theme come from; absent (stale, or not the same): nothing of the page is memoised. */
  cv?: number;
  /** Which pages are gone by the clock (`goneKey`): parts that link to a closed vacancy are not kept past its closing. */
  gone: string;
  /** The part id of the page's body (its path and listing page). */
  bodyId: PartId;
  /** Starts loading the listings the page's blocks show (content/page.ts `pageListings`). */
  listings: () => PageListings;
}

/** A page whose body came from the memo: its listings are in that HTML already. */
const NO_LISTINGS: PageListings = { byUid: new Map(), fromCacheVersion: () => true };

/**
 * A visitor's page: its body from the isolate's memo when it is there for this cache version (then
 * no listing is loaded at all), else with its listings given a moment to arrive. Listings cached in
 * KV arrive within milliseconds and render in place; slower ones (a cold cache, a slow Storyblok)
 * stream in after the rest of the page. `timer`: how the grace period waits (default: real time).
 */
export async function respondWithPage(
  c: Ctx,
  { cv, gone, bodyId, listings: load, ...page }: VisitorPage,
  timer?: Timer,
): Promise<Response> {
  const parts = cv === undefined ? undefined : requestParts(c.get("htmlMemo"), { cv, gone, lang: page.lang }, c.get("now")());
  const listings = parts && holdPart(parts, bodyId) ? NO_LISTINGS : load();
  if (listings.byUid.size) await settledWithin(Promise.allSettled(listings.byUid.values()), LISTING_GRACE_MS, timer);
  // the body is kept too when it came from the memo, or when every listing is in from the same cache
  // (until the first vacancy it lists closes)
  if (parts && (parts.held[bodyId] || listings.fromCacheVersion())) {
    parts.body = bodyId;
    parts.bodyUntil = listings.changesAt?.();
  }
  return streamVisitorPage(c, { ...page, listings: listings.byUid, parts });
}

/** A visitor's page (or the error screen): the memo's parts when everything shown is from one cache version. */
type VisitorPageInput = PageInput & {
  listings?: DocumentInput["listings"];
  parts?: RequestParts;
  /** A caller's `Cache-Control` (any case) holds. */
  headers?: Record<string, string>;
  /** Never index this answer (an error screen), whatever the host. */
  noindex?: boolean;
};

/**
 * Streams a visitor's page (document, header, body, footer) with the site's headers: cacheable
 * unless the caller says otherwise, indexed as the host allows, never framed, with the site's
 * third-party scripts.
 */
async function streamVisitorPage(c: Ctx, input: VisitorPageInput): Promise<Response> {
  const url = c.get("url");
  const config = c.get("config");
  const { status, body, headers: callerHeaders, noindex, parts, ...document } = input;
  const robots = noindex ? "noindex,nofollow" : robotsDirective(url.hostname, config.previewHostMarker);
  const nonce = createNonce();
  const viewToken = document.pageType ? await pageViewToken(c, document.pageType) : undefined;
  warnAboutInactiveTracking(config.thirdParty, c.get("logger"));
  const headers = lowerCased(callerHeaders);
  headers["cache-control"] ??= "public, max-age=0, must-revalidate";
  headers["content-security-policy"] = visitorCsp(config.thirdParty)(nonce);
  const page = (
    <PageDocument {...document} {...filled(c, robots, nonce)} viewToken={viewToken} thirdParty={config.thirdParty} parts={parts}>
      {body}
    </PageDocument>
  );
  return stream(c, page, { status, headers: withRobots(headers, robots), nonce, splice: parts?.splice });
}

/** This view's token for its beacon (src/server/vitals/view-token.ts); without the key no token, and no beacon is taken. */
async function pageViewToken(c: Ctx, pageType: string): Promise<string | undefined> {
  const secret = c.get("config").subscriberKeys?.current;
  if (!secret) return undefined;
  const facts = { build: buildManifest.buildId, pageType, network: await networkKey(secret, c.req.header("cf-connecting-ip")) };
  return makeViewToken(secret, facts, c.get("now")());
}

/**
 * Streams an editor's preview: never stored anywhere, never indexed, framed by the Storyblok app
 * only, with the bridge's CSP and no third-party scripts (editors are not visitors).
 */
export async function respondWithPreview(c: Ctx, input: PageInput, preview: PreviewPage): Promise<Response> {
  const { status, body, ...document } = input;
  const robots = "noindex,nofollow";
  const nonce = createNonce();
  const headers = {
    "cache-control": "private, no-store",
    "content-security-policy": contentSecurityPolicy({ nonce, frameAncestors: EDITOR_FRAME, extra: previewCsp(preview.bridge) }),
  };
  const page = (
    <PreviewDocument {...document} {...filled(c, robots, nonce)} preview={preview}>
      {body}
    </PreviewDocument>
  );
  return stream(c, page, { status, headers: withRobots(headers, robots), nonce });
}

/**
 * An editor's answer that is no preview (an error screen at a valid link): a preview's headers
 * (never stored or indexed, framed by the Storyblok app only) around the visitor's document, with no
 * third-party scripts and nothing from the memo.
 */
async function streamEditorScreen(c: Ctx, input: VisitorPageInput): Promise<Response> {
  const { status, body, headers: callerHeaders, noindex: _noindex, parts: _parts, ...document } = input;
  const robots = "noindex,nofollow";
  const nonce = createNonce();
  const headers = lowerCased(callerHeaders);
  headers["cache-control"] = "private, no-store";
  headers["content-security-policy"] = contentSecurityPolicy({ nonce, frameAncestors: EDITOR_FRAME });
  const page = (
    <PageDocument {...document} {...filled(c, robots, nonce)} thirdParty={{}}>
      {body}
    </PageDocument>
  );
  return stream(c, page, { status, headers: withRobots(headers, robots), nonce });
}

/** What the request fills in of every document. */
function filled(c: Ctx, robots: string, nonce: string) {
  const url = c.get("url");
  return {
    url,
    origin: c.get("config").siteUrl ?? url.origin,
    robots,
    logger: c.get("logger"),
    nonce,
    year: new Date(c.get("now")()).getUTCFullYear(),
    doubleOptIn: c.get("config").doubleOptIn,
  };
}

/** The caller's headers as one record, handed to the Response once; names in lower case, as a Headers object would match them. */
function lowerCased(headers: Record<string, string> = {}): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) record[name.toLowerCase()] = value;
  return record;
}

function withRobots(headers: Record<string, string>, robots: string): Record<string, string> {
  if (robots !== "index,follow") headers["x-robots-tag"] = robots.replace(",", ", ");
  return headers;
}

/** Streams the document; the request's answer is out when its body is (the content layer's checks wait for that). */
async function stream(c: Ctx, page: ReactNode, options: Pick<StreamOptions, "status" | "headers" | "nonce" | "splice">) {
  const started = performance.now();
  const timing = c.get("timing");
  const { response, sent } = await streamHtml(page, { ...options, logger: c.get("logger"), complete: c.get("isBot") });
  // Hono answers a HEAD with the GET's headers and drops its body unread: cancelled here, the
  // render stops and the answer counts as sent
  if (c.req.method === "HEAD") await response.body?.cancel();
  c.get("answer").streams(sent);
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
    const now = c.get("now")();
    const [loaded, index, gone] = await Promise.all([
      loadTheme(content, "published", lang),
      content.pageIndex(),
      goneAt(content, now, logger),
    ]);
    theme = localisedPublished(loaded.value, lang, index, gone);
    if (loaded.cv !== undefined) parts = requestParts(c.get("htmlMemo"), { cv: loaded.cv, gone: goneKey(gone), lang }, now);
  } catch (error) {
    logger.error("theme.unavailable", { error });
  }
  const t = dictionary(lang);
  // a valid visual-editor link asked (pages.tsx): the editor's answer, framed in the app, never stored
  const respond = c.get("editor") ? streamEditorScreen : streamVisitorPage;
  return respond(c, {
    status,
    theme,
    lang,
    title: status === 404 ? t.error.notFoundTitle : status === 410 ? t.error.goneTitle : t.error.errorTitle,
    body: <ErrorScreen status={status} message={message} />,
    headers: { ...headers, "Cache-Control": "no-store" },
    noindex: true,
    canonical: false,
    parts,
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
