import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { resetStorage } from "../helpers/d1";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { createEmulator } from "../../src/server/demo/emulator";
import type { StoredBlok } from "../helpers/stored";
import { testApp } from "../helpers/site";
import type { Timer } from "../../src/shared/dates/deadline";
import { WEBHOOK_REFRESH_WAIT_MS, storyblokSignature } from "../../src/server/routes/webhook";

const SECRET = "storyblok-webhook-geheim";
const BASE = "http://www.koraal.test";
const home = snapshot.stories.find((story) => story.full_slug === "home")!;
const homeDraft = snapshot.drafts.find((story) => story.full_slug === "home")!;

/** A title the draft of home has and the published home does not: what a publish makes visible. */
function draftOnlyTitle(): string {
  const published = JSON.stringify(home.content);
  const titles: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      const blok = node as StoredBlok;
      if (typeof blok.title === "string" && /^[\w ,.-]+$/.test(blok.title) && !published.includes(blok.title)) titles.push(blok.title);
      Object.values(blok).forEach(walk);
    }
  };
  walk(homeDraft.content);
  return titles[0]!;
}

beforeEach(async () => {
  await resetStorage();
});

interface Options {
  secret?: string | null;
  env?: Record<string, string>;
  /** Holds the content API's `cdn/spaces/me` answers until released. */
  holdSpace?: Promise<void>;
  /** Called when `cdn/spaces/me` is asked (before it is held). */
  onSpace?: () => void;
  embedded?: boolean;
  /** Replaces waiting (the webhook's trailing refresh); records what was asked. */
  sleep?: (ms: number) => Promise<void>;
  /** How deadlines pass (the answer's wait for the cv read); default: real time. */
  timer?: Timer;
}

function setup(options: Options = {}) {
  const emulator = createEmulator(snapshot, { now: () => Date.parse("2026-03-02T10:00:00Z") });
  const logs: Array<Record<string, unknown>> = [];
  const spaceCalls: number[] = [];
  const contentFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/v2/cdn/spaces/me") {
      spaceCalls.push(Date.now());
      options.onSpace?.();
    }
    if (url.pathname === "/v2/cdn/spaces/me" && options.holdSpace) await options.holdSpace;
    return emulator.fetch(input, init);
  };
  const app = testApp({
    contentFetch: options.embedded ? undefined : contentFetch,
    sleep: options.sleep,
    timer: options.timer,
    logSink: (_, line) => logs.push(JSON.parse(line)),
  });
  const secret = options.secret === undefined ? SECRET : options.secret;
  const testEnv = { ...env, LOG_LEVEL: "debug", ...(secret ? { STORYBLOK_WEBHOOK_SECRET: secret } : {}), ...options.env } as typeof env;

  async function call(path: string, init?: RequestInit) {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(BASE + path, init), testEnv, ctx);
    return { response, done: waitOnExecutionContext(ctx) };
  }
  async function send(path: string, init?: RequestInit) {
    const { response, done } = await call(path, init);
    const text = await response.text();
    await done;
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as unknown };
  }
  const post = (path: string, body: string, signature?: string) =>
    send(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature === undefined ? {} : { "webhook-signature": signature }) },
      body,
    });
  return { emulator, logs, spaceCalls, call, send, post, page: async (path: string) => (await send(path)).text };
}

const publishedEvent = JSON.stringify({
  text: "The user editor published the Story Home (home)",
  action: "published",
  space_id: snapshot.space.id,
  story_id: home.id,
  full_slug: "home",
});

