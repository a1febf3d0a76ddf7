import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { deliveryFetch, type NewsletterDeps } from "../newsletter/cron";
import { HUBSPOT_TIMEOUT_MS } from "../newsletter/hubspot";
import { dictionary, isLang, langOfPath, type Lang } from "../../shared/i18n";
import {
  NEWSLETTER_API_PATH,
  NEWSLETTER_FIELDS,
  NEWSLETTER_FORM_PATH,
  NEWSLETTER_OUTCOME,
  outcomeText,
  type SignupOutcomeView,
  successOutcome,
  TURNSTILE_FIELD,
} from "../../shared/newsletter";
import { consentText, type ConsentText } from "../newsletter/consent";
import { redactEmails } from "../newsletter/privacy";
import { COOKIEBOT_CONSENT_COOKIE, HUBSPOT_TRACKING_COOKIE, consentedHutk } from "../newsletter/tracking-cookie";
import { loadTheme } from "../content/theme";
import { signup, type SignupDeps, type SignupOutcome } from "../newsletter/signup";
import { verifyTurnstile } from "../newsletter/turnstile";
import { hasControlCharacter } from "../middleware/path-guard";
import type { AppBindings } from "../request-context";
import { decodeUtf8, jsonMessage, mediaType, parseJsonObject, readLimitedBody } from "./api-request";

export const MAX_JSON_BYTES = 1024;
/** The form also carries returnPath, which can be as long as a path may be. */
export const MAX_FORM_BYTES = 8 * 1024;

type ApiContext = Context<AppBindings>;

