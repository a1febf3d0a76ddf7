/**
 * The newsletter's wire protocol, spoken by the API routes (Worker), the form island (browser)
 * and the footer block (both): where the form posts, what its fields are called, how the no-JS
 * post reports its outcome, and every message a visitor reads, in Dutch. The form shows an API
 * `message` as is, so every answer is a sentence a visitor understands.
 */

/** The JSON API the form island posts to (spec: POST /api/hubspot/create, body {email}). */
export const NEWSLETTER_API_PATH = "/api/hubspot/create";
/** The same signup as a plain form post (no JavaScript): answered with a 303 back to the page. */
export const NEWSLETTER_FORM_PATH = "/api/newsletter";

export const NEWSLETTER_FIELDS = {
  email: "email",
  /** Invisible to people, filled in by bots: such signups are dropped silently. */
  honeypot: "website",
  /** Where the no-JS post returns to. */
  returnPath: "returnPath",
} as const;

/** The no-JS post returns to `<page>?nieuwsbrief=<code>#nieuwsbrief`. */
export const NEWSLETTER_OUTCOME_PARAM = "nieuwsbrief";
export const NEWSLETTER_ANCHOR = "nieuwsbrief";

export type SignupOutcomeKind = "subscribed" | "invalid" | "rate-limited" | "unavailable";

/** Outcome -> the code in `?nieuwsbrief=`. */
export const OUTCOME_CODES: Record<SignupOutcomeKind, string> = {
  subscribed: "geabonneerd",
  invalid: "ongeldig",
  "rate-limited": "te-vaak",
  unavailable: "mislukt",
};

export const INVALID_EMAIL_MESSAGE = "Vul een geldig e-mailadres in";
export const SUBSCRIBED_MESSAGE = "Woehoe, je bent geabonneerd!";
export const BAD_REQUEST_MESSAGE = "Ongeldig verzoek: stuur een JSON-object met je e-mailadres.";
export const METHOD_NOT_ALLOWED_MESSAGE = "Deze methode is hier niet toegestaan.";
export const TOO_LARGE_MESSAGE = "Het verzoek is te groot.";
export const UNSUPPORTED_TYPE_MESSAGE = "Stuur je aanmelding als JSON (Content-Type: application/json).";
export const UNSUPPORTED_FORM_TYPE_MESSAGE = "Stuur het formulier als application/x-www-form-urlencoded of multipart/form-data.";
export const CROSS_SITE_MESSAGE = "Aanmelden kan alleen via deze website.";
export const UNAVAILABLE_MESSAGE = "Inschrijven lukte niet. Probeer het later opnieuw.";
/** After a no-JS post was refused for going too fast (the exact wait is not carried back). */
export const TOO_MANY_LATER_MESSAGE = "Even geduld: probeer het over een minuut opnieuw.";

export function tooManyMessage(retryAfterSeconds: number): string {
  return retryAfterSeconds === 1
    ? "Te veel aanmeldingen achter elkaar. Probeer het over 1 seconde opnieuw."
    : `Te veel aanmeldingen achter elkaar. Probeer het over ${retryAfterSeconds} seconden opnieuw.`;
}

export type NewsletterMessage = { kind: "success" | "error"; text: string };

const OUTCOME_MESSAGES: Record<SignupOutcomeKind, NewsletterMessage> = {
  subscribed: { kind: "success", text: SUBSCRIBED_MESSAGE },
  invalid: { kind: "error", text: INVALID_EMAIL_MESSAGE },
  "rate-limited": { kind: "error", text: TOO_MANY_LATER_MESSAGE },
  unavailable: { kind: "error", text: UNAVAILABLE_MESSAGE },
};

/** The message for a `?nieuwsbrief=` code the form route put there; anything else: none. */
export function outcomeMessage(code: string | null | undefined): NewsletterMessage | undefined {
  const kind = (Object.keys(OUTCOME_CODES) as SignupOutcomeKind[]).find((k) => OUTCOME_CODES[k] === code);
  return kind && OUTCOME_MESSAGES[kind];
}
