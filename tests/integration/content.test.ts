import { resetStorage } from "../helpers/d1";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { createContentIsolateState, type Content } from "../../src/server/content/content";
import { contentForRequest } from "../../src/server/content/index";
import { EMULATOR_ENDPOINT } from "../../src/server/demo";
import { RESOLVE_RELATIONS } from "../../src/server/content/relations";
import { THEME_SLUG } from "../../src/server/content/theme";
import { createEmulator, type Fault } from "../../src/server/demo/emulator";
import { ContentError } from "../../src/server/content/errors";
import { createGuardedFetch, realSleep } from "../../src/server/content/retry";
import { createStoryblokApi } from "../../src/server/content/storyblok";
import { readConfig, type AppEnv } from "../../src/server/env";
import { createLogger, type LogLevel } from "../../src/shared/log";

interface Harness {
  content: Content;
  calls: URL[];
  sleeps: number[];
  logs: Array<{ level: LogLevel; line: Record<string, unknown> }>;
  settle: () => Promise<void>;
  setFault: (fault: ((url: URL) => Fault | undefined) | undefined) => void;
}

/**
 * The content layer exactly as a request gets it (`contentForRequest`: client, token bucket, the
 * visitor's and the background's guarded fetch, KV cache) over the emulator, with faults and, unless
 * real timers are asked for, a sleep that only moves the injected clock.
 */
function harness({ realTimers = false } = {}): Harness {
  const calls: URL[] = [];
  const sleeps: number[] = [];
  const logs: Harness["logs"] = [];
  let fault: ((url: URL) => Fault | undefined) | undefined;
  let clock = Date.now();
  const now = realTimers ? () => Date.now() : () => clock;
  const emulator = createEmulator(snapshot, { now, fault: (url) => fault?.(url) });
  const sleep = realTimers
    ? realSleep
    : async (ms: number) => {
        sleeps.push(ms);
        clock += ms;
      };
  const content = contentForRequest({
    config: readConfig(env as AppEnv),
    kv: env.CONTENT_CACHE,
    isolate: { state: createContentIsolateState() },
    logger: createLogger({ level: "debug", sink: (level, line) => logs.push({ level, line: JSON.parse(line) }) }),
    defer: (p) => void pending.push(p),
    answered: Promise.resolve(), // no page here: the answer is there at once
    now,
    sleep,
    origin: {
      name: "emulator",
      endpoint: EMULATOR_ENDPOINT,
      tokens: snapshot.tokens,
      fetch: async (input, init) => {
        calls.push(new URL(input instanceof Request ? input.url : String(input)));
        return emulator.fetch(input, init);
      },
    },
  });
  return {
    content,
    calls,
    sleeps,
    logs,
    settle: async () => void (await Promise.all(pending.splice(0))),
    setFault: (f) => (fault = f),
  };
}

// KV is shared by the tests of a file: every test starts from an empty cache, after the cache
// writes of the previous test have landed.
const pending: Promise<unknown>[] = [];
beforeEach(async () => {
  await Promise.allSettled(pending.splice(0));
  await resetStorage();
});

const storyCalls = (calls: URL[]) => calls.filter((u) => u.pathname.startsWith("/v2/cdn/stories/"));