describe("POST /api/storyblok/webhook", () => {
  it("a signed publish makes the next page view show the new content", async () => {
    const title = draftOnlyTitle();
    expect(title).toBe("Van idee tot app in de stores, samen met Koraal");
    const site = setup();
    expect(await site.page("/")).not.toContain(title);

    site.emulator.publish("home");
    // Storyblok has the new version, the site still serves the cached one (cv unchanged)
    expect(await site.page("/")).not.toContain(title);

    const answer = await site.post("/api/storyblok/webhook", publishedEvent, await storyblokSignature(SECRET, publishedEvent));
    expect(answer.status).toBe(202);
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(answer.json()).toEqual({ message: "Ontvangen: de site toont de nieuwe inhoud zo meteen." });
    expect(await env.CONTENT_CACHE.get("cv:current")).toBe(String(site.emulator.cacheVersion));
    expect(site.emulator.cacheVersion).toBeGreaterThan(snapshot.space.version);

    const after = await site.send("/");
    expect(after.status).toBe(200);
    expect(after.text).toContain(title);
    // the webhook read the published story for the new cache version before it answered
    expect(after.headers.get("server-timing")).toMatch(/^content;desc="hit"/);
    expect(site.logs.filter((l) => l.event === "webhook.cache_version")).toEqual([
      expect.objectContaining({ action: "published", stories: ["home"], cv: site.emulator.cacheVersion }),
    ]);
  });

  it("answers 202 once it has read the new cache version and the published story: the isolate's next page view shows it", async () => {
    let release!: () => void;
    let asked!: () => void;
    const spaceAsked = new Promise<void>((resolve) => (asked = resolve));
    const site = setup({
      holdSpace: new Promise<void>((resolve) => (release = resolve)),
      onSpace: () => asked(),
    });
    expect(await site.page("/")).not.toContain(draftOnlyTitle());
    site.emulator.publish("home");
    const hook = site
      .call("/api/storyblok/webhook", {
        method: "POST",
        headers: { "webhook-signature": await storyblokSignature(SECRET, publishedEvent) },
        body: publishedEvent,
      })
      .then((call) => ({ ...call, loggedBefore: site.logs.map((line) => line.event) }));
    await spaceAsked;
    release();
    const { response, done, loggedBefore } = await hook;
    expect(response.status).toBe(202);
    expect(loggedBefore).toContain("webhook.cache_version");
    const next = await site.call("/"); // the webhook's background work not waited for: nothing of the publish is left to it
    expect(await next.response.text()).toContain(draftOnlyTitle());
    await Promise.all([done, next.done]);
  });

  it("a cv read slower than WEBHOOK_REFRESH_WAIT_MS does not hold the answer: it goes on after it", async () => {
    let release!: () => void;
    const deadlines: number[] = [];
    const site = setup({ holdSpace: new Promise<void>((resolve) => (release = resolve)), timer: async (ms) => void deadlines.push(ms) });
    site.emulator.publish("home");
    const { response, done } = await site.call("/api/storyblok/webhook", {
      method: "POST",
      headers: { "webhook-signature": await storyblokSignature(SECRET, publishedEvent) },
      body: publishedEvent,
    });
    expect(response.status).toBe(202);
    expect(deadlines).toContain(WEBHOOK_REFRESH_WAIT_MS);
    expect(await env.CONTENT_CACHE.get("cv:current")).toBeNull();
    release();
    await done;
    expect(await env.CONTENT_CACHE.get("cv:current")).toBe(String(site.emulator.cacheVersion));
  });

  it.each([
    ["no signature", async () => undefined],
    ["a signature made with another secret", () => storyblokSignature("niet-het-geheim", publishedEvent)],
    ["the signature of another body", () => storyblokSignature(SECRET, publishedEvent.replace("published", "unpublished"))],
    ["a truncated signature", async () => (await storyblokSignature(SECRET, publishedEvent)).slice(0, 39)],
    ["garbage", async () => "nope"],
  ])("refuses a forged call (%s) with 401 and refreshes nothing", async (_, signature) => {
    const site = setup();
    site.emulator.publish("home");
    const answer = await site.post("/api/storyblok/webhook", publishedEvent, await signature());
    expect(answer.status).toBe(401);
    expect(answer.json()).toEqual({ message: "Ongeldige handtekening." });
    expect(await env.CONTENT_CACHE.get("cv:current")).toBeNull();
    expect(site.logs.filter((l) => String(l.event).startsWith("webhook."))).toEqual([
      expect.objectContaining({ event: "webhook.refused", level: "warn" }),
    ]);
  });

  it("keeps serving the published page after a forged publish", async () => {
    const title = draftOnlyTitle();
    const site = setup();
    await site.page("/");
    site.emulator.publish("home");
    const forged = await site.post("/api/storyblok/webhook", publishedEvent, await storyblokSignature("niet-het-geheim", publishedEvent));
    expect(forged.status).toBe(401);
    expect(await env.CONTENT_CACHE.get("cv:current")).toBe(String(snapshot.space.version));
    expect(await site.page("/")).not.toContain(title);
  });

  it("accepts the signature in upper-case hex", async () => {
    const site = setup();
    const answer = await site.post(
      "/api/storyblok/webhook",
      publishedEvent,
      (await storyblokSignature(SECRET, publishedEvent)).toUpperCase(),
    );
    expect(answer.status).toBe(202);
  });

  it("refuses every call without a configured secret, and says so in the log once per isolate, at warn", async () => {
    const site = setup({ secret: null });
    for (const signature of [undefined, "0".repeat(40), await storyblokSignature(SECRET, publishedEvent)]) {
      const answer = await site.post("/api/storyblok/webhook", publishedEvent, signature);
      expect(answer.status).toBe(503);
      expect(answer.json()).toEqual({ message: "De webhook is niet ingesteld." });
    }
    expect(await env.CONTENT_CACHE.get("cv:current")).toBeNull();
    expect(site.logs.filter((l) => l.event === "webhook.refused")).toEqual([
      expect.objectContaining({ level: "warn", reason: "STORYBLOK_WEBHOOK_SECRET is not set: every webhook call is refused" }),
    ]);
  });

  it("processes a re-publish (the same signed bytes again) like the first: the new cache version is served", async () => {
    // Storyblok's bodies carry no timestamp or nonce: publishing a story twice sends identical bytes.
    const site = setup({ sleep: async () => {} }); // the second event falls in the throttle's interval: its refresh is queued, not waited for
    await site.page("/");
    const signature = await storyblokSignature(SECRET, publishedEvent);
    site.emulator.publish("home");
    const first = await site.post("/api/storyblok/webhook", publishedEvent, signature);
    const firstCv = site.emulator.cacheVersion;
    site.emulator.publish("home"); // published again, no draft in between: the cv moves once more
    const again = await site.post("/api/storyblok/webhook", publishedEvent, signature);
    expect([first.status, first.json()]).toEqual([202, { message: "Ontvangen: de site toont de nieuwe inhoud zo meteen." }]);
    expect([again.status, again.json()]).toEqual([202, { message: "Ontvangen: de site toont de nieuwe inhoud zo meteen." }]);
    expect(site.emulator.cacheVersion).toBeGreaterThan(firstCv);
    expect(await env.CONTENT_CACHE.get("cv:current")).toBe(String(site.emulator.cacheVersion));
    expect(site.logs.filter((l) => l.event === "webhook.cache_version").map((l) => l.cv)).toEqual([firstCv, site.emulator.cacheVersion]);
    // the page comes from the newest cv: the re-publish's refresh read the published story for it
    const after = await site.send("/");
    expect(after.status).toBe(200);
    const newest = await env.CONTENT_CACHE.list({ prefix: `c:${site.emulator.cacheVersion}:story/home?` });
    // in both languages
    expect(newest.keys.map((key) => /language=(\w+)/.exec(key.name)?.[1] ?? "nl").sort()).toEqual(["en", "nl"]);
    // no KV record per signed call: replays are bounded by the refresh throttle, not remembered
    expect((await env.CONTENT_CACHE.list({ prefix: "webhook:" })).keys).toEqual([]);
  });

  it.each([
    ["unpublished", { action: "unpublished", story_id: 1, full_slug: "over-ons" }],
    ["deleted", { action: "deleted", story_id: 1, full_slug: "over-ons" }],
    ["moved", { action: "moved", story_id: 1, full_slug: "nieuw/pad" }],
  ])("processes the same %s event sent twice both times", async (_, event) => {
    const site = setup({ sleep: async () => {} });
    const body = JSON.stringify({ text: "event", space_id: snapshot.space.id, ...event });
    const signature = await storyblokSignature(SECRET, body);
    const answers = [
      await site.post("/api/storyblok/webhook", body, signature),
      await site.post("/api/storyblok/webhook", body, signature),
    ];
    expect(answers.map((a) => [a.status, a.json()])).toEqual(
      Array(2).fill([202, { message: "Ontvangen: de site toont de nieuwe inhoud zo meteen." }]),
    );
    expect(site.spaceCalls).toHaveLength(2);
    expect(site.logs.filter((l) => l.event === "webhook.cache_version")).toHaveLength(2);
  });

  it("refreshes the cache version at most once per 5 s per isolate, and never loses the last event of a burst", async () => {
    const waits: number[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const site = setup({
      sleep: (ms) => {
        waits.push(ms);
        return held;
      },
    });
    const bodies = Array.from({ length: 10 }, (_, i) =>
      JSON.stringify({ text: `publish ${i}`, action: "published", story_id: home.id, full_slug: "home" }),
    );
    const calls = await Promise.all(
      bodies.map(async (body) =>
        site.call("/api/storyblok/webhook", {
          method: "POST",
          headers: { "webhook-signature": await storyblokSignature(SECRET, body) },
          body,
        }),
      ),
    );
    expect(calls.map(({ response }) => response.status)).toEqual(Array(10).fill(202));
    release();
    await Promise.all(calls.map(({ done }) => done));
    // the first event refreshes at once; the other nine share one refresh at the end of the interval
    expect(site.spaceCalls).toHaveLength(2);
    // one wait for the interval's end (the rate limit's turns, also recorded, are shorter than a second)
    const intervalWaits = waits.filter((ms) => ms >= 1000);
    expect(intervalWaits).toHaveLength(1);
    expect(intervalWaits[0]).toBeLessThanOrEqual(5000);
  });

  it.each([
    ["story unpublished", { action: "unpublished", story_id: 1 }],
    ["story deleted", { action: "deleted", story_id: 1 }],
    ["story moved", { action: "moved", story_id: 1, full_slug: "nieuw/pad" }],
    ["datasource entries updated", { action: "entries_updated", datasource_slug: "redirects" }],
    ["release merged", { action: "release_merged", release_id: 7 }],
  ])("refreshes the cache version on %s", async (_, event) => {
    const site = setup();
    const body = JSON.stringify({ text: "event", space_id: snapshot.space.id, ...event });
    const answer = await site.post("/api/storyblok/webhook", body, await storyblokSignature(SECRET, body));
    expect(answer.status).toBe(202);
    expect(await env.CONTENT_CACHE.get("cv:current")).toBe(String(snapshot.space.version));
  });

  it.each([
    ["an asset upload", { action: "created", asset_id: 3 }],
    ["an asset deletion", { action: "deleted", asset_id: 3 }],
    ["a workflow stage change", { action: "workflow_stage_changed", story_id: 1, workflow_stage_name: "Review" }],
  ])("acknowledges %s with 200 and leaves the cache alone", async (_, event) => {
    const site = setup();
    const body = JSON.stringify({ text: "event", space_id: snapshot.space.id, ...event });
    const answer = await site.post("/api/storyblok/webhook", body, await storyblokSignature(SECRET, body));
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ message: "Genegeerd: deze gebeurtenis verandert geen gepubliceerde inhoud." });
    expect(await env.CONTENT_CACHE.get("cv:current")).toBeNull();
  });

  it("answers JSON errors: 400 for a signed body that is not an event, 405, 413", async () => {
    const site = setup();
    for (const body of ["not json", "[]", '{"text":"no action"}']) {
      const answer = await site.post("/api/storyblok/webhook", body, await storyblokSignature(SECRET, body));
      expect(answer.status).toBe(400);
      expect(answer.json()).toEqual({ message: "Ongeldige webhook: verwacht een JSON-object met action." });
    }
    const get = await site.send("/api/storyblok/webhook");
    expect([get.status, get.headers.get("allow"), get.json()]).toEqual([405, "POST", { message: "Deze methode is hier niet toegestaan." }]);
    const big = JSON.stringify({ action: "published", story_id: 1, pad: "x".repeat(70_000) });
    const tooBig = await site.post("/api/storyblok/webhook", big, await storyblokSignature(SECRET, big));
    expect([tooBig.status, tooBig.json()]).toEqual([413, { message: "Het verzoek is te groot." }]);
  });
});

