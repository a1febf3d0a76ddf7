import { createExecutionContext, createScheduledController, reset, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { SpaceSnapshot } from "../../src/server/content/snapshot";
import { createEmulator } from "../../src/server/demo/emulator";
import { createApp } from "../../src/server/index";
import { createNewsletterCron } from "../../src/server/newsletter/cron";
import type { SubscriberRow } from "../../src/server/newsletter/outbox";
import type { LogLevel } from "../../src/shared/log";
import { FORM_GUID, PORTAL_ID, SUBSCRIPTION_TYPE_ID, TOKEN, createHubSpotFake, type HubSpotFake } from "../stand-ins/hubspot/fake";
import { subscriberPseudonym } from "../../src/shared/subscriber-pseudonym";
import { migrateD1 } from "./d1";
import { createSiteverifyFake, type SiteverifyFake } from "../stand-ins/turnstile/fake";
import { STAND_IN_SECRET, TEST_SITE_KEYS } from "../stand-ins/turnstile/siteverify";

export const BASE = "http://www.koraal.test";
export const T0 = Date.parse("2026-03-02T09:00:00.000Z");
export const MINUTE = 60_000;

export type Settings = "none" | "forms" | "crm";

export const SETTINGS: Record<Settings, Record<string, string>> = {
  none: {},
  forms: { HUBSPOT_PORTAL_ID: PORTAL_ID, HUBSPOT_FORM_GUID: FORM_GUID, HUBSPOT_SUBSCRIPTION_TYPE_ID: String(SUBSCRIPTION_TYPE_ID) },
  crm: { HUBSPOT_TOKEN: TOKEN, HUBSPOT_SUBSCRIPTION_TYPE_ID: String(SUBSCRIPTION_TYPE_ID) },
};

export interface LogLine {
  level: LogLevel;
  text: string;
  line: Record<string, unknown>;
}

/** Every HubSpot fake any harness of the test file made: each request must pass HubSpot's shape checks. */
export const allHubSpotFakes: HubSpotFake[] = [];

/** Every log line written by any harness of the test file, for the privacy checks. */
export const allLogs: LogLine[] = [];

export interface Harness {
  hubspot: HubSpotFake;
  /** Siteverify as the stand-in answers it (`mint()` a token a passed widget would give). */
  siteverify: SiteverifyFake;
  logs: LogLine[];
  clock: { now: number };
  advance(ms: number): void;
  /** Sends a request through the Worker and waits for its waitUntil work (the first delivery). */
  send(path: string, init?: RequestInit & { ip?: string }): Promise<Response>;
  /** Sends without waiting for waitUntil work; `done` settles when it has finished. */
  start(path: string, init?: RequestInit & { ip?: string }): Promise<{ response: Response; done: Promise<void> }>;
  subscribe(email: string, init?: { ip?: string; referer?: string; token?: string }): Promise<Response>;
  cron(): Promise<void>;
  rows(): Promise<SubscriberRow[]>;
  logsOf(event: string): Record<string, unknown>[];
}

let ipCounter = 0;
/** A fresh client address per request unless a test names one: the rate limit stays out of the way. */
export const freshIp = () => `198.51.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

export interface HarnessOptions {
  settings?: Settings;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** How the HubSpot form is set up (fields it requires besides email, domains it refuses). */
  hubspot?: { requiredFields?: string[]; invalidDomains?: string[] };
  /** Another Storyblok space than the embedded one (served by the emulator). */
  space?: SpaceSnapshot;
  /** Turnstile on, with the stand-in's Siteverify (its own secret unless one is named). */
  turnstile?: boolean | { secret: string };
}

/** Where the harness's Siteverify is (answered by the stand-in's fake, never the network). */
export const SITEVERIFY_TEST_URL = "http://siteverify.test/turnstile/v0/siteverify";

export function harness(options: HarnessOptions = {}): Harness {
  const clock = { now: T0 };
  const logs: LogLine[] = [];
  const hubspot = createHubSpotFake(options.hubspot);
  const siteverify = createSiteverifyFake(() => clock.now);
  const turnstileEnv: Record<string, string> = options.turnstile
    ? {
        TURNSTILE_SECRET_KEY: typeof options.turnstile === "object" ? options.turnstile.secret : STAND_IN_SECRET,
        TURNSTILE_SITE_KEY: TEST_SITE_KEYS.invisiblePasses,
        TURNSTILE_VERIFY_URL: SITEVERIFY_TEST_URL,
      }
    : {};
  allHubSpotFakes.push(hubspot);
  const deps = {
    now: () => clock.now,
    hubspotFetch: hubspot.fetch,
    turnstileFetch: siteverify.fetch,
    hubspotTimeoutMs: options.timeoutMs ?? 1000,
    contentFetch: options.space ? createEmulator(options.space).fetch : undefined,
    logSink: (level: LogLevel, text: string) => {
      const entry = { level, text, line: JSON.parse(text) as Record<string, unknown> };
      logs.push(entry);
      allLogs.push(entry);
    },
  };
  const app = createApp(deps);
  const cron = createNewsletterCron(deps);
  // every request writes its `request` line here (in production a sampled fraction does): the
  // privacy checks read every line a request can write
  const testEnv = {
    ...env,
    LOG_LEVEL: "debug",
    REQUEST_LOG_SAMPLE_RATE: "1",
    ...SETTINGS[options.settings ?? "none"],
    ...turnstileEnv,
    ...options.env,
  } as typeof env;

  const request = (path: string, init: RequestInit & { ip?: string } = {}) => {
    const { ip, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", ip ?? freshIp());
    return new Request(BASE + path, { method: "POST", redirect: "manual", ...rest, headers });
  };

  async function start(path: string, init?: RequestInit & { ip?: string }) {
    const ctx = createExecutionContext();
    const response = await app.fetch(request(path, init), testEnv, ctx);
    return { response, done: waitOnExecutionContext(ctx) };
  }

  const h: Harness = {
    hubspot,
    siteverify,
    logs,
    clock,
    advance: (ms) => {
      clock.now += ms;
    },
    start,
    async send(path, init) {
      const { response, done } = await start(path, init);
      await done;
      return response;
    },
    subscribe(email, init = {}) {
      return h.send("/api/hubspot/create", {
        ip: init.ip,
        headers: { "content-type": "application/json", referer: init.referer ?? `${BASE}/contact` },
        body: JSON.stringify(init.token === undefined ? { email } : { email, "cf-turnstile-response": init.token }),
      });
    },
    async cron() {
      const ctx = createExecutionContext();
      await cron(createScheduledController({ cron: "* * * * *", scheduledTime: clock.now }), testEnv, ctx);
      await waitOnExecutionContext(ctx);
    },
    async rows() {
      return (await env.DB.prepare("SELECT * FROM subscribers ORDER BY id").all<SubscriberRow>()).results;
    },
    logsOf: (event) => logs.filter((l) => l.line.event === event).map((l) => l.line),
  };
  return h;
}

/** Empty D1, KV and Durable Objects, then the schema again. */
export async function freshStorage(): Promise<void> {
  await reset();
  await migrateD1();
}

/** The keyed pseudonym the Worker stores for an address (the test environment's local-only key). */
export function pseudonym(address: string): Promise<string> {
  return subscriberPseudonym((env as unknown as { SUBSCRIBER_HASH_KEY: string }).SUBSCRIBER_HASH_KEY, address);
}

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
