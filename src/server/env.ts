import { MIN_KEY_LENGTH } from "../shared/subscriber-pseudonym";
import { SITEVERIFY_URL, type TurnstileSettings } from "./newsletter/turnstile";

/**
 * Typed bindings and settings. `Env` (bindings and vars) is generated from wrangler.toml by
 * `wrangler types`; secrets are declared here because wrangler.toml never holds them.
 */
export interface Secrets {
  /** Storyblok public (published) access token. Unset: the embedded content snapshot is used. */
  STORYBLOK_TOKEN?: string;
  /** Storyblok preview access token (draft content). */
  STORYBLOK_PREVIEW_TOKEN?: string;
  /** Storyblok OAuth token; lowers the request budget to 3/s as the spec requires. */
  STORYBLOK_OAUTH_TOKEN?: string;
  /** Storyblok API region host, e.g. api.storyblok.com (default) or api-us.storyblok.com. */
  STORYBLOK_API_HOST?: string;
  /** Canonical origin of the site, e.g. https://www.koraal.nl. Unset: the request's origin. */
  SITE_URL?: string;
  /** HubSpot portal (account) id: with HUBSPOT_FORM_GUID, signups go to that form (Forms API v3). */
  HUBSPOT_PORTAL_ID?: string;
  /** HubSpot form GUID, with HUBSPOT_PORTAL_ID. */
  HUBSPOT_FORM_GUID?: string;
  /** HubSpot private-app token (scope crm.objects.contacts.write): signups become contacts (CRM API). */
  HUBSPOT_TOKEN?: string;
  /**
   * Origin of HubSpot's APIs, e.g. http://127.0.0.1:8790 for the local stand-in (`npm run
   * hubspot:local`). Unset: HubSpot's own (api.hsforms.com for forms, api.hubapi.com for the rest).
   */
  HUBSPOT_API_ORIGIN?: string;
  /**
   * Id of the HubSpot subscription type (communication) the newsletter is: signups consent to it
   * (form) or are subscribed to it with their consent as legal basis (CRM token).
   */
  HUBSPOT_SUBSCRIPTION_TYPE_ID?: string;
  /**
   * `true` when the HubSpot form (or subscription) sends a confirmation email first (double opt-in):
   * a signup's success message then asks the visitor to confirm from their inbox. Unset: `false`.
   */
  HUBSPOT_DOUBLE_OPT_IN?: string;
  /** Secret of the Storyblok webhook; unset: every webhook call is refused. */
  STORYBLOK_WEBHOOK_SECRET?: string;
  /** Numeric id of the Storyblok space: preview links for another space are refused. */
  STORYBLOK_SPACE_ID?: string;
  /** Google Tag Manager container id (GTM-XXXXXXX). Unset: no tag manager. */
  GTM_ID?: string;
  /** Cookiebot domain group id (a UUID): the cookie-consent banner. Unset: no consent banner, and no tracking. */
  COOKIE_CONSENT_ID?: string;
  /** Leadinfo site id (LI-XXXXXXXXXX): B2B sales tracking, loaded after marketing consent. Unset: none. */
  SALES_TRACKING_ID?: string;
  /**
   * Where field measurements (Core Web Vitals beacons) are written: `analytics-engine` (unset: the
   * `VITALS` dataset) or `d1`, the local store that local runs set (tools/local/local-worker.ts
   * `LOCAL_VARS`), since wrangler dev's Analytics Engine binding drops every write.
   */
  VITALS_STORE?: string;
  /**
   * The key of the subscribers' pseudonyms (HMAC, src/shared/subscriber-pseudonym.ts), at least 32
   * characters: required in every deployed environment (wrangler.toml `secrets.required`); local
   * runs get a fixed, public, local-only one (tools/local/local-worker.ts `LOCAL_VARS`). Unset:
   * signups are refused (503) and the outbox is left alone, since nothing could be stored keyed.
   */
  SUBSCRIBER_HASH_KEY?: string;
  /**
   * Host names (comma-separated, exact) where `/api/content-health` answers without a signed
   * request, e.g. a staging host the editors use. Unset: none; a signed request works anywhere.
   */
  CONTENT_HEALTH_HOSTS?: string;
  /** Cloudflare Turnstile widget's site key (public, a var): the widget on the newsletter form. */
  TURNSTILE_SITE_KEY?: string;
  /** Turnstile's secret key (required when deployed): Siteverify checks every token with it. */
  TURNSTILE_SECRET_KEY?: string;
  /** Where Siteverify is: unset, Cloudflare's; locally the stand-in (tests/stand-ins/turnstile/). */
  TURNSTILE_VERIFY_URL?: string;
  /** The key before the last rotation: lookups try it too, the cron re-keys what it can (decision 028). */
  SUBSCRIBER_HASH_KEY_PREVIOUS?: string;
}

