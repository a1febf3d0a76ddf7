/**
 * The newsletter's wire protocol, spoken by the API routes (Worker), the form island (browser)
 * and the footer block (both): where the form posts, what its fields are called, how the no-JS
 * post reports its outcome. The messages a visitor reads are in the dictionaries
 * (`src/shared/i18n/`, `t.newsletter`), in the signup's language. The form shows an API `message`
 * as is, so every answer is a sentence a visitor understands.
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
  /** The page's language ("nl", "en"): stored with the signup, and the language of the answer. */
  language: "language",
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

export type NewsletterMessage = { kind: "success" | "error"; text: string };

/** Which messages of the dictionary (`t.newsletter`) report the outcome of a no-JS post. */
export const OUTCOME_MESSAGE_KEYS = {
  subscribed: "subscribed",
  invalid: "invalidEmail",
  "rate-limited": "tooManyLater",
  unavailable: "unavailable",
} as const satisfies Record<SignupOutcomeKind, string>;

/** The outcome a `?nieuwsbrief=` code stands for; anything else: none. */
export function outcomeOfCode(code: string | null | undefined): SignupOutcomeKind | undefined {
  return (Object.keys(OUTCOME_CODES) as SignupOutcomeKind[]).find((k) => OUTCOME_CODES[k] === code);
}

/** The message for a `?nieuwsbrief=` code the form route put there, in the page's language. */
export function outcomeMessage(
  code: string | null | undefined,
  messages: Record<(typeof OUTCOME_MESSAGE_KEYS)[SignupOutcomeKind], string>,
): NewsletterMessage | undefined {
  const kind = outcomeOfCode(code);
  return kind && { kind: kind === "subscribed" ? "success" : "error", text: messages[OUTCOME_MESSAGE_KEYS[kind]] };
}
