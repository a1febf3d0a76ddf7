import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import type { Timer } from "../../src/shared/dates/deadline";
import { createEmulator, type Fault } from "../../src/server/demo/emulator";
import type { Sleep } from "../../src/server/content/retry";
import { type AppDeps, createApp, createScheduled } from "../../src/server/index";
import { storyblokSignature } from "../../src/server/routes/webhook";

/**
 * The whole Worker in workerd, wired as production wires it (`createApp`), over the emulator as
 * Storyblok: one origin and one clock per test, shared by every app instance (isolate) it starts.
 */
export const BASE = "http://www.koraal.test";
export const WEBHOOK_SECRET = "storyblok-webhook-geheim";
const START = Date.parse("2026-03-02T10:00:00Z");
/** A guard, not a sleep: an answer that has not come after this long will not come. */
const ANSWER_GUARD_MS = 10_000;

/**
 * The Worker's app as src/server/index.ts wires it, but for what a test replaces (`AppDeps`: time,
 * the content origin, log output, the memos, ...): one isolate's app. Every integration test builds
 * its app here, so a change to how the app is wired is made in one place.
 */
export function testApp(deps: AppDeps = {}) {
  if (deps.now || deps.sleep) return createApp(deps);
  const { now, sleep } = waitless();
  return createApp({ ...deps, now, sleep });
}

/**
 * Real time, except that a wait (the rate limit's turn, a 429's backoff) moves this clock by its
 * length instead of passing: what a test that brings no clock of its own runs on. A cold crawl of
 * the site at 5 origin calls a second otherwise waits seconds of real time for its tokens.
 */
export function waitless(): { now: () => number; sleep: Sleep; advance: (ms: number) => void } {
  let offset = 0;
  const advance = (ms: number) => {
    offset += Math.max(0, ms);
  };
  return {
    now: () => Date.now() + offset,
    sleep: async (ms) => advance(ms),
    /** Moves the clock on by `ms` (a test's own jump, e.g. past a background check's interval). */
    advance,
  };
}

export interface OriginOptions {
  /** The clock also moves with real time (a hanging origin, the request budget); default: only with `advance`. */
  realTime?: boolean;
}

/** Storyblok (the emulator, with injectable faults), the calls that reached it, and the test's clock. */
export function testOrigin(options: OriginOptions = {}) {
  let offset = START;
  const started = Date.now();
  const now = () => offset + (options.realTime ? Date.now() - started : 0);
  let fault: ((url: URL) => Fault | undefined) | undefined;
  const emulator = createEmulator(snapshot, { now, fault: (url) => fault?.(url) });
  const calls: URL[] = [];
  return {
    emulator,
    calls,
    now,
    advance: (ms: number) => {
      offset += ms;
    },
    setFault: (next: typeof fault) => {
      fault = next;
    },
    fetch: (async (input, init) => {
      calls.push(new URL(input instanceof Request ? input.url : String(input)));
      return emulator.fetch(input, init);
    }) satisfies typeof fetch,
    /** The calls that reached the origin under a path prefix. */
    originCalls: (prefix = "/v2/cdn/") => calls.filter((url) => url.pathname.startsWith(prefix)),
  };
}

export type TestOrigin = ReturnType<typeof testOrigin>;

export interface InstanceOptions {
  kv?: KVNamespace;
  /** A `CV_AUTHORITY` binding in place of the real Durable Object. */
  authority?: unknown;
  /** How deadlines wait; default: real time. */
  timer?: Timer;
  /** How retries and the rate limit wait; default: not at all, recorded in `sleeps`. */
  sleep?: Sleep;
  /** How many learned redirects the isolate keeps (default: the site's bound). */
  movedPagesLimit?: number;
}

/** One isolate: the app with its own memory, the test's origin and clock, KV and the webhook secret. */
export function testInstance(origin: TestOrigin, options: InstanceOptions = {}) {
  const logs: Array<Record<string, unknown>> = [];
  const sleeps: number[] = [];
  const app = testApp({
    now: origin.now,
    sleep: options.sleep ?? (async (ms) => void sleeps.push(ms)),
    timer: options.timer,
    contentFetch: origin.fetch,
    logSink: (_, line) => logs.push(JSON.parse(line)),
    movedPagesLimit: options.movedPagesLimit,
  });
  const instanceEnv = {
    ...env,
    LOG_LEVEL: "debug",
    STORYBLOK_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...(options.kv ? { CONTENT_CACHE: options.kv } : {}),
    ...(options.authority ? { CV_AUTHORITY: options.authority } : {}),
  } as unknown as typeof env;

  /** A request, answered; `settled` resolves when its background work (waitUntil) has ended. */
  async function call(path: string, init?: RequestInit) {
    const ctx = createExecutionContext();
    const started = Date.now();
    let guard: ReturnType<typeof setTimeout> | undefined;
    const res = await Promise.race([
      app.fetch(new Request(BASE + path, { redirect: "manual", ...init }), instanceEnv, ctx),
      new Promise<never>((_, reject) => (guard = setTimeout(() => reject(new Error(`no answer for ${path}`)), ANSWER_GUARD_MS))),
    ]);
    clearTimeout(guard);
    const text = await res.text();
    const ms = Date.now() - started;
    const source = /content;desc="(\w+)"/.exec(res.headers.get("server-timing") ?? "")?.[1];
    return { status: res.status, headers: res.headers, text, ms, source, settled: waitOnExecutionContext(ctx) };
  }

  /** A request whose background work has ended too. */
  async function get(path: string, init?: RequestInit) {
    const answer = await call(path, init);
    await answer.settled;
    return answer;
  }

  /** An editor's action in Storyblok, and its signed webhook to this isolate (accepted). */
  async function announce(action: "published" | "unpublished", slug: string) {
    if (action === "published") origin.emulator.publish(slug);
    else origin.emulator.unpublish(slug);
    const body = JSON.stringify({ text: `${action} ${slug}`, action, full_slug: slug, story_id: 1 });
    const hook = await get("/api/storyblok/webhook", {
      method: "POST",
      headers: { "webhook-signature": await storyblokSignature(WEBHOOK_SECRET, body) },
      body,
    });
    expect(hook.status).toBe(202);
  }

  const scheduled = createScheduled(app, { now: origin.now, logSink: (_, line) => logs.push(JSON.parse(line)) });
  /** The cron trigger fires once (every minute in production): its work has ended when this resolves. */
  async function cron() {
    const ctx = createExecutionContext();
    await scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: origin.now() }), instanceEnv as never, ctx);
    await waitOnExecutionContext(ctx);
  }

  return {
    logs,
    sleeps,
    call,
    get,
    cron,
    /** A publish in Storyblok, and its signed webhook to this isolate (accepted). */
    publish: (slug: string) => announce("published", slug),
    /** An unpublish in Storyblok, and its signed webhook to this isolate (accepted). */
    unpublish: (slug: string) => announce("unpublished", slug),
  };
}

export async function kvKeys(): Promise<string[]> {
  return (await env.CONTENT_CACHE.list()).keys.map((key) => key.name).sort();
}

/** A `CV_AUTHORITY` binding that records when it is read and answers "nothing newer; not yours to ask Storyblok". */
export function recordingAuthority() {
  const reads: number[] = [];
  const binding = {
    idFromName: () => ({}),
    get: () => ({
      read: async (now: number) => {
        reads.push(now);
        return { refresh: false };
      },
      report: async () => {},
    }),
  };
  return { reads, binding };
}