export type AppEnv = Env & Secrets;

/** Where newsletter signups are delivered; no target: they are kept in D1 only. */
export type HubSpotTarget = ({ kind: "forms"; portalId: string; formGuid: string } | { kind: "crm"; token: string }) & {
  /** One origin for every HubSpot API (a stand-in); undefined: HubSpot's own origins. */
  apiOrigin?: string;
  /** The newsletter's subscription type; undefined: only consent to process is passed on. */
  subscriptionTypeId?: number;
};

/** The keys of the subscribers' pseudonyms: the current one, and the one before a rotation. */
export interface SubscriberKeys {
  current: string;
  previous?: string;
}

/** HubSpot's GDPR delete (erasure requests), which needs the private-app token whatever the delivery target. */
export interface HubSpotGdprAccess {
  token: string;
  apiOrigin?: string;
}

/** Third-party scripts, each off when its setting is unset. */
export interface ThirdPartyConfig {
  gtmId?: string;
  cookieConsentId?: string;
  salesTrackingId?: string;
  /** The Turnstile widget's site key, when the bot check is on (a secret key too): the signup form's widget. */
  turnstileSiteKey?: string;
  /** Where the widget's script is: `api.js` beside TURNSTILE_VERIFY_URL (Cloudflare's, or the stand-in's). */
  turnstileScript?: string;
}

export interface Config {
  storyblok:
    | { kind: "storyblok"; token: string; previewToken?: string; spaceId?: number; oauth: boolean; apiHost: string }
    | { kind: "embedded" };
  previewHostMarker: string;
  /** Where the content-health listing is open without a signature (CONTENT_HEALTH_HOSTS): exact host names. */
  contentHealthHosts: string[];
  siteUrl?: string;
  logLevel: "debug" | "info" | "warn" | "error";
  /**
   * Which fraction (0 to 1) of requests writes our own `request` log line when nothing went wrong;
   * a request that logged a warning or an error, or answered 5xx, always writes it. Cloudflare's
   * invocation logs are off (`[observability.logs]` in wrangler.toml, issue 53).
   */
  requestLogSampleRate: number;
  hubspot?: HubSpotTarget;
  /** HubSpot confirms each signup by email first (HUBSPOT_DOUBLE_OPT_IN): the success message says so. */
  doubleOptIn: boolean;
  /** Where erasure requests are carried out in HubSpot; unset: they wait (listed by `--erasures`). */
  hubspotGdpr?: HubSpotGdprAccess;
  /** Unset: SUBSCRIBER_HASH_KEY is missing, and the newsletter keeps nothing (a notice says so). */
  subscriberKeys?: SubscriberKeys;
  /** Unset: TURNSTILE_SECRET_KEY is missing (only locally: deploys require it); no bot check, the per-client limit alone. */
  turnstile?: TurnstileSettings;
  webhookSecret?: string;
  thirdParty: ThirdPartyConfig;
  /** Where field measurements go (src/server/vitals/dataset.ts). */
  vitalsStore: VitalsStore;
  /** Settings that do not stop the Worker but are almost certainly mistakes: logged as errors once. */
  notices: string[];
}