describe("POST /api/storyblok/emulator/publish (local runs)", () => {
  const publish = async (site: ReturnType<typeof setup>, fullSlug: string, secret = SECRET) => {
    const body = JSON.stringify({ full_slug: fullSlug });
    return site.post("/api/storyblok/emulator/publish", body, await storyblokSignature(secret, body));
  };

  it("publishes a draft in the embedded emulator and runs the webhook: the page shows it next", async () => {
    const title = draftOnlyTitle();
    const site = setup({ embedded: true });
    expect(await site.page("/")).not.toContain(title);
    const answer = await publish(site, "home");
    expect(answer.status).toBe(202);
    expect(answer.json()).toEqual({ message: "Ontvangen: de site toont de nieuwe inhoud zo meteen." });
    expect(await site.page("/")).toContain(title);
    expect(site.logs.filter((l) => l.event === "webhook.cache_version")).toHaveLength(1);
  });

  it('takes a story offline with "action": "unpublished" and runs the webhook: the page is gone next, its copy too', async () => {
    const site = setup({ embedded: true });
    expect((await site.send("/contact")).status).toBe(200);
    const body = JSON.stringify({ full_slug: "contact", action: "unpublished" });
    const answer = await site.post("/api/storyblok/emulator/publish", body, await storyblokSignature(SECRET, body));
    expect([answer.status, answer.json()]).toEqual([202, { message: "Ontvangen: de site toont de nieuwe inhoud zo meteen." }]);
    expect((await site.send("/contact")).status).toBe(404);
    expect((await env.CONTENT_CACHE.list({ prefix: "lkg:story/contact" })).keys).toEqual([]);
    const unknownAction = JSON.stringify({ full_slug: "contact", action: "deleted" });
    const refused = await site.post("/api/storyblok/emulator/publish", unknownAction, await storyblokSignature(SECRET, unknownAction));
    expect([refused.status, refused.json()]).toEqual([
      400,
      { message: 'Stuur {"full_slug": "...", "action": "published" of "unpublished"}.' },
    ]);
  });

  it("is signed like the webhook, and knows only existing stories", async () => {
    const site = setup({ embedded: true });
    const forged = await publish(site, "home", "fout");
    expect([forged.status, forged.json()]).toEqual([401, { message: "Ongeldige handtekening." }]);
    const unknown = await publish(site, "bestaat/niet");
    expect([unknown.status, unknown.json()]).toEqual([404, { message: 'Geen story met full_slug "bestaat/niet".' }]);
  });

  it("does not exist without a secret (with a real Storyblok space not at all: demo-mode.test.ts)", async () => {
    const answer = await publish(setup({ embedded: true, secret: null }), "home");
    expect([answer.status, answer.json()]).toEqual([404, { message: "Niet gevonden." }]);
  });
});
