/**
 * HubSpot for the workerd tests, as a `fetch` function: the stand-in's in-memory HubSpot
 * (tests/stand-ins/hubspot/api.ts, which checks every request against HubSpot's published shapes)
 * plus what a test needs to make HubSpot misbehave: 5xx (JSON or an HTML gateway page), 429 with
 * Retry-After, an answer that never comes (until the caller aborts), and requests held until
 * released. It records every request with its answer and the shape problems found in it.
 */
import { createHubSpotApi, type Accepted, type HubSpotApi } from "./api.ts";
import { LOCAL_HUBSPOT } from "./local-settings.ts";

export type { Accepted };
export const PORTAL_ID = LOCAL_HUBSPOT.portalId;
export const FORM_GUID = LOCAL_HUBSPOT.formGuid;
export const TOKEN = LOCAL_HUBSPOT.token;
export const SUBSCRIPTION_TYPE_ID = LOCAL_HUBSPOT.subscriptionTypeId;

export type FakeMode =
  | { kind: "up" }
  | { kind: "down"; status?: 500 | 502 | 503 | 504 }
  | { kind: "rate-limited"; retryAfter?: string }
  | { kind: "hang" };

export interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** The status answered, or "aborted" when the caller gave up first. */
  answer?: number | "aborted";
  /** What the shape check against HubSpot's published shapes found (only for requests that reached it). */
  problems: string[];
}

export interface HubSpotFake {
  fetch: typeof fetch;
  mode: FakeMode;
  /** Modes for the next requests, one each, before `mode` applies again. */
  next: FakeMode[];
  /** The in-memory HubSpot behind the fake: contacts, subscription statuses, what it received. */
  api: HubSpotApi;
  readonly requests: FakeRequest[];
  /** Signups HubSpot kept: one entry per form submission or created contact. */
  readonly accepted: Accepted[];
  /** Adds an existing CRM contact (the next create for it answers 409). */
  addContact(email: string): void;
  /** Holds every request until the returned function is called. */
  hold(): () => void;
  /** How often each address was accepted. */
  acceptedCount(): Map<string, number>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json;charset=utf-8", ...headers } });

let correlation = 0;
const correlationId = () => `c0ffee00-0000-4000-8000-${String(++correlation).padStart(12, "0")}`;

export function createHubSpotFake(
  settings: { portalId?: string; formGuid?: string; token?: string; requiredFields?: string[]; invalidDomains?: string[] } = {},
): HubSpotFake {
  const api = createHubSpotApi({
    portalId: settings.portalId ?? PORTAL_ID,
    formGuid: settings.formGuid ?? FORM_GUID,
    token: settings.token ?? TOKEN,
    requiredFields: settings.requiredFields,
    invalidDomains: settings.invalidDomains,
  });
  const held: Held = {};
  const fake: HubSpotFake = {
    mode: { kind: "up" },
    next: [],
    api,
    requests: [],
    accepted: api.state.accepted,
    addContact: (email) => void api.addContact(email),
    hold: () => hold(held),
    acceptedCount() {
      const counts = new Map<string, number>();
      for (const { email } of api.state.accepted) counts.set(email, (counts.get(email) ?? 0) + 1);
      return counts;
    },
    fetch: ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
      receive(fake, held, new Request(input, init), init?.signal ?? undefined)) as typeof fetch,
  };
  return fake;
}

/** While a gate is set, every request waits for it. */
type Held = { gate?: Promise<void> };

function hold(held: Held): () => void {
  let release!: () => void;
  held.gate = new Promise<void>((resolve) => (release = resolve));
  return () => {
    held.gate = undefined;
    release();
  };
}

/** Records a request, waits while requests are held, answers it as the fake's mode says. */
async function receive(fake: HubSpotFake, held: Held, request: Request, signal: AbortSignal | undefined): Promise<Response> {
  const text = await request.clone().text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  const record: FakeRequest = {
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    body,
    problems: [],
  };
  fake.requests.push(record);
  try {
    if (held.gate) await abortable(held.gate, signal);
    const mode = fake.next.shift() ?? fake.mode;
    if (mode.kind === "hang") await abortable(new Promise<never>(() => {}), signal);
    let response = misbehave(mode);
    if (!response) {
      const exchanged = await fake.api.exchange(request);
      record.problems = exchanged.received.problems;
      response = exchanged.response;
    }
    record.answer = response.status;
    return response;
  } catch (error) {
    record.answer = "aborted";
    throw error;
  }
}

/** The answer of a HubSpot that is down or rate limiting; none when it is up. */
function misbehave(mode: FakeMode): Response | undefined {
  if (mode.kind === "down") {
    const status = mode.status ?? 503;
    return status === 502 || status === 504
      ? // a gateway names its status in the status line; workerd's Response fills in no statusText itself
        new Response("<html><body><h1>Bad Gateway</h1></body></html>", {
          status,
          statusText: status === 502 ? "Bad Gateway" : "Gateway Timeout",
          headers: { "content-type": "text/html" },
        })
      : json(status, { status: "error", message: "internal error", correlationId: correlationId() });
  }
  if (mode.kind === "rate-limited") {
    return json(
      429,
      {
        status: "error",
        message: "You have reached your ten_secondly_rolling limit.",
        errorType: "RATE_LIMIT",
        correlationId: correlationId(),
        policyName: "TEN_SECONDLY_ROLLING",
      },
      mode.retryAfter === undefined ? {} : { "retry-after": mode.retryAfter },
    );
  }
  return undefined;
}

/** Waits for `promise`, or rejects with the signal's reason when the caller aborts (as fetch does). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
