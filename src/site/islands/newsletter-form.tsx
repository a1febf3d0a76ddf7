import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { EMAIL_HTML_PATTERN, EMAIL_MAX_LENGTH, isValidEmail } from "../../shared/email";
import { DEFAULT_LANG, type Lang } from "../../shared/i18n/lang";
import type { Dictionary } from "../../shared/i18n/nl";
import {
  NEWSLETTER_API_PATH,
  NEWSLETTER_FIELDS,
  NEWSLETTER_FORM_PATH,
  type NewsletterMessage,
  TURNSTILE_FIELD,
} from "../../shared/newsletter";
import { useEnhanced } from "./enhanced";

export const CREATE_FAILED = "Create API request failed";
/** After a submission finishes, the field is emptied this much later (spec: 2 s). */
export const RESET_DELAY_MS = 2000;

/** The API's own words for a failure: shown to the visitor. */
export class NewsletterApiError extends Error {
  override name = "NewsletterApiError";
}

/**
 * POST {email, language} to the newsletter API. Success: the body is not read. Failure with a JSON
 * `message` (in `language`): that message. Failure without a readable body: logged, and a generic error thrown.
 */
export async function createSubscription(email: string, language: Lang, fetchFn: typeof fetch = fetch): Promise<void> {
  let res: Response;
  try {
    res = await fetchFn(NEWSLETTER_API_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      // Dutch, the default, stays the spec's `{email}`; another language says which
      body: JSON.stringify({
        [NEWSLETTER_FIELDS.email]: email,
        ...(language === DEFAULT_LANG ? {} : { [NEWSLETTER_FIELDS.language]: language }),
        // the Turnstile widget's token, where the page has one (src/server/render/third-party.tsx); none: the tokenless limit
        [TURNSTILE_FIELD]: document.querySelector<HTMLInputElement>(`[name="${TURNSTILE_FIELD}"]`)?.value,
      }),
    });
  } catch (error) {
    console.error(CREATE_FAILED, error);
    throw new Error(CREATE_FAILED);
  }
  if (res.ok) return;
  let message: unknown;
  try {
    message = ((await res.json()) as { message?: unknown }).message;
  } catch {
    // unreadable body: handled below
  }
  if (typeof message === "string" && message.trim()) throw new NewsletterApiError(message);
  console.error(CREATE_FAILED, res.status);
  throw new Error(CREATE_FAILED);
}

/** The form's own words, in the page's language (props: the island bundles no dictionary). */
export type NewsletterFormTexts = Pick<
  Dictionary["newsletter"],
  "emailLabel" | "placeholder" | "submit" | "busy" | "honeypot" | "subscribed" | "invalidEmail"
>;

export interface NewsletterFormProps {
  /** Where the no-JS post returns to. */
  returnPath: string;
  /** The page's language: sent with the signup, the API answers in it. */
  lang: Lang;
  /** The id of the consent text beside the form (rendered by the footer): it describes the field. */
  consentId: string;
  texts: NewsletterFormTexts;
  /** The outcome of a no-JS post, shown after its redirect. */
  initialMessage?: NewsletterMessage;
}

export function NewsletterForm({ returnPath, lang, consentId, texts, initialMessage }: NewsletterFormProps) {
  // Uncontrolled: what a visitor typed before hydration stays in the field.
  const input = useRef<HTMLInputElement>(null);
  const { submitting, message, setMessage, onSubmit } = useSignup(input, lang, texts, initialMessage);
  const id = useId();
  // Until hydrated the browser validates the field itself (required, pattern); then our messages do.
  const enhanced = useEnhanced();

  return (
    <form
      method="post"
      action={NEWSLETTER_FORM_PATH}
      noValidate={enhanced}
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
      aria-describedby={`${id}-message`}
    >
      <input type="hidden" name={NEWSLETTER_FIELDS.returnPath} value={returnPath} />
      <input type="hidden" name={NEWSLETTER_FIELDS.language} value={lang} />
      <Honeypot label={texts.honeypot} />
      <label htmlFor={`${id}-email`} className="text-sm font-semibold text-white">
        {texts.emailLabel}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={`${id}-email`}
          type="email"
          name={NEWSLETTER_FIELDS.email}
          autoComplete="email"
          inputMode="email"
          required
          pattern={EMAIL_HTML_PATTERN}
          maxLength={EMAIL_MAX_LENGTH}
          placeholder={texts.placeholder}
          ref={input}
          defaultValue=""
          disabled={submitting}
          aria-invalid={message?.kind === "error" ? true : undefined}
          aria-describedby={consentId}
          onChange={() => setMessage(undefined)}
          className="min-w-0 flex-1 rounded-full border-2 border-white/20 bg-white/10 px-5 py-3 text-white placeholder:text-white/60 focus:border-koraal-300 focus:outline-none disabled:opacity-60"
        />
        <button
          type="submit"
          disabled={submitting}
          className="kbd-focus rounded-full bg-koraal px-6 py-3 font-semibold text-ink transition-colors hover:bg-koraal-300 disabled:cursor-wait disabled:opacity-60"
        >
          {submitting ? texts.busy : texts.submit}
        </button>
      </div>
      <FormMessage id={`${id}-message`} message={message} />
    </form>
  );
}

/**
 * The enhanced submission: checks the address, posts it, shows the outcome, and empties the field
 * RESET_DELAY_MS after every finished attempt.
 */
function useSignup(input: RefObject<HTMLInputElement | null>, lang: Lang, texts: NewsletterFormTexts, initialMessage?: NewsletterMessage) {
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<NewsletterMessage | undefined>(initialMessage);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = (input.current?.value ?? "").trim();
    if (!isValidEmail(value)) {
      setMessage({ kind: "error", text: texts.invalidEmail });
      return;
    }
    setSubmitting(true);
    setMessage(undefined);
    try {
      await createSubscription(value, lang);
      setMessage({ kind: "success", text: texts.subscribed });
    } catch (error) {
      if (error instanceof NewsletterApiError) setMessage({ kind: "error", text: error.message });
    } finally {
      setSubmitting(false);
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => {
        if (input.current) input.current.value = "";
      }, RESET_DELAY_MS);
    }
  }

  return { submitting, message, setMessage, onSubmit };
}

/** Invisible to people, filled in by bots; the API drops such signups silently. */
function Honeypot({ label }: { label: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {label}
        <input type="text" name={NEWSLETTER_FIELDS.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The outcome, announced politely; an error in the error colour. */
function FormMessage({ id, message }: { id: string; message: NewsletterMessage | undefined }) {
  return (
    <p
      id={id}
      role="status"
      aria-live="polite"
      data-kind={message?.kind}
      className={`m-0 min-h-6 text-sm font-medium ${message?.kind === "error" ? "text-koraal-200" : "text-white"}`}
    >
      {message?.text}
    </p>
  );
}