describe("content cache in KV", () => {
  let h: Harness;
  beforeEach(() => {
    h = harness();
  });

  it("misses, then hits, keyed by the cache version", async () => {
    const first = await h.content.story("contact");
    expect(first.source).toBe("miss");
    expect(first.value.story.full_slug).toBe("contact");
    await h.settle();
    const keys = (await env.CONTENT_CACHE.list()).keys.map((k) => k.name);
    expect(keys.filter((k) => k.startsWith(`c:${snapshot.space.version}:story/contact?resolve_links=url`))).toHaveLength(1);
    expect(keys.filter((k) => k.startsWith("lkg:story/contact?resolve_links=url"))).toHaveLength(1);
    const second = await h.content.story("contact");
    expect(second.source).toBe("hit");
    expect(second.value.story.id).toBe(first.value.story.id);
    expect(storyCalls(h.calls)).toHaveLength(1);
    expect(storyCalls(h.calls)[0]!.searchParams.get("cv")).toBe(String(snapshot.space.version));
  });

  it("serves the last-known-good copy when Storyblok fails after a publish", async () => {
    await h.content.story("contact");
    await h.settle();
    await env.CONTENT_CACHE.put("cv:current", String(snapshot.space.version + 1));
    const after = harness();
    after.setFault((url) => (url.pathname.startsWith("/v2/cdn/stories") ? { status: 503 } : undefined));
    const stale = await after.content.story("contact");
    expect(stale.source).toBe("stale");
    expect(stale.value.story.full_slug).toBe("contact");
    expect(after.logs.some((l) => l.level === "warn" && l.line.event === "content.stale")).toBe(true);
  });

  it("fails with the ContentError when there is no copy to fall back on", async () => {
    h.setFault(() => ({ status: 503 }));
    const error = await h.content.story("contact").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect(error).toMatchObject({ status: 503, message: "Service Unavailable" });
  });

  it("remembers unknown slugs so repeated probes do not reach Storyblok", async () => {
    await expect(h.content.story("bestaat-niet")).rejects.toMatchObject({ status: 404 });
    await h.settle();
    await expect(h.content.story("bestaat-niet")).rejects.toMatchObject({ status: 404 });
    expect(storyCalls(h.calls)).toHaveLength(1);
  });

  it("deletes the last-known-good copy when the origin says the story is gone, so an outage cannot bring it back", async () => {
    await h.content.story("contact");
    await h.settle();
    const lkg = (await env.CONTENT_CACHE.list({ prefix: "lkg:story/contact" })).keys;
    expect(lkg).toHaveLength(1);
    await env.CONTENT_CACHE.put("cv:current", String(snapshot.space.version + 1));
    const gone = harness();
    gone.setFault((url) =>
      url.pathname.startsWith("/v2/cdn/stories/contact") ? { status: 404, body: ["This record could not be found"] } : undefined,
    );
    await expect(gone.content.story("contact")).rejects.toMatchObject({ status: 404 });
    await gone.settle();
    expect((await env.CONTENT_CACHE.list({ prefix: "lkg:story/contact" })).keys).toEqual([]);
    await env.CONTENT_CACHE.put("cv:current", String(snapshot.space.version + 2));
    const outage = harness();
    outage.setFault(() => ({ status: 503 }));
    await expect(outage.content.story("contact")).rejects.toMatchObject({ status: 503 });
  });

  it("never caches drafts", async () => {
    const draft = await h.content.story("home", { version: "draft" });
    expect(draft.source).toBe("draft");
    await h.settle();
    expect((await env.CONTENT_CACHE.list()).keys.filter((k) => k.name.includes("home"))).toEqual([]);
  });
});

