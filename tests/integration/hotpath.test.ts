import { resetStorage } from "../helpers/d1";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { cacheKey, requestName } from "../../src/server/content/cache";
import { RESOLVE_RELATIONS } from "../../src/server/content/relations";
import { AUTHORITY_FRESH_MS } from "../../src/server/content/cv-authority";
import { START_BUDGET_MS } from "../../src/server/content/admission";
import { CV_CHECK_MS } from "../../src/server/content/cache-version";
import type { Fault } from "../../src/server/demo/emulator";
import type { Sleep } from "../../src/server/content/retry";
import { storyblokSignature } from "../../src/server/routes/webhook";
import { recordCacheVersion } from "../helpers/cache-version";
import { BASE, WEBHOOK_SECRET, kvKeys, testInstance, testOrigin } from "../helpers/site";

/**
 * The content hot path under attack and under faults: the whole Worker in workerd,
 * real KV, the emulator's fault injection, an injected clock and (unless real time matters) an
 * injected sleep that only records how long a request would have waited.
 */
const CACHED = ["/", "/contact", "/cases"];

beforeEach(async () => {
  await resetStorage();
});

interface SiteOptions {
  kv?: KVNamespace;
  /**
   * Real time matters (a hanging origin, the request budget): the clock moves with real time as
   * well as with `advance`, and the origin's hang is real. The code's own waits (a 429's backoff, a
   * turn in the rate limit) move the clock at once instead of waiting: a background check retrying
   * a 429 five times would otherwise hold the test for 15 s.
   */
  realTime?: boolean;
}

function site(options: SiteOptions = {}) {
  const origin = testOrigin({ realTime: options.realTime });
  const instance = testInstance(origin, { kv: options.kv, sleep: options.realTime ? clockSleep(origin) : undefined });
  return {
    ...origin,
    ...instance,
    /** Moves the injected clock: past 5 s a request starts a background check of the cv. */
    advance: origin.advance,
    /**
     * Nobody has read the cv from Storyblok for over a minute: KV's copy has run out (60 s TTL) and
     * the authority's is due, so the next check asks Storyblok (once).
     */
    expireCv: async () => {
      await env.CONTENT_CACHE.delete("cv:current");
      origin.advance(AUTHORITY_FRESH_MS + 1000);
    },
    /** A publish moved the cv (as the webhook's isolate records it), and this isolate's check has seen it. */
    moveCv: async (cv: number) => {
      await recordCacheVersion(cv, origin.now());
      origin.advance(CV_CHECK_MS + 1000);
      await instance.get("/bestaat-niet"); // answered from the cached links list; starts the check and waits for it
    },
  };
}

/** A wait that moves the injected clock by its length and returns at once. */
function clockSleep(origin: { advance: (ms: number) => void }): Sleep {
  return async (ms) => origin.advance(ms);
}

/** Visits pages one by one, 2 s apart on the injected clock (the rate limit refills), then forgets the waits. */
async function warm(s: ReturnType<typeof site>, paths = CACHED): Promise<void> {
  for (const path of paths) {
    expect((await s.get(path)).status).toBe(200);
    s.advance(2000);
  }
  s.sleeps.length = 0;
}

