import type { HubSpotTarget } from "../env";
import type { Lang } from "../../shared/i18n/lang";
import { redactEmails } from "./privacy";
import { statusText } from "../content/http-status";
import { CRM_API_ORIGIN, CRM_CONTACTS_PATH, FORMS_API_ORIGIN, FORMS_SUBMIT_PATH, STATUSES_PATH } from "./hubspot-api";

/** What one delivery sends: the address, the consent context and the language of the signup. */
export interface HubSpotSubscriber {
  email: string;
  pageUri: string | null;
  language: Lang;
  /** The consent text the subscriber was shown; none for signups from before consent records. */
  consentText?: string;
  /** HubSpot's tracking cookie: present only when the visitor accepted marketing cookies. */
  hutk?: string;
}

/** The legal basis a checked consent text beside the form gives (communication preferences v4). */
export const CONSENT_LEGAL_BASIS = "CONSENT_WITH_NOTICE";

/**
 * The CRM contact property for the signup's language: HubSpot's default "Preferred language"
 * property, whose options are language codes ("nl", "en"). The Forms API gets no language: since
 * 2022 it refuses fields that are not on the form, and the form is only known to have `email`.
 */
export const CRM_LANGUAGE_PROPERTY = "hs_language";

/** An answer HubSpot does not give within this time counts as a failed attempt. */
export const HUBSPOT_TIMEOUT_MS = 5_000;
/** A Retry-After beyond this is not believed; the normal backoff schedule takes over. */
const MAX_RETRY_AFTER_MS = 24 * 3600_000;
const MAX_ERROR_LENGTH = 300;
const JSON_HEADERS: Record<string, string> = { "content-type": "application/json", accept: "application/json" };

export type SendResult =
  | { kind: "delivered"; status: number }
  /** Worth another attempt: 5xx, 408, 429, timeouts, network errors, and settings HubSpot refused. */
  | { kind: "retry"; error: string; status?: number; retryAfterMs?: number; rateLimited?: boolean; misconfigured?: boolean }
  /**
   * HubSpot refused the signup itself (e.g. 400 invalid email): another attempt gets the same answer.
   * A 400 about the form's settings is a `retry`. No status: the email rule refused it unsent.
   */
  | { kind: "rejected"; error: string; status?: number };

export interface SendOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  now: () => number;
}

export function describeTarget(target: HubSpotTarget): string {
  return target.kind === "forms" ? "hubspot-forms" : "hubspot-crm";
}

/**
 * One delivery attempt of one address. Never throws: every outcome is a `SendResult`. With the CRM
 * token the contact is created (or found: 409), then its subscription status is set with the
 * consent as legal basis; the attempt is delivered only when both went through.
 */
export async function sendToHubSpot(target: HubSpotTarget, subscriber: HubSpotSubscriber, options: SendOptions): Promise<SendResult> {
  const created = await send(buildRequest(target, subscriber), target, options);
  const status = created.kind === "delivered" && target.kind === "crm" ? statusRequest(target, subscriber) : undefined;
  return status ? send(status, target, options) : created;
}

async function send(request: { url: string; init: RequestInit }, target: HubSpotTarget, options: SendOptions): Promise<SendResult> {
  let response: Response;
  let text: string;
  try {
    response = await options.fetch(request.url, { ...request.init, signal: AbortSignal.timeout(options.timeoutMs) });
    text = await response.text();
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError")
      return { kind: "retry", error: `timeout: no answer within ${options.timeoutMs} ms` };
    return { kind: "retry", error: `network: ${clip(redactEmails(error instanceof Error ? error.message : String(error)))}` };
  }
  return resultOf(response, text, target, options.now());
}

function resultOf(response: Response, text: string, target: HubSpotTarget, now: number): SendResult {
  const { status } = response;
  if (response.ok || (target.kind === "crm" && status === 409)) return { kind: "delivered", status };
  const error = `${status} ${clip(redactEmails(errorText(text) || response.statusText || statusText(status)))}`;
  if (status === 429)
    return {
      kind: "retry",
      status,
      error,
      rateLimited: true,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), now),
    };
  if (status === 401 || status === 403 || status === 404) return { kind: "retry", status, error, misconfigured: true };
  if (status === 408 || status >= 500) return { kind: "retry", status, error };
  // A 400 naming only what is wrong with the form or the request (a required field, the consent
  // options) says the same for every address: the settings need a person, the rows wait.
  if (status === 400 && refusesSettings(text)) return { kind: "retry", status, error, misconfigured: true };
  return { kind: "rejected", status, error };
}

