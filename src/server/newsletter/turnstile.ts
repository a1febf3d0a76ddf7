/**
 * Cloudflare Turnstile's Siteverify, the server half of the signup's bot check (issue 53). The
 * widget on the page hands the browser a token (`cf-turnstile-response`); only Siteverify can say
 * whether it is real: a token is valid for 300 s and for one verification (a replay is answered
 * `timeout-or-duplicate`). `TURNSTILE_VERIFY_URL` points tests and `npm start` at a stand-in
 * (tests/stand-ins/turnstile/) that answers as Cloudflare's documented test secrets do.
 */
/** The signup's bot check (Cloudflare Turnstile, env.ts reads it); off without a secret key. */
export interface TurnstileSettings {
  /** The widget's site key; unset: no widget, and every signup is under the tokenless limit. */
  siteKey?: string;
  secret: string;
  verifyUrl: string;
}

/** Cloudflare's own Siteverify endpoint. */
export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** Tokens are at most 2,048 characters (Cloudflare's documentation): a longer one is no token. */
export const MAX_TOKEN_LENGTH = 2048;
/** Siteverify not answering within this time counts as an outage, not as a refusal. */
export const SITEVERIFY_TIMEOUT_MS = 3_000;

/**
 * `passed`: a real visitor's browser. `refused`: a token Siteverify rejected (forged, expired,
 * replayed) or one that cannot be a token: nothing is stored. `missing`: no token (the form
 * without JavaScript, or the widget could not run). `unavailable`: Siteverify could not answer.
 */
export type Verdict =
  | { kind: "passed" }
  | { kind: "refused"; codes: string[] }
  | { kind: "missing" }
  | { kind: "unavailable"; error: string };

export interface VerifyOptions {
  settings: TurnstileSettings;
  fetch: typeof fetch;
  remoteIp?: string;
  timeoutMs?: number;
}

export async function verifyTurnstile(token: string | undefined, options: VerifyOptions): Promise<Verdict> {
  if (token === undefined || token === "") return { kind: "missing" };
  if (token.length > MAX_TOKEN_LENGTH) return { kind: "refused", codes: ["invalid-input-response"] };
  const body = new URLSearchParams({ secret: options.settings.secret, response: token });
  if (options.remoteIp) body.set("remoteip", options.remoteIp);
  let answer: { success?: unknown; "error-codes"?: unknown };
  try {
    const response = await options.fetch(options.settings.verifyUrl, {
      method: "POST",
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? SITEVERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return { kind: "unavailable", error: `Siteverify answered ${response.status}` };
    answer = (await response.json()) as typeof answer;
  } catch (error) {
    return { kind: "unavailable", error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  if (answer.success === true) return { kind: "passed" };
  const codes = Array.isArray(answer["error-codes"])
    ? answer["error-codes"].filter((code): code is string => typeof code === "string")
    : [];
  // an error about our own request (a wrong secret) is the site's fault: no visitor is refused for it
  if (codes.some((code) => code === "missing-input-secret" || code === "invalid-input-secret" || code === "internal-error"))
    return { kind: "unavailable", error: `Siteverify: ${codes.join(", ")}` };
  return { kind: "refused", codes };
}