describe("a cold site (fresh isolate, empty KV): the first page asks only for what it shows", () => {
  it("takes the cache version from the links answer and reads the page with its theme: home's six calls: five in the burst, the sixth waits its turn once", async () => {
    const s = site();
    const home = await s.get("/");
    expect([home.status, home.source]).toEqual([200, "miss"]);
    const paths = s.originCalls().map((url) => url.pathname.replace(/^\/v2\/cdn\//, ""));
    // the page and theme, its two listings, and the vacancies' closing dates (what the header may link to)
    expect(paths.toSorted()).toEqual(["datasource_entries", "links", "stories", "stories", "stories", "stories"]);
    // the page and the theme, both missing, in one call
    const together = s.originCalls("/v2/cdn/stories").filter((url) => url.searchParams.has("by_slugs"));
    expect(together.map((url) => url.searchParams.get("by_slugs"))).toEqual(["home,theme/theme"]);
    // the burst of 5 lets five calls go at once; the sixth (the closing dates, since links to a closed
    // vacancy are left out) waits one turn, on a site whose KV is empty only
    expect(s.sleeps.filter((ms) => ms > 0)).toEqual([200]);
    const storyParams = { resolve_relations: RESOLVE_RELATIONS.join(","), resolve_links: "url" };
    for (const slug of ["home", "theme/theme"])
      expect(await kvKeys()).toContain(cacheKey(snapshot.space.version, requestName(`story/${slug}`, storyParams)));
    // the links list was asked without a cv; its answer's cv is now the site's, everywhere
    const links = s.originCalls("/v2/cdn/links");
    expect(links.map((url) => url.searchParams.get("cv"))).toEqual([null]);
    expect(await env.CONTENT_CACHE.get("cv:current")).toBe(String(snapshot.space.version));
    expect(await env.CONTENT_CACHE.get("cv:last")).toBe(String(snapshot.space.version));
    for (const url of s.originCalls().filter((url) => !url.pathname.endsWith("/links")))
      expect(url.searchParams.get("cv")).toBe(String(snapshot.space.version));
    expect(await kvKeys()).toContain(`c:${snapshot.space.version}:links?include_dates=1`);
    // and the next page of the isolate reads that list from the cache
    s.calls.length = 0;
    expect((await s.get("/contact")).status).toBe(200);
    expect(s.originCalls("/v2/cdn/links")).toEqual([]);
  });
});

describe("a storm of unknown URLs: unique misses before the cv expires do not stall the site", () => {
  // three times what the rate limit lets through within a visitor's budget (a burst of 5 and 15
  // more in 3 s): a story call per miss could not hide among them (each miss renders the error
  // screen, so 150 of them cost ~5 s of CPU to show the same)
  const STORM = 3 * (5 + (START_BUDGET_MS / 1000) * 5);

  it(`${STORM} unique unknown URLs cost no story call, one cv refresh, and cached pages wait for nothing`, async () => {
    const s = site();
    await warm(s);
    await s.expireCv();
    s.calls.length = 0;
    const storm = Array.from({ length: STORM }, (_, i) => s.get(`/onbekend-${i}`));
    const pages = CACHED.map((path) => s.get(path));
    const answers = await Promise.all([...storm, ...pages]);
    expect(new Set(answers.slice(0, STORM).map((a) => a.status))).toEqual(new Set([404]));
    expect(answers.slice(STORM).map((a) => [a.status, a.source])).toEqual(CACHED.map(() => [200, "hit"]));
    expect(s.originCalls("/v2/cdn/stories")).toEqual([]);
    expect(s.originCalls("/v2/cdn/spaces/me")).toHaveLength(1);
    expect(s.sleeps).toEqual([]);
  });

  it("a burst of cold misses without copies waits its turn at the rate limit, at most 3 s: past that, 503 with Retry-After", async () => {
    const s = site();
    await warm(s, ["/"]);
    await resetStorage(); // every page is cold now, no copy left; the isolate still knows the cv
    s.calls.length = 0;
    const paths = snapshot.stories
      .filter((story) => !/^theme\/|^team\/.|^home$/.test(story.full_slug))
      .map((story) => `/${story.full_slug.replace(/\/$/, "")}`); // a start page's full_slug ends in "/"
    const answers = await Promise.all(paths.map((path) => s.get(path)));
    expect(Math.max(...s.sleeps)).toBe(START_BUDGET_MS);
    // the clock stands still: the burst of 5 and 15 queued within the 3 s budget, nothing more
    expect(s.originCalls().length).toBe(5 + (START_BUDGET_MS / 1000) * 5);
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.headers.get("retry-after")).toBe("30");
    }
    expect(answers.some((a) => a.status === 503)).toBe(true);
  });
});

