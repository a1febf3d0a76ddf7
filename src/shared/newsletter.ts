/**
 * The newsletter's wire protocol, spoken by the API routes (Worker), the form island (browser)
 * and the footer block (both): where the form posts, what its fields are called, how the no-JS
 * post reports its outcome. The messages a visitor reads are in the dictionaries
 * (`src/shared/i18n/`, `t.newsletter`), in the signup's language. The form shows an API `message`
 * as is, so every answer is a sentence a visitor understands.
 */
import type { Lang } from "./i18n/lang";

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

/**
 * The field the Turnstile widget writes its token into (Cloudflare's name, the same in a form post
 * and in the JSON body): src/server/newsletter/turnstile.ts checks it with Siteverify.
 */
export const TURNSTILE_FIELD = "cf-turnstile-response";

export type SignupOutcomeKind = "subscribed" | "invalid" | "rate-limited" | "unavailable";

/** How the no-JS post reports its outcome to the page it returns to, in that page's language. */
export interface OutcomeWords {
  /** The query parameter: `?<param>=<code>`. */
  param: string;
  /** The footer section's id, the fragment of the return address. */
  anchor: string;
  /** Outcome -> the code in the query. */
  codes: Record<SignupOutcomeKind, string>;
}

/**
 * `<page>?nieuwsbrief=geabonneerd#nieuwsbrief` on a Dutch page, `<page>?newsletter=subscribed#newsletter`
 * on an English one: the address bar speaks the page's language too.
 */
export const NEWSLETTER_OUTCOME: Record<Lang, OutcomeWords> = {
  nl: {
    param: "nieuwsbrief",
    anchor: "nieuwsbrief",
    codes: { subscribed: "geabonneerd", invalid: "ongeldig", "rate-limited": "te-vaak", unavailable: "mislukt" },
  },
  en: {
    param: "newsletter",
    anchor: "newsletter",
    codes: { subscribed: "subscribed", invalid: "invalid", "rate-limited": "too-many", unavailable: "failed" },
  },
};

export type NewsletterMessage = { kind: "success" | "error"; text: string };

/** Which messages of the dictionary (`t.newsletter`) report the outcome of a no-JS post. */
export const OUTCOME_MESSAGE_KEYS = {
  subscribed: "subscribed",
  invalid: "invalidEmail",
  "rate-limited": "tooManyLater",
  unavailable: "unavailable",
} as const satisfies Record<SignupOutcomeKind, string>;

/** The outcome a page's query string reports in the page's own language; anything else: none. */
export function outcomeOfSearch(search: string, lang: Lang): SignupOutcomeKind | undefined {
  const { param, codes } = NEWSLETTER_OUTCOME[lang];
  const code = new URLSearchParams(search).get(param);
  return (Object.keys(codes) as SignupOutcomeKind[]).find((kind) => codes[kind] === code);
}

/** The message for the outcome the form route put in the page's query string, in the page's language. */
export function outcomeMessage(
  search: string,
  lang: Lang,
  messages: Record<(typeof OUTCOME_MESSAGE_KEYS)[SignupOutcomeKind], string>,
): NewsletterMessage | undefined {
  const kind = outcomeOfSearch(search, lang);
  return kind && { kind: kind === "subscribed" ? "success" : "error", text: messages[OUTCOME_MESSAGE_KEYS[kind]] };
}