export function createNewsletterRoutes(deps: NewsletterDeps = {}) {
  const routes = new Hono<AppBindings>();
  const now = deps.now ?? (() => Date.now());

  const signupDeps = (c: ApiContext): SignupDeps => ({
    db: c.env.DB,
    limiter: c.env.SIGNUP_LIMITER,
    keys: c.get("config").subscriberKeys,
    target: c.get("config").hubspot,
    fetch: deliveryFetch(deps),
    timeoutMs: deps.hubspotTimeoutMs ?? HUBSPOT_TIMEOUT_MS,
    now,
    logger: c.get("logger"),
    defer: (promise) => c.executionCtx.waitUntil(promise),
    verify: turnstileCheck(c, deps),
  });

  routes.post(NEWSLETTER_API_PATH, (c) => apiSignup(c, signupDeps));
  routes.post(NEWSLETTER_FORM_PATH, (c) => formSignup(c, signupDeps));
  for (const path of [NEWSLETTER_API_PATH, NEWSLETTER_FORM_PATH]) {
    routes.all(path, (c) => jsonMessage(c, 405, dictionary(refererLang(c)).newsletter.methodNotAllowed, { Allow: "POST" }));
  }
  // Whatever else goes wrong is still answered as JSON, never as the HTML error page.
  routes.onError((error, c) => {
    c.get("logger").error("newsletter.request_failed", {
      error: redactEmails(error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
    });
    return jsonMessage(c, 500, dictionary(refererLang(c)).newsletter.unavailable);
  });
  return routes;
}

/** Siteverify for this request, or none while Turnstile is off (no secret key). */
function turnstileCheck(c: ApiContext, deps: NewsletterDeps): SignupDeps["verify"] {
  const settings = c.get("config").turnstile;
  if (!settings) return undefined;
  const remoteIp = c.req.header("cf-connecting-ip");
  return (token) => verifyTurnstile(token, { settings, fetch: deps.turnstileFetch ?? ((input, init) => fetch(input, init)), remoteIp });
}

/** The JSON API (the enhanced form's fetch): the outcome as a message in the signup's language. */
async function apiSignup(c: ApiContext, signupDeps: (c: ApiContext) => SignupDeps): Promise<Response> {
  // Until the body is read, the answer is in the language of the page it came from.
  let t = dictionary(refererLang(c));
  if (isCrossSite(c)) return jsonMessage(c, 403, t.newsletter.crossSite);
  const { type, charset } = mediaType(c.req.header("content-type"));
  if (type !== "application/json" || (charset && charset !== "utf-8")) return jsonMessage(c, 415, t.newsletter.unsupportedType);
  const body = await readLimitedBody(c.req.raw, MAX_JSON_BYTES);
  if (body === "too-large") return jsonMessage(c, 413, t.newsletter.tooLarge);
  const fields = parseJsonObject(body);
  if (!fields) return jsonMessage(c, 400, t.newsletter.badRequest);
  const language = signupLang(fields[NEWSLETTER_FIELDS.language], refererLang(c));
  t = dictionary(language);
  if (typeof fields[NEWSLETTER_FIELDS.email] !== "string") return jsonMessage(c, 400, t.newsletter.invalidEmail);

  const outcome = await signup(signupDeps(c), {
    email: fields[NEWSLETTER_FIELDS.email] as string,
    honeypot: isFilled(fields[NEWSLETTER_FIELDS.honeypot]),
    pageUri: refererPage(c),
    language,
    clientIp: c.req.header("cf-connecting-ip"),
    hutk: signupHutk(c),
    turnstileToken: tokenField(fields[TURNSTILE_FIELD]),
    consent: () => shownConsent(c, language),
  });
  const view = outcomeView(outcome, c.get("config").doubleOptIn);
  const text = outcomeText(view, t.newsletter);
  switch (view.kind) {
    case "subscribed":
    case "confirm":
      return jsonMessage(c, 201, text);
    case "invalid":
      return jsonMessage(c, 400, text);
    case "refused":
      return jsonMessage(c, 403, text);
    case "rate-limited":
      return jsonMessage(c, 429, text, { "Retry-After": String(view.retryAfterSeconds) });
    case "unavailable":
      return jsonMessage(c, 503, text, { "Retry-After": "60" });
  }
}

/** What the visitor is told of a signup, with or without JavaScript (src/shared/newsletter.ts words it). */
function outcomeView(outcome: SignupOutcome, doubleOptIn: boolean): SignupOutcomeView {
  if (outcome.kind === "subscribed") return successOutcome(doubleOptIn);
  return outcome;
}

/** The plain form post (no JavaScript): back to the page it came from, the outcome in its address. */
async function formSignup(c: ApiContext, signupDeps: (c: ApiContext) => SignupDeps): Promise<Response> {
  const t = dictionary(refererLang(c));
  if (isCrossSite(c)) return jsonMessage(c, 403, t.newsletter.crossSite);
  const contentType = c.req.header("content-type");
  const { type } = mediaType(contentType);
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data")
    return jsonMessage(c, 415, t.newsletter.unsupportedFormType);
  const body = await readLimitedBody(c.req.raw, MAX_FORM_BYTES);
  if (body === "too-large") return jsonMessage(c, 413, t.newsletter.tooLarge);
  const form = await parseForm(body, type, contentType ?? "");

  const returnPath = safeReturnPath(form.get(NEWSLETTER_FIELDS.returnPath));
  const returnPathname = new URL(returnPath, "http://x").pathname;
  const language = signupLang(form.get(NEWSLETTER_FIELDS.language), langOfPath(returnPathname));
  const outcome = await signup(signupDeps(c), {
    email: form.get(NEWSLETTER_FIELDS.email) ?? "",
    honeypot: isFilled(form.get(NEWSLETTER_FIELDS.honeypot)),
    pageUri: `${siteOrigin(c)}${returnPathname}`,
    language,
    clientIp: c.req.header("cf-connecting-ip"),
    hutk: signupHutk(c),
    turnstileToken: tokenField(form.get(TURNSTILE_FIELD)),
    consent: () => shownConsent(c, language),
  });
  const view = outcomeView(outcome, c.get("config").doubleOptIn);
  return c.body(null, 303, { Location: outcomeLocation(returnPath, view), "Cache-Control": "no-store" });
}

/**
 * The consent text the footer shows in `language`: the published theme's, as every visitor's page
 * renders it, the built-in one where the editors' is missing (logged: content health reports it as
 * an error). (A text published between the page's render and its signup is the one recorded: the
 * window is as short as the visitor's pause, and the record names the version it kept.)
 */
async function shownConsent(c: ApiContext, language: Lang): Promise<ConsentText | undefined> {
  const { value: theme } = await loadTheme(c.get("content"), "published", language);
  const { doc, fallback } = theme.newsletterConsent;
  if (fallback) c.get("logger").warn("newsletter.consent_fallback", { language, reason: fallback });
  return consentText(doc, language);
}

/** HubSpot's tracking cookie of this visitor, when the site's consent banner says marketing cookies are accepted. */
function signupHutk(c: ApiContext): string | undefined {
  return consentedHutk(
    { consent: getCookie(c, COOKIEBOT_CONSENT_COOKIE), hubspotutk: getCookie(c, HUBSPOT_TRACKING_COOKIE) },
    Boolean(c.get("config").thirdParty.cookieConsentId),
  );
}

/**
 * Back to the page with the outcome, in the words of the page's language (the footer there reads
 * them): `/en/contact?newsletter=subscribed#newsletter`, a rate limit with its wait
 * (`?nieuwsbrief=te-vaak&wacht=30`), so the page words it as the API does. An outcome already in the address, in
 * either language, makes way for this one.
 */
export function outcomeLocation(returnPath: string, outcome: SignupOutcomeView): string {
  const target = new URL(returnPath, "http://x");
  for (const words of Object.values(NEWSLETTER_OUTCOME)) for (const name of [words.param, words.wait]) target.searchParams.delete(name);
  const { param, wait, codes, anchor } = NEWSLETTER_OUTCOME[langOfPath(target.pathname)];
  target.searchParams.set(param, codes[outcome.kind]);
  if (outcome.kind === "rate-limited") target.searchParams.set(wait, String(outcome.retryAfterSeconds));
  target.hash = anchor;
  return `${target.pathname}${target.search}${target.hash}`;
}

/** Form fields as strings; a body that is not a readable form counts as an empty one. */
async function parseForm(
  body: Uint8Array<ArrayBuffer>,
  type: string,
  contentType: string,
): Promise<{ get(name: string): string | undefined }> {
  const text = decodeUtf8(body) ?? "";
  if (type === "application/x-www-form-urlencoded") {
    const params = new URLSearchParams(text);
    return { get: (name) => params.get(name) ?? undefined };
  }
  try {
    const data = await new Response(body, { headers: { "content-type": contentType } }).formData();
    return { get: (name) => (typeof data.get(name) === "string" ? (data.get(name) as string) : undefined) };
  } catch {
    return { get: () => undefined };
  }
}

/** A token field as sent: a string, or none (anything else is no token a widget wrote). */
function tokenField(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function isFilled(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "" && value !== false;
}

/** Only a path on this site: "/..." but not "//host" or "/\host", which browsers read as another host. */
export function safeReturnPath(value: string | undefined): string {
  if (!value || value.length > 2048 || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (hasControlCharacter(value) || value.includes("\\")) return "/";
  const url = new URL(value, "http://x");
  if (url.origin !== "http://x") return "/";
  // Dot segments can still resolve to "//host" ("/.//evil.example" is "//evil.example"): the path
  // that goes back into Location must be the resolved one, with its leading slashes collapsed.
  return url.pathname.replace(/^\/{2,}/, "/") + url.search;
}

function siteOrigin(c: ApiContext): string {
  return c.get("config").siteUrl ?? c.get("url").origin;
}

/** Same origin only: a browser on another site says so in Origin or Sec-Fetch-Site. */
function isCrossSite(c: ApiContext): boolean {
  if (c.req.header("sec-fetch-site") === "cross-site") return true;
  const origin = c.req.header("origin");
  return origin !== undefined && origin !== c.get("url").origin && origin !== c.get("config").siteUrl;
}

/**
 * The signup's language: the page's `language` field when it names one we have; else (an old
 * page, a hand-made request) the language of the page it came from.
 */
function signupLang(field: unknown, fallback: Lang): Lang {
  return isLang(field) ? field : fallback;
}

/** The language of the page this request came from (Referer on this site), else Dutch. */
function refererLang(c: ApiContext): Lang {
  const page = refererPage(c);
  return langOfPath(page ? new URL(page).pathname : "/");
}

/** The longest Referer the consent context is taken from; anything longer is no page of this site. */
export const MAX_PAGE_URI_BYTES = 2048;

/** The page the JSON API was called from (consent context): path only, this site only, at most 2 KB. */
function refererPage(c: ApiContext): string | null {
  const referer = c.req.header("referer");
  if (!referer || referer.length > MAX_PAGE_URI_BYTES) return null;
  try {
    const url = new URL(referer);
    if (url.origin !== c.get("url").origin && url.origin !== c.get("config").siteUrl) return null;
    const pageUri = `${siteOrigin(c)}${url.pathname}`;
    return pageUri.length <= MAX_PAGE_URI_BYTES ? pageUri : null;
  } catch {
    return null;
  }
}
