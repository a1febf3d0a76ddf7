import type { HubSpotTarget, SubscriberKeys } from "../env";
import type { Logger } from "../../shared/log";
import { isValidEmail, normaliseEmail } from "../../shared/email";
import type { Lang } from "../../shared/i18n/lang";
import { deliverNow } from "./delivery";
import { CHECKED, clientKey, TOKENLESS, TOKENLESS_SITE, TOKENLESS_SITE_KEY, type Policy, type SignupLimiter, type Take } from "./limiter";
import type { Verdict } from "./turnstile";
import type { ConsentText } from "./consent";
import { storeSubscriber } from "./outbox";
import { logHash, redactEmails } from "./privacy";
import { keyId, subscriberPseudonym } from "../../shared/subscriber-pseudonym";

export interface SignupDeps {
  db: D1Database;
  limiter: DurableObjectNamespace<SignupLimiter>;
  /** The pseudonym key; unset (SUBSCRIBER_HASH_KEY missing): nothing is kept, the signup is answered 503. */
  keys: SubscriberKeys | undefined;
  /** Unset: signups are kept in D1 only (status 'stored'). */
  target?: HubSpotTarget;
  fetch: typeof fetch;
  timeoutMs: number;
  now: () => number;
  logger: Logger;
  /** Runs work after the answer (ctx.waitUntil). */
  defer: (promise: Promise<unknown>) => void;
  /** Asks Siteverify about the signup's Turnstile token; undefined: Turnstile is off (no token is asked for). */
  verify?: (token: string | undefined) => Promise<Verdict>;
}

export interface SignupRequest {
  email: string;
  /** The honeypot field was filled in: a bot. Answered like a person, then dropped. */
  honeypot: boolean;
  /** Consent context: the page the visitor signed up on (same site only). */
  pageUri: string | null;
  /** The language of the page signed up on: stored, and passed to HubSpot where the API allows. */
  language: Lang;
  /** HubSpot's tracking cookie, only when the visitor accepted marketing cookies (./tracking-cookie.ts). */
  hutk?: string;
  /** CF-Connecting-IP, hashed into the rate-limit key. */
  clientIp?: string;
  /** The Turnstile widget's token (`cf-turnstile-response`), when the page's widget ran. */
  turnstileToken?: string;
  /** The consent text shown beside the form in `language`; read only for a signup that is kept. */
  consent: () => Promise<ConsentText | undefined>;
}

export type SignupOutcome =
  | { kind: "subscribed" }
  | { kind: "invalid" }
  | { kind: "rate-limited"; retryAfterSeconds: number }
  /** Siteverify refused the Turnstile token (forged, expired, replayed): nothing is stored. */
  | { kind: "refused" }
  /** Not stored: the outbox failed (or, which the built-in consent text rules out, there was no text to record). */
  | { kind: "unavailable" };

/**
 * The one signup of both entry points (the JSON API and the no-JS form): validate with the shared
 * rule, rate limit per client, drop honeypot hits, store in the outbox, answer; delivery to
 * HubSpot starts after the answer. A repeat signup is a success and stays one row.
 */
export async function signup(deps: SignupDeps, request: SignupRequest): Promise<SignupOutcome> {
  const trimmed = request.email.trim();
  if (!isValidEmail(trimmed)) return { kind: "invalid" };
  const email = normaliseEmail(trimmed);

  const take = await admit(deps, request);
  if (take === "refused") return { kind: "refused" };
  if (!take.allowed) {
    deps.logger.info("newsletter.rate_limited", { retryAfterSeconds: take.retryAfterSeconds });
    return { kind: "rate-limited", retryAfterSeconds: take.retryAfterSeconds };
  }
  if (request.honeypot) {
    deps.logger.info("newsletter.honeypot");
    return { kind: "subscribed" };
  }

  if (!deps.keys) {
    deps.logger.error("newsletter.key_missing", { message: "SUBSCRIBER_HASH_KEY is not set: the signup is not kept" });
    return { kind: "unavailable" };
  }
  const hash = await subscriberPseudonym(deps.keys.current, email);
  const log = deps.logger.with({ emailHash: logHash(hash) });
  let stored: Awaited<ReturnType<typeof storeSubscriber>>;
  try {
    // No text shown, no consent to demonstrate (src/shared/newsletter-consent.ts always gives one)
    const consent = await request.consent();
    if (!consent) {
      log.error("newsletter.consent_unavailable", { language: request.language });
      return { kind: "unavailable" };
    }
    stored = await storeSubscriber(deps.db, {
      consent,
      email,
      emailHash: hash,
      hashKey: await keyId(deps.keys.current),
      pageUri: request.pageUri,
      language: request.language,
      hutk: request.hutk,
      status: deps.target ? "pending" : "stored",
      now: deps.now(),
    });
  } catch (error) {
    log.error("newsletter.store_failed", { error: redactEmails(error instanceof Error ? error.message : String(error)) });
    return { kind: "unavailable" };
  }
  if (!stored) {
    log.info("newsletter.duplicate");
    return { kind: "subscribed" };
  }
  log.info("newsletter.stored", { status: stored.status });
  if (deps.target && stored.status === "pending") {
    deps.defer(
      deliverNow(
        { db: deps.db, target: deps.target, fetch: deps.fetch, timeoutMs: deps.timeoutMs, now: deps.now, logger: deps.logger },
        stored.id,
      ),
    );
  }
  return { kind: "subscribed" };
}

/**
 * The bot check, then the limit it leads to: a token Siteverify passed (or Turnstile off, never so
 * when deployed: secrets.required) the per-client limit; no token, or Siteverify down, the
 * tokenless door; a refused token nothing at all.
 */
async function admit(deps: SignupDeps, request: SignupRequest): Promise<Take | "refused"> {
  const verdict = deps.verify ? await deps.verify(request.turnstileToken) : ({ kind: "passed" } as const);
  if (verdict.kind === "refused") {
    deps.logger.info("newsletter.challenge_refused", { codes: verdict.codes });
    return "refused";
  }
  if (verdict.kind === "unavailable") deps.logger.warn("newsletter.challenge_unavailable", { error: verdict.error });
  if (verdict.kind === "passed") return takeToken(deps, await clientKey(request.clientIp), CHECKED);
  return takeTokenless(deps, request.clientIp);
}

/**
 * Without a checked token (no JavaScript, no widget, Siteverify down): the client's tokenless
 * bucket, then the site's. A refusal by either is the answer; the site's is taken only once the
 * client's allowed, so one client cannot drain it.
 */
async function takeTokenless(deps: SignupDeps, clientIp: string | undefined): Promise<Take> {
  const client = await takeToken(deps, `tokenless:${await clientKey(clientIp)}`, TOKENLESS);
  return client.allowed ? takeToken(deps, TOKENLESS_SITE_KEY, TOKENLESS_SITE) : client;
}

/** A limiter that cannot be reached lets the signup through: losing a person is worse than a bot. */
async function takeToken(deps: SignupDeps, key: string, policy: Policy): Promise<Take> {
  try {
    const stub = deps.limiter.get(deps.limiter.idFromName(key));
    return await stub.take(deps.now(), policy);
  } catch (error) {
    deps.logger.warn("newsletter.limiter_unavailable", { error: error instanceof Error ? error.message : String(error) });
    return { allowed: true };
  }
}
