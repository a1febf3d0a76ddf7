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

/**
 * Every outcome a visitor can read after a signup, with JavaScript (the API's JSON `message`, or for
 * a success the form's own text) and without (the outcome in the address the form post returns
 * to): both read it from `outcomeText`, so one outcome has one wording either way. `confirm` is a
 * success while HubSpot's double opt-in is on (HUBSPOT_DOUBLE_OPT_IN): the visitor is told to
 * confirm from their inbox.
 */
export type SignupOutcomeKind = "subscribed" | "confirm" | "invalid" | "rate-limited" | "refused" | "unavailable";

/** An outcome as the visitor is told it; a rate limit says how long to wait. */
export type SignupOutcomeView = { kind: Exclude<SignupOutcomeKind, "rate-limited"> } | { kind: "rate-limited"; retryAfterSeconds: number };

/** How the no-JS post reports its outcome to the page it returns to, in that page's language. */
export interface OutcomeWords {
  /** The query parameter: `?<param>=<code>`. */
  param: string;
  /** The query parameter of a rate limit's wait in seconds: `?<param>=te-vaak&<wait>=30`. */
  wait: string;
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
    wait: "wacht",
    anchor: "nieuwsbrief",
    codes: {
      subscribed: "geabonneerd",
      confirm: "bevestigen",
      invalid: "ongeldig",
      "rate-limited": "te-vaak",
      refused: "controle-mislukt",
      unavailable: "mislukt",
    },
  },
  en: {
    param: "newsletter",
    wait: "wait",
    anchor: "newsletter",
    codes: {
      subscribed: "subscribed",
      confirm: "confirm",
      invalid: "invalid",
      "rate-limited": "too-many",
      refused: "check-failed",
      unavailable: "failed",
    },
  },
};

export type NewsletterMessage = { kind: "success" | "error"; text: string };

/** The dictionary's words for the outcomes (`t.newsletter`). */
export interface OutcomeMessages {
  subscribed: string;
  checkInbox: string;
  invalidEmail: string;
  tooMany: (seconds: number) => string;
  challengeFailed: string;
  unavailable: string;
}

/** The one wording of each outcome, in the language of `messages`. */
export function outcomeText(outcome: SignupOutcomeView, messages: OutcomeMessages): string {
  switch (outcome.kind) {
    case "subscribed":
      return messages.subscribed;
    case "confirm":
      return messages.checkInbox;
    case "invalid":
      return messages.invalidEmail;
    case "rate-limited":
      return messages.tooMany(outcome.retryAfterSeconds);
    case "refused":
      return messages.challengeFailed;
    case "unavailable":
      return messages.unavailable;
  }
}

/** The success a signup reports: a confirmation to give from the inbox while HubSpot's double opt-in is on. */
export const successOutcome = (doubleOptIn: boolean): SignupOutcomeView => ({ kind: doubleOptIn ? "confirm" : "subscribed" });

export const isSuccess = (kind: SignupOutcomeKind): boolean => kind === "subscribed" || kind === "confirm";

/** A rate limit's wait as the address may carry it: whole seconds, at most a day. */
const MAX_WAIT_SECONDS = 86_400;

/** The outcome a page's query string reports in the page's own language; anything else: none. */
export function outcomeOfSearch(search: string, lang: Lang): SignupOutcomeView | undefined {
  const { param, wait, codes } = NEWSLETTER_OUTCOME[lang];
  const query = new URLSearchParams(search);
  const code = query.get(param);
  const kind = (Object.keys(codes) as SignupOutcomeKind[]).find((k) => codes[k] === code);
  if (kind !== "rate-limited") return kind && { kind };
  const seconds = Number(query.get(wait));
  return { kind, retryAfterSeconds: Number.isInteger(seconds) && seconds >= 1 && seconds <= MAX_WAIT_SECONDS ? seconds : 60 };
}

/** The message for the outcome the form route put in the page's query string, in the page's language. */
export function outcomeMessage(search: string, lang: Lang, messages: OutcomeMessages): NewsletterMessage | undefined {
  const outcome = outcomeOfSearch(search, lang);
  return outcome && { kind: isSuccess(outcome.kind) ? "success" : "error", text: outcomeText(outcome, messages) };
}