describe("no cache growth from URLs: page numbers, ids and unknown paths do not multiply KV keys or origin calls", () => {
  it("answers 404 past the last listing page and for pages without listings, with no call and no key", async () => {
    const s = site();
    await warm(s, ["/", "/cases", "/contact", "/?pagina=2"]);
    const before = await kvKeys();
    s.calls.length = 0;
    for (const path of ["/?pagina=3", "/?pagina=9999", "/cases?pagina=2", "/cases?pagina=9999", "/contact?pagina=2"]) {
      const answer = await s.get(path);
      expect([path, answer.status]).toEqual([path, 404]);
    }
    expect((await s.get("/?pagina=2")).status).toBe(200);
    expect(s.calls).toEqual([]);
    expect(await kvKeys()).toEqual(before);
  });

  it("unknown paths and a story's numeric id are 404 without an origin call or a KV write", async () => {
    const s = site();
    await warm(s);
    // the first path of a cache version that is no page reads the learned redirects (moved pages)
    // once and keeps them under the cv: one key per cache version, not one per URL
    expect((await s.get("/nog-onbekend")).status).toBe(404);
    const before = await kvKeys();
    s.calls.length = 0;
    for (const path of [
      "/0612401001",
      "/612401004",
      "/00612401004",
      "/bestaat-niet",
      ...Array.from({ length: 20 }, (_, i) => `/x${i}/y`),
    ]) {
      const answer = await s.get(path);
      expect([path, answer.status]).toEqual([path, 404]);
    }
    expect(s.calls).toEqual([]);
    expect(await kvKeys()).toEqual(before);
  });

  it("sends other spellings of a page to the page itself, never a 200 at a second URL", async () => {
    const s = site();
    await warm(s);
    for (const [path, location] of [
      ["/c%6Fntact", "/contact"],
      ["/%63ases?x=1", "/cases?x=1"],
      ["/%68ome", "/"],
    ] as const) {
      const answer = await s.get(path);
      expect([path, answer.status, answer.headers.get("location")]).toEqual([path, 301, location]);
    }
    expect((await s.get("/Contact")).status).toBe(404);
  });

  it("unknown query parameters create no cache entries; the canonical link is the story's path", async () => {
    const s = site();
    await warm(s);
    const before = await kvKeys();
    const answer = await s.get("/contact?utm_source=x&foo=bar&pagina=abc");
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`<link rel="canonical" href="${BASE}/contact"/>`);
    expect(await kvKeys()).toEqual(before);
  });
});

describe("origin outage (hanging, 503, 429 to everything): every page with a copy answers 200 within 2 s, the others 503", () => {
  const faults: Array<[string, Fault]> = [
    ["hanging", { delayMs: 60_000 }],
    ["failing with 503", { status: 503 }],
    ["answering 429 to everything", { status: 429 }],
  ];

  it.each(faults)("origin %s: a KV-cached page after the cv expired answers 200 at once", async (_, fault) => {
    const s = site({ realTime: true });
    await warm(s, ["/contact"]);
    await s.expireCv();
    s.setFault(() => fault);
    const answer = await s.get("/contact");
    expect([answer.status, answer.source]).toEqual([200, "hit"]);
    expect(answer.ms).toBeLessThan(2000);
  });

  it.each(faults)("origin %s: a page known only from its last-known-good copy answers 200 within 2 s", async (_, fault) => {
    const s = site({ realTime: true });
    await warm(s, ["/contact"]);
    await s.moveCv(snapshot.space.version + 1); // a publish: nothing is cached under the new cv
    s.setFault(() => fault);
    const answer = await s.get("/contact");
    expect([answer.status, answer.source]).toEqual([200, "stale"]);
    expect(answer.ms).toBeLessThan(2000);
  });

  it.each(faults)("origin %s: a page without any copy gets the error screen with 503 and Retry-After, no hang", async (_, fault) => {
    const s = site({ realTime: true });
    await warm(s, ["/contact"]);
    await s.moveCv(snapshot.space.version + 1);
    s.setFault(() => fault);
    const answer = await s.get("/over-ons");
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("30");
    expect(answer.text).toContain("Something went wrong");
    expect(answer.ms).toBeLessThan(8000);
  });
});