/** Forms API error types about the address itself: another attempt gets the same answer. */
const ADDRESS_ERROR_TYPES = new Set(["INVALID_EMAIL", "BLOCKED_EMAIL"]);

/** A 400 whose `errors[].errorType` are all about the form or the request, none about the address. */
function refusesSettings(body: string): boolean {
  try {
    const { errors } = JSON.parse(body) as { errors?: Array<{ errorType?: unknown }> };
    const types = Array.isArray(errors) ? errors.map((e) => e?.errorType).filter((t): t is string => typeof t === "string") : [];
    return types.length > 0 && !types.some((type) => ADDRESS_ERROR_TYPES.has(type));
  } catch {
    return false;
  }
}

/** The subscription status with its legal basis, when there is a subscription type and a consent text. */
function statusRequest(target: HubSpotTarget & { kind: "crm" }, subscriber: HubSpotSubscriber) {
  if (target.subscriptionTypeId === undefined || !subscriber.consentText) return undefined;
  return {
    url: `${target.apiOrigin ?? CRM_API_ORIGIN}${STATUSES_PATH}/${encodeURIComponent(subscriber.email)}`,
    init: {
      method: "POST",
      headers: { ...JSON_HEADERS, authorization: `Bearer ${target.token}` },
      body: JSON.stringify({
        channel: "EMAIL",
        statusState: "SUBSCRIBED",
        subscriptionId: target.subscriptionTypeId,
        legalBasis: CONSENT_LEGAL_BASIS,
        legalBasisExplanation: subscriber.consentText,
      }),
    },
  };
}

/**
 * Forms API consent: consent to process and, with a subscription type, to this communication,
 * each with the text the subscriber was shown (the one text beside the form covers both).
 */
function legalConsentOptions(target: HubSpotTarget, consentText: string | undefined) {
  if (!consentText) return undefined;
  const communications =
    target.subscriptionTypeId === undefined ? [] : [{ value: true, subscriptionTypeId: target.subscriptionTypeId, text: consentText }];
  return { consent: { consentToProcess: true, text: consentText, communications } };
}

function buildRequest(target: HubSpotTarget, subscriber: HubSpotSubscriber): { url: string; init: RequestInit } {
  const headers = JSON_HEADERS;
  if (target.kind === "forms") {
    return {
      url: `${target.apiOrigin ?? FORMS_API_ORIGIN}${FORMS_SUBMIT_PATH}/${encodeURIComponent(target.portalId)}/${encodeURIComponent(target.formGuid)}`,
      init: {
        method: "POST",
        headers,
        body: JSON.stringify({
          fields: [{ objectTypeId: "0-1", name: "email", value: subscriber.email }],
          context: {
            ...(subscriber.pageUri ? { pageUri: subscriber.pageUri } : {}),
            ...(subscriber.hutk ? { hutk: subscriber.hutk } : {}),
          },
          legalConsentOptions: legalConsentOptions(target, subscriber.consentText),
        }),
      },
    };
  }
  return {
    url: `${target.apiOrigin ?? CRM_API_ORIGIN}${CRM_CONTACTS_PATH}`,
    init: {
      method: "POST",
      headers: { ...headers, authorization: `Bearer ${target.token}` },
      body: JSON.stringify({ properties: { email: subscriber.email, [CRM_LANGUAGE_PROPERTY]: subscriber.language } }),
    },
  };
}

/** HubSpot's error body: `{status, message, errors?: [{message}]}`; anything else as plain text. */
function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errors?: Array<{ message?: unknown }> };
    const details = Array.isArray(parsed.errors)
      ? parsed.errors.map((e) => e?.message).filter((m): m is string => typeof m === "string")
      : [];
    const message = typeof parsed.message === "string" ? parsed.message : "";
    return [message, ...details].filter(Boolean).join("; ");
  } catch {
    return body.trim().startsWith("<") ? "" : body.trim();
  }
}

/** Retry-After as delta-seconds or an HTTP date; undefined when absent or unbelievable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  return Number.isFinite(ms) && ms >= 0 && ms <= MAX_RETRY_AFTER_MS ? ms : undefined;
}

function clip(text: string): string {
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}