describe("a cold isolate's cache version", () => {
  it("comes with the links list, asked without a cv; a long list's further pages are asked with that cv", async () => {
    const asked: URL[] = [];
    const cv = 1_700_000_123;
    const api = createStoryblokApi({
      endpoint: "https://api.storyblok.com/v2",
      token: "public",
      fetch: async (input) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        asked.push(url);
        const page = Number(url.searchParams.get("page") ?? 1);
        const links = Object.fromEntries(
          Array.from({ length: page < 3 ? 1000 : 500 }, (_, i) => [`u${page}-${i}`, { uuid: `u${page}-${i}`, slug: `s${page}-${i}` }]),
        );
        return new Response(JSON.stringify({ links, cv }), {
          headers: { "content-type": "application/json", total: "2500", "per-page": "1000" },
        });
      },
    });
    const answer = await api.linksAndVersion({ include_dates: 1 });
    expect(answer.cv).toBe(cv);
    expect(answer.links).toHaveLength(2500);
    expect(asked.map((url) => [url.pathname, url.searchParams.get("page"), url.searchParams.get("cv")])).toEqual([
      ["/v2/cdn/links", null, null],
      ["/v2/cdn/links", "2", String(cv)],
      ["/v2/cdn/links", "3", String(cv)],
    ]);
  });

  it("is refused (502) when the links answer names no usable cv: nothing is cached under it, and the next request asks again", async () => {
    const h = harness();
    h.setFault((url) =>
      url.pathname === "/v2/cdn/links" && !url.searchParams.has("cv") ? { status: 200, body: { links: {}, cv: "abc" } } : undefined,
    );
    await expect(h.content.links()).rejects.toMatchObject({ name: "ContentError", status: 502 });
    await h.settle();
    expect((await env.CONTENT_CACHE.list()).keys).toEqual([]);
    h.setFault(undefined);
    expect((await h.content.links()).value.length).toBeGreaterThan(10);
    await h.settle();
    expect(await env.CONTENT_CACHE.get("cv:current")).toBe(String(snapshot.space.version));
  });
});

describe("a page and its theme read together", () => {
  const params = { resolve_relations: RESOLVE_RELATIONS.join(","), resolve_links: "url" as const, cv: snapshot.space.version };
  const emulatorApi = (space = snapshot) => {
    const asked: URL[] = [];
    const emulator = createEmulator(space);
    const api = createStoryblokApi({
      endpoint: EMULATOR_ENDPOINT,
      token: space.tokens.public,
      fetch: async (input, init) => {
        asked.push(new URL(input instanceof Request ? input.url : String(input)));
        return emulator.fetch(input, init);
      },
    });
    return { api, asked };
  };

  it("gives every story exactly what its own call gives (its rels and links, resolved the same), in one call", async () => {
    const { api, asked } = emulatorApi();
    const slugs = snapshot.stories.map((story) => story.full_slug).filter((slug) => slug !== THEME_SLUG);
    expect(slugs.length).toBeGreaterThan(30);
    for (const slug of slugs) {
      asked.length = 0;
      const together = await api.storiesBySlugs([slug, THEME_SLUG], params);
      expect(asked.map((url) => url.searchParams.get("by_slugs"))).toEqual([`${slug},${THEME_SLUG}`]);
      expect([...together.keys()].toSorted()).toEqual([slug, THEME_SLUG].toSorted());
      expect(together.get(slug)).toEqual(await api.story(slug, params));
      expect(together.get(THEME_SLUG)).toEqual(await api.story(THEME_SLUG, params));
    }
    // the pages that have rels and links are among them
    expect((await api.story("contact", params)).rels.length).toBeGreaterThan(0);
    expect((await api.story("contact", params)).links.length).toBeGreaterThan(0);
  });

  it("leaves out a slug without a published story", async () => {
    const { api } = emulatorApi();
    const together = await api.storiesBySlugs(["bestaat-niet", THEME_SLUG], params);
    expect([...together.keys()]).toEqual([THEME_SLUG]);
  });

  it("asks for each story on its own when the answer's references come as bare uuids (past 50), still exactly as their own calls", async () => {
    // 60 more stories, all linked from the theme: one answer for page and theme names them by uuid only
    const extra = Array.from({ length: 60 }, (_, i) => ({
      ...structuredClone(snapshot.stories.find((story) => story.full_slug === "contact")!),
      id: 9_000_000 + i,
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      slug: `extra-${i}`,
      full_slug: `extra-${i}`,
    }));
    const space = structuredClone(snapshot);
    space.stories.push(...extra);
    const theme = space.stories.find((story) => story.full_slug === THEME_SLUG)!;
    (theme.content as unknown as Record<string, unknown>).extraLinks = extra.map((story) => ({
      fieldtype: "multilink",
      linktype: "story",
      id: story.uuid,
      cached_url: story.full_slug,
    }));
    const { api, asked } = emulatorApi(space);
    const together = await api.storiesBySlugs(["contact", THEME_SLUG], params);
    expect(asked.some((url) => url.pathname === "/v2/cdn/stories/contact")).toBe(true);
    expect(together.get("contact")).toEqual(await api.story("contact", params));
    expect(together.get(THEME_SLUG)).toEqual(await api.story(THEME_SLUG, params));
  });

  it("through the content layer: both missing, one call; each cached under its own name, so the next reads ask nothing", async () => {
    const h = harness();
    await h.content.cacheVersion();
    h.calls.length = 0;
    const [page, theme] = await Promise.all(h.content.storiesTogether(["contact", THEME_SLUG]));
    expect([page.source, page.value.story.full_slug, theme.source, theme.value.story.full_slug]).toEqual([
      "miss",
      "contact",
      "miss",
      THEME_SLUG,
    ]);
    expect(h.calls.map((url) => url.searchParams.get("by_slugs"))).toEqual([`contact,${THEME_SLUG}`]);
    await h.settle();
    h.calls.length = 0;
    const again = await Promise.all([h.content.story("contact"), h.content.story(THEME_SLUG)]);
    expect(again.map((read) => read.source)).toEqual(["hit", "hit"]);
    // with the theme cached, the next page (a folder's start page) misses alone and is asked for on its own
    const next = await Promise.all(h.content.storiesTogether(["cases/", THEME_SLUG]));
    expect(next.map((read) => read.source)).toEqual(["miss", "hit"]);
    expect(h.calls.map((url) => url.pathname)).toEqual(["/v2/cdn/stories/cases/"]);
  });

  it("a page that does not exist is remembered as not found; the theme beside it is cached", async () => {
    const h = harness();
    await h.content.cacheVersion();
    const [page, theme] = await Promise.allSettled(h.content.storiesTogether(["bestaat-niet", THEME_SLUG]));
    expect(page.status === "rejected" && page.reason instanceof ContentError && page.reason.notFound).toBe(true);
    expect(theme.status).toBe("fulfilled");
    await h.settle();
    h.calls.length = 0;
    await expect(h.content.story("bestaat-niet")).rejects.toMatchObject({ status: 404 });
    expect((await h.content.story(THEME_SLUG)).source).toBe("hit");
    expect(h.calls).toEqual([]);
  });
});