/** The content cache whose reads (and, optionally, writes) fail, as KV does during an incident. */
function failingKv({ writes = false } = {}): KVNamespace {
  const kv = env.CONTENT_CACHE;
  const fail = async () => {
    throw new Error("KV GET failed: 500 Internal Server Error");
  };
  return new Proxy(kv, {
    get(target, property) {
      if (property === "get" || property === "getWithMetadata") return fail;
      if (writes && (property === "put" || property === "delete")) return fail;
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("KV failures: KV is best effort", () => {
  it("with KV reads failing, pages and the sitemap come from the origin (200) and the failure is logged", async () => {
    const s = site({ kv: failingKv() });
    for (const path of ["/", "/contact", "/sitemap.xml"]) {
      const answer = await s.get(path);
      expect([path, answer.status]).toEqual([path, 200]);
      s.advance(2000); // nothing is cached: give the rate limit time to refill between visits
    }
    expect(s.logs.some((l) => l.event === "content.kv_read_failed" && l.level === "warn")).toBe(true);
    expect(s.logs.filter((l) => l.level === "error")).toEqual([]);
  });

  it("with KV reads and writes failing, a page still answers 200", async () => {
    const s = site({ kv: failingKv({ writes: true }) });
    expect((await s.get("/contact")).status).toBe(200);
  });

  it("with KV reads failing and the origin down, a page is a 503 with Retry-After, not a 500", async () => {
    const s = site({ kv: failingKv(), realTime: true });
    s.setFault(() => ({ status: 503 }));
    const answer = await s.get("/contact");
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("30");
  });
});

describe("unpublished content: gone means gone, also during an outage", () => {
  it("an unpublished page does not come back from its last-known-good copy during a later outage", async () => {
    const s = site({ realTime: true });
    await warm(s, ["/over-ons"]);
    s.emulator.unpublish("over-ons");
    await s.moveCv(s.emulator.cacheVersion);
    expect((await s.get("/over-ons")).status).toBe(404);
    // later: another publish moves the cv, and the origin is down
    await s.moveCv(s.emulator.cacheVersion + 1);
    s.setFault(() => ({ status: 503 }));
    expect((await s.get("/over-ons")).status).toBe(404);
  });

  it("the webhook's unpublished event removes the copy: an outage with an old links list shows no ghost", async () => {
    const s = site({ realTime: true });
    await warm(s, ["/over-ons"]);
    const story = snapshot.stories.find((candidate) => candidate.full_slug === "over-ons")!;
    s.emulator.unpublish("over-ons");
    const event = JSON.stringify({ text: "unpublished", action: "unpublished", space_id: snapshot.space.id, story_id: story.id });
    const hook = await s.get("/api/storyblok/webhook", {
      method: "POST",
      headers: { "webhook-signature": await storyblokSignature(WEBHOOK_SECRET, event) },
      body: event,
    });
    expect(hook.status).toBe(202);
    expect((await kvKeys()).filter((key) => key.startsWith("lkg:story/over-ons"))).toEqual([]);
    // an outage right after, before any visitor saw the new links list: only the old one is known
    await s.moveCv(s.emulator.cacheVersion + 1);
    s.setFault(() => ({ status: 503 }));
    const answer = await s.get("/over-ons");
    expect(answer.status).not.toBe(200);
  });

  it("last-known-good copies expire (weeks, not never)", async () => {
    const s = site();
    await warm(s, ["/contact"]);
    const { keys } = await env.CONTENT_CACHE.list({ prefix: "lkg:" });
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.expiration).toBeGreaterThan(Date.now() / 1000 + 20 * 86400);
      expect(key.expiration).toBeLessThan(Date.now() / 1000 + 40 * 86400);
    }
  });
});
