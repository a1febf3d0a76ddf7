/**
 * A failed Management API request as one line a person can act on: the method, the URL, what came
 * back (or that nothing did) and the likely cause, whether a setup mistake (the wrong kind of
 * token, space id, region or base URL, nothing listening) or a passing fault the next run gets
 * past. Never the token: it only ever travels in the Authorization header.
 */

export const RERUN = "rerun `npm run space:push`: it continues where it stopped";

export interface Failure {
  /** The HTTP status; undefined when no answer came. */
  status?: number;
  statusText?: string;
  /** The answer's body. */
  data?: unknown;
  /** The network error's code (ECONNREFUSED, ENOTFOUND, ...). */
  code?: string;
  message?: string;
}

/** What Storyblok's client (a ClientError with `response`) or fetch (a TypeError with `cause`) threw. */
export function failureOf(error: unknown): Failure {
  const { response, cause, message, name } = (error ?? {}) as {
    response?: { status?: number; statusText?: string; data?: unknown };
    cause?: { code?: string };
    message?: string;
    name?: string;
  };
  const status = response?.status || undefined;
  const code = cause?.code ?? (name === "TimeoutError" ? "a timeout" : undefined);
  return { status, statusText: response?.statusText, data: response?.data, code, message };
}

/** Network errors that say the address is wrong, not that the moment was: repeating them only delays the message. */
const SETUP_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

/** A server error or a lost answer: the next attempt may well succeed. */
export const isTransient = ({ status, code }: Failure) => (status === undefined ? !SETUP_CODES.has(code ?? "") : status >= 500);

function likelyCause(url: URL, failure: Failure, spaceRequest: boolean): string {
  const { status, code } = failure;
  if (status === 401 || status === 403)
    return "the token was refused: STORYBLOK_PERSONAL_ACCESS_TOKEN must be a personal access token (Storyblok: My account -> Personal access tokens), not a space's public or preview access token";
  if (status === 404 && spaceRequest)
    return "no such space there: check STORYBLOK_SPACE_ID, STORYBLOK_REGION (eu, us, ca, ap, cn) and STORYBLOK_MANAGEMENT_URL";
  if (code === "ECONNREFUSED")
    return `nothing is listening at ${url.origin}: check STORYBLOK_MANAGEMENT_URL (for the stand-in: is \`npm run mapi:local\` running?)`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return `no host ${url.hostname}: check STORYBLOK_REGION and STORYBLOK_MANAGEMENT_URL, and the network`;
  if (status === 429) return `still answered 429 after every retry: lower STORYBLOK_MAPI_RATE, then ${RERUN}`;
  return isTransient(failure) ? RERUN : "the API refused the request";
}

/** One line: `METHOD URL: what came back: the likely cause`. */
export function failureLine(method: string, url: URL, failure: Failure, spaceRequest = false): string {
  const { status, statusText, data, code, message } = failure;
  const answer = status ? `${status}${statusText ? ` ${statusText}` : ""}` : `no answer (${code ?? message ?? "unknown error"})`;
  const detail = status && data ? ` ${JSON.stringify(data).slice(0, 300)}` : "";
  return `${method} ${url.href}: ${answer}${detail}: ${likelyCause(url, failure, spaceRequest)}`.replace(/\s*\n\s*/g, " ");
}

/**
 * Runs `request` again after a transient failure, `retries` times at most, waiting `backoffMs`,
 * then twice that, and so on; only where `repeatable` says sending it again is safe (reading, or
 * writing the same body again), since a POST whose answer was lost may well have been acted on.
 */
export async function withRetries<T>(
  request: () => Promise<T>,
  options: { repeatable: boolean; retries: number; backoffMs: number; sleep: (ms: number) => Promise<unknown> },
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      if (!options.repeatable || attempt >= options.retries || !isTransient(failureOf(error))) throw error;
      await options.sleep(options.backoffMs * 2 ** attempt);
    }
  }
}