/**
 * A Storyblok setting without the access token means content cannot come from Storyblok: the
 * spec's "missing content access token" error. The site then serves the embedded snapshot.
 */
export function tokenNotices(env: Secrets): string[] {
  if (env.STORYBLOK_TOKEN?.trim()) return [];
  if (env.STORYBLOK_TOKEN !== undefined) return ["STORYBLOK_TOKEN is set but empty: serving the embedded content snapshot"];
  const dependent = (["STORYBLOK_PREVIEW_TOKEN", "STORYBLOK_OAUTH_TOKEN", "STORYBLOK_API_HOST"] as const).filter((name) => env[name]);
  return dependent.length ? [`${dependent.join(", ")} set without STORYBLOK_TOKEN: serving the embedded content snapshot`] : [];
}

/** The pseudonym keys, a notice when there is none, a problem when one is too short to protect anything. */
function readSubscriberKeys(env: Secrets, problems: string[], notices: string[]): SubscriberKeys | undefined {
  const current = env.SUBSCRIBER_HASH_KEY?.trim();
  const previous = env.SUBSCRIBER_HASH_KEY_PREVIOUS?.trim() || undefined;
  for (const [name, key] of [
    ["SUBSCRIBER_HASH_KEY", current],
    ["SUBSCRIBER_HASH_KEY_PREVIOUS", previous],
  ] as const) {
    if (key && key.length < MIN_KEY_LENGTH)
      problems.push(`${name} must be at least ${MIN_KEY_LENGTH} characters (e.g. openssl rand -hex 32)`);
  }
  if (!current) {
    notices.push(
      "SUBSCRIBER_HASH_KEY is not set: newsletter signups are refused (503) until it is (wrangler secret put SUBSCRIBER_HASH_KEY)",
    );
    return undefined;
  }
  return { current, previous };
}

/** Turnstile's settings: on with a secret key; the verify URL must be an http(s) URL. */
function readTurnstile(env: Secrets, problems: string[], notices: string[]): TurnstileSettings | undefined {
  const secret = env.TURNSTILE_SECRET_KEY?.trim();
  const siteKey = env.TURNSTILE_SITE_KEY?.trim() || undefined;
  const verifyUrl = env.TURNSTILE_VERIFY_URL?.trim() || SITEVERIFY_URL;
  if (!/^https?:\/\/[^/]+\/\S*$/.test(verifyUrl))
    problems.push("TURNSTILE_VERIFY_URL must be an http(s) URL such as http://127.0.0.1:8791/siteverify");
  if (siteKey && !/^[\w-]{10,64}$/.test(siteKey)) problems.push("TURNSTILE_SITE_KEY must be a Turnstile site key such as 0x4AAAAAAA...");
  // what a deploy refuses (secrets.required), said where it can still happen: a local run, a key removed by hand
  if (secret && !siteKey)
    notices.push(
      "TURNSTILE_SITE_KEY is not set while TURNSTILE_SECRET_KEY is: the form has no Turnstile widget, so every signup falls under the tokenless limit (2 per visitor, 30 for the whole site, then 1 per 2 minutes)",
    );
  // off without the secret: only ever so on this machine (a deploy without it is refused: secrets.required)
  return secret ? { siteKey, secret, verifyUrl } : undefined;
}

/** HubSpot's GDPR delete needs the private-app token whatever the delivery target: without it erasures wait. */
function readHubSpotGdpr(env: Secrets, target: HubSpotTarget | undefined, notices: string[]): HubSpotGdprAccess | undefined {
  const token = env.HUBSPOT_TOKEN?.trim();
  if (target && !token)
    notices.push(
      "HUBSPOT_TOKEN is not set: erasure requests cannot reach HubSpot's GDPR delete and wait (npm run subscribers -- --erasures)",
    );
  return token ? { token, apiOrigin: target?.apiOrigin ?? (env.HUBSPOT_API_ORIGIN?.trim() || undefined) } : undefined;
}