describe("one request, one read per listing", () => {
  it("two listing blocks that ask for the same stories share one read (a cold cache asks the origin once)", async () => {
    const h = harness();
    await h.content.cacheVersion();
    h.calls.length = 0;
    const query = { starts_with: "cases/", per_page: 3, sort_by: "first_published_at:desc" };
    const [first, second, other] = await Promise.all([
      h.content.stories(query),
      h.content.stories({ ...query }),
      h.content.stories({ ...query, per_page: 2 }),
    ]);
    expect([first.source, second.source, other.source]).toEqual(["miss", "miss", "miss"]);
    expect(second.value).toBe(first.value);
    expect(h.calls.map((url) => url.searchParams.get("per_page")).toSorted()).toEqual(["2", "3"]);
  });
});

describe("429 backoff and status handling", () => {
  it("retries a visitor's 429 after 1 s and 2 s and then succeeds", async () => {
    const h = harness();
    let left = 2;
    h.setFault((url) => (url.pathname.startsWith("/v2/cdn/stories/") && left-- > 0 ? { status: 429 } : undefined));
    const result = await h.content.story("contact");
    expect(result.value.story.full_slug).toBe("contact");
    expect(h.sleeps.filter((ms) => ms >= 1000)).toEqual([1000, 2000]);
  });

  it("gives a visitor's call up after 2 retries (a third would end past the 3 s budget) with a 429 ContentError", async () => {
    const h = harness();
    h.setFault((url) => (url.pathname.startsWith("/v2/cdn/stories/") ? { status: 429 } : undefined));
    const error = await h.content.story("contact").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect(error).toMatchObject({ status: 429, message: "Too Many Requests" });
    expect(h.sleeps.filter((ms) => ms >= 1000)).toEqual([1000, 2000]);
    expect(storyCalls(h.calls)).toHaveLength(3);
  });

  it("retries a refresh nobody waits for (the webhook's) after 1 s, 2 s ... 5 s, then gives up", async () => {
    const h = harness();
    h.setFault((url) => (url.pathname === "/v2/cdn/spaces/me" ? { status: 429 } : undefined));
    await expect(h.content.refreshCacheVersion()).rejects.toMatchObject({ status: 429 });
    expect(h.sleeps.filter((ms) => ms >= 1000)).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(h.calls.filter((u) => u.pathname === "/v2/cdn/spaces/me")).toHaveLength(6);
  });

  it("a background refresh that gets 429 four times succeeds on the fifth retry", async () => {
    const h = harness();
    let left = 4;
    h.setFault((url) => (url.pathname === "/v2/cdn/spaces/me" && left-- > 0 ? { status: 429 } : undefined));
    expect(await h.content.refreshCacheVersion()).toBe(snapshot.space.version);
  });

  it.each([200, 201, 203, 206])("accepts status %i as success", async (status) => {
    const fetch = createGuardedFetch({
      fetch: async () => new Response(JSON.stringify({ ok: true }), { status, headers: { "content-type": "application/json" } }),
      sleep: async () => {},
      acquire: async () => {},
    });
    const res = await fetch("https://api.storyblok.com/v2/cdn/stories/x?token=secret");
    expect(await res.json()).toEqual({ ok: true });
  });

  it.each([
    [199, "HTTP 199"],
    [207, "HTTP 207"],
    [301, "HTTP 301"],
    [401, "Unauthorized"],
    [404, "Not Found"],
    [500, "Internal Server Error"],
  ])("turns status %i into a ContentError with its status text", async (status, text) => {
    const fetch = createGuardedFetch({
      fetch: async () => fakeResponse(status),
      sleep: async () => {},
      acquire: async () => {},
    });
    const error = await fetch("https://api.storyblok.com/v2/cdn/stories/x?token=secret").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect(error).toMatchObject({ status, message: text, url: "https://api.storyblok.com/v2/cdn/stories/x?token=***" });
  });

  it("turns a network failure into a ContentError with status 0", async () => {
    const h = harness();
    h.setFault(() => ({ networkError: true }));
    await expect(h.content.story("contact")).rejects.toMatchObject({ name: "ContentError", status: 0 });
  });
});

describe("under load", () => {
  it("never hangs: 12 concurrent requests through the client, bucket and real timers all settle, answered or refused as busy", async () => {
    const h = harness({ realTimers: true });
    const slugs = ["home", "contact", "over-ons", "diensten"];
    const work = Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => h.content.stories({ starts_with: slugs[i % 4], page: 1 + Math.floor(i / 4) })),
    );
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("content requests hung")), 15_000));
    const results = (await Promise.race([work, timeout])) as Awaited<typeof work>;
    expect(results).toHaveLength(12);
    // 5 per second; a call without a copy waits its turn for at most START_BUDGET_MS: what cannot
    // start in time is refused (503), never queued on.
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    for (const reason of refused) expect(reason).toMatchObject({ name: "ContentError", status: 503 });
    expect(results.filter((result) => result.status === "fulfilled").length).toBeGreaterThanOrEqual(5);
  });
});

describe("access token", () => {
  it("logs an error when the access token is missing", () => {
    let called = 0;
    createStoryblokApi({ endpoint: "https://emulator.local/v2", token: "", fetch, onMissingToken: () => called++ });
    expect(called).toBe(1);
  });
});

/** A Response can't be built with a status below 200, so fake the one field the guard reads. */
function fakeResponse(status: number): Response {
  if (status >= 200) return new Response("{}", { status, statusText: "" });
  return { status, statusText: "", body: null, headers: new Headers() } as unknown as Response;
}