/** The HubSpot settings: where signups go, or the problems with them. */
function readHubSpot(env: Secrets): { target?: HubSpotTarget; problems: string[] } {
  const problems: string[] = [];
  const portalId = env.HUBSPOT_PORTAL_ID?.trim();
  const formGuid = env.HUBSPOT_FORM_GUID?.trim();
  if (Boolean(portalId) !== Boolean(formGuid)) problems.push("HUBSPOT_PORTAL_ID and HUBSPOT_FORM_GUID must be set together");
  if (portalId && !/^\d+$/.test(portalId)) problems.push("HUBSPOT_PORTAL_ID must be the numeric portal id");
  if (formGuid && !UUID.test(formGuid)) problems.push("HUBSPOT_FORM_GUID must be a form GUID");
  const apiOrigin = env.HUBSPOT_API_ORIGIN?.trim() || undefined;
  if (apiOrigin && !/^https?:\/\/[^/]+$/.test(apiOrigin))
    problems.push("HUBSPOT_API_ORIGIN must be an origin such as http://127.0.0.1:8790 (no path, no trailing slash)");
  const subscriptionType = env.HUBSPOT_SUBSCRIPTION_TYPE_ID?.trim();
  if (subscriptionType && !/^\d+$/.test(subscriptionType))
    problems.push("HUBSPOT_SUBSCRIPTION_TYPE_ID must be the numeric subscription type id");
  const common = { apiOrigin, subscriptionTypeId: subscriptionType ? Number(subscriptionType) : undefined };
  const token = env.HUBSPOT_TOKEN?.trim();
  // The form wins when both are set: it records the consent context (page URI) with the signup.
  if (portalId && formGuid) return { target: { kind: "forms", portalId, formGuid, ...common }, problems };
  return { target: token ? { kind: "crm", token, ...common } : undefined, problems };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export const VITALS_STORES = ["analytics-engine", "d1"] as const;
export type VitalsStore = (typeof VITALS_STORES)[number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads and validates the settings once per isolate; names every missing or malformed one. */
export function readConfig(env: AppEnv): Config {
  const problems: string[] = [];
  if (!env.CONTENT_CACHE) problems.push("CONTENT_CACHE (KV namespace binding) is missing");
  if (!env.ASSETS) problems.push("ASSETS (static assets binding) is missing");
  const logLevel = (env.LOG_LEVEL || "info") as Config["logLevel"];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  const requestLogSampleRate = Number(env.REQUEST_LOG_SAMPLE_RATE?.trim() || "0");
  if (!(requestLogSampleRate >= 0 && requestLogSampleRate <= 1)) problems.push("REQUEST_LOG_SAMPLE_RATE must be a number from 0 to 1");
  if (env.SITE_URL && !/^https?:\/\/[^/]+$/.test(env.SITE_URL)) {
    problems.push("SITE_URL must be an origin such as https://www.example.nl (no path, no trailing slash)");
  }
  if (!env.DB) problems.push("DB (D1 database binding, newsletter outbox) is missing");
  if (!env.SIGNUP_LIMITER) problems.push("SIGNUP_LIMITER (Durable Object binding, newsletter rate limit) is missing");
  const hubspot = readHubSpot(env);
  problems.push(...hubspot.problems);
  const doubleOptIn = env.HUBSPOT_DOUBLE_OPT_IN?.trim() || "false";
  if (doubleOptIn !== "true" && doubleOptIn !== "false") problems.push("HUBSPOT_DOUBLE_OPT_IN must be true or false");
  const vitalsStore = vitalsStoreOf(env, problems);
  const spaceId = env.STORYBLOK_SPACE_ID?.trim();
  if (spaceId && !/^\d+$/.test(spaceId)) problems.push("STORYBLOK_SPACE_ID must be the numeric space id");
  const notices = tokenNotices(env);
  const subscriberKeys = readSubscriberKeys(env, problems, notices);
  const hubspotGdpr = readHubSpotGdpr(env, hubspot.target, notices);
  const turnstile = readTurnstile(env, problems, notices);
  const thirdParty = readThirdParty(env, turnstile, problems);
  if (problems.length) throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);

  const token = env.STORYBLOK_TOKEN?.trim();
  return {
    storyblok: token
      ? {
          kind: "storyblok",
          token,
          previewToken: env.STORYBLOK_PREVIEW_TOKEN?.trim() || undefined,
          spaceId: spaceId ? Number(spaceId) : undefined,
          oauth: Boolean(env.STORYBLOK_OAUTH_TOKEN),
          apiHost: env.STORYBLOK_API_HOST?.trim() || "api.storyblok.com",
        }
      : { kind: "embedded" },
    previewHostMarker: env.PREVIEW_HOST_MARKER || "workers.dev",
    contentHealthHosts: (env.CONTENT_HEALTH_HOSTS ?? "").split(",").flatMap((host) => host.trim().toLowerCase() || []),
    siteUrl: env.SITE_URL,
    logLevel,
    requestLogSampleRate,
    hubspot: hubspot.target,
    doubleOptIn: doubleOptIn === "true",
    hubspotGdpr,
    subscriberKeys,
    turnstile,
    webhookSecret: env.STORYBLOK_WEBHOOK_SECRET || undefined,
    vitalsStore,
    thirdParty,
    notices,
  };
}

/** The third-party scripts' ids (they end up in inline scripts: only their documented shapes are accepted) and Turnstile's widget. */
function readThirdParty(env: Secrets, turnstile: TurnstileSettings | undefined, problems: string[]): ThirdPartyConfig {
  const gtmId = env.GTM_ID?.trim();
  if (gtmId && !/^GTM-[A-Z0-9]{4,12}$/.test(gtmId)) problems.push("GTM_ID must be a Tag Manager container id such as GTM-ABC1234");
  const cookieConsentId = env.COOKIE_CONSENT_ID?.trim();
  if (cookieConsentId && !UUID.test(cookieConsentId)) problems.push("COOKIE_CONSENT_ID must be a Cookiebot domain group id (a UUID)");
  const salesTrackingId = env.SALES_TRACKING_ID?.trim();
  if (salesTrackingId && !/^LI-[A-Z0-9]{6,20}$/.test(salesTrackingId))
    problems.push("SALES_TRACKING_ID must be a Leadinfo site id such as LI-6AB12CD34EF56");
  return {
    gtmId: gtmId || undefined,
    cookieConsentId: cookieConsentId || undefined,
    salesTrackingId: salesTrackingId || undefined,
    turnstileSiteKey: turnstile?.siteKey,
    // the widget's script beside Siteverify, as Cloudflare has them (the stand-in serves both too)
    turnstileScript: turnstile?.siteKey ? new URL("api.js", turnstile.verifyUrl).href : undefined,
  };
}

/** Where field measurements go, and the bindings that needs (problems named into `problems`). */
function vitalsStoreOf(env: AppEnv, problems: string[]): VitalsStore {
  const store = (env.VITALS_STORE?.trim() || "analytics-engine") as VitalsStore;
  if (!VITALS_STORES.includes(store)) problems.push(`VITALS_STORE must be one of ${VITALS_STORES.join(", ")}`);
  if (store === "analytics-engine" && !env.VITALS)
    problems.push("VITALS (Analytics Engine dataset binding, field measurements) is missing");
  if (!env.VITALS_CLIENT_LIMIT || !env.VITALS_SITE_LIMIT)
    problems.push("VITALS_CLIENT_LIMIT and VITALS_SITE_LIMIT (rate limit bindings, field measurements) are missing");
  return store;
}
