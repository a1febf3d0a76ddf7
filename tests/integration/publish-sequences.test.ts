import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { PUBLISH_CRON_PATH } from "../../src/server/publish/cron";
import { storyblokSignature } from "../../src/server/routes/webhook";
import { resetStorage } from "../helpers/d1";
import { anchors, brokenLinks } from "../helpers/internal-links";
import { testInstance, testOrigin, WEBHOOK_SECRET, type TestOrigin } from "../helpers/site";

/**
 * Publish sequences as editors really make them, replayed against the app as production wires it
 * (`createApp`, its cron, signed webhooks; the emulator's content changed between publishes), on an
 * injected clock: the throttle's waits move the clock, nothing sleeps. After each sequence, on the
 * isolate that got the webhooks and on a fresh one: every old URL answers one 301 to the live page
 * (or 404 once the story is gone), no URL of the sitemap redirects or loops, and every internal link
 * of every page in both languages answers 200 directly, in its page's language.
 */
beforeEach(async () => {
  await resetStorage();
});

const MEASURING = "insights/meten-wat-ertoe-doet";
const storyId = (fullSlug: string) => snapshot.stories.find((story) => story.full_slug === fullSlug)!.id;

type Instance = ReturnType<typeof testInstance>;
type Answer = Awaited<ReturnType<Instance["call"]>>;

/** One isolate of the site whose waits (the webhook throttle's interval, the rate limit) move the test's clock. */
function isolate(origin: TestOrigin) {
  return testInstance(origin, { kv: env.CONTENT_CACHE, sleep: async (ms) => origin.advance(ms) });
}

/**
 * Storyblok for one test, its clock an hour past the last test's: cache versions (Unix times) only
 * grow, also across tests, as on a real space; no test meets a cv an earlier one made.
 */
let epoch = 0;
function newOrigin(): TestOrigin {
  const next = testOrigin();
  next.advance(++epoch * 3_600_000);
  return next;
}

/** The site's world: Storyblok (the emulator) and one isolate that gets the webhooks. */
async function site({ served = true } = {}) {
  const origin = newOrigin();
  const a = isolate(origin);
  if (served) await a.get("/"); // the site has been serving pages
  await a.cron(); // the cron trigger has run (every minute, and right after a deploy)
  return { origin, a };
}

/** The signed webhook Storyblok sends for `action` on `fullSlug` (answered; its background work may still run). */
async function webhook(instance: Instance, action: "published" | "unpublished", fullSlug: string, id: number): Promise<Answer> {
  const body = JSON.stringify({ text: `${action} ${fullSlug}`, action, full_slug: fullSlug, story_id: id });
  const answer = await instance.call("/api/storyblok/webhook", {
    method: "POST",
    headers: { "webhook-signature": await storyblokSignature(WEBHOOK_SECRET, body) },
    body,
  });
  expect(answer.status).toBe(202);
  return answer;
}

/**
 * An editor renames the story and publishes it, and the next rename `gapMs` later, each announced by
 * its webhook: with a gap of 0 all webhooks arrive at once. Answers the full_slugs in order.
 */
async function renames(origin: TestOrigin, a: Instance, from: string, slugs: string[], gapMs: number): Promise<string[]> {
  const id = storyId(from);
  const seen: string[] = [];
  const pending: Answer[] = [];
  let current = from;
  for (const slug of slugs) {
    current = origin.emulator.rename(current, slug);
    origin.emulator.publish(current);
    seen.push(current);
    const answer = webhook(a, "published", current, id);
    if (gapMs === 0) pending.push(await answer);
    else {
      await (await answer).settled;
      origin.advance(gapMs);
    }
  }
  await Promise.all(pending.map((answer) => answer.settled));
  return seen;
}

const path = (fullSlug: string) => `/${fullSlug}`;

/** What `path` answers: status and Location. */
async function answer(instance: Instance, at: string) {
  const res = await instance.get(at);
  return { status: res.status, location: res.headers.get("location") };
}

/**
 * Every old path answers one 301 to `live` (which answers 200), or 404 without a live page, on
 * `instance` and on a fresh isolate (nothing in memory: KV and D1 only); on the fresh one, every URL
 * the sitemap lists answers 200 directly (no redirect, no loop), and so does every internal link of
 * each of those pages, in the page's language (tests/helpers/internal-links.ts).
 */
async function expectSite(origin: TestOrigin, instance: Instance, expected: { old: string[]; live?: string }, { links = true } = {}) {
  const fresh = isolate(origin);
  for (const server of [instance, fresh]) {
    for (const old of expected.old)
      expect({ old, ...(await answer(server, old)) }).toEqual(
        expected.live ? { old, status: 301, location: expected.live } : { old, status: 404, location: null },
      );
    if (expected.live) expect(await answer(server, expected.live)).toEqual({ status: 200, location: null });
  }
  // every page of the sitemap and its links, on the isolate that has only KV and D1 (what every other isolate has)
  await expectSitemapServes(fresh, expected.live, links);
}

/** The sitemap lists the site (`live` among it); each page and each of its internal links answers 200 directly. */
async function expectSitemapServes(server: Instance, live?: string, links = true) {
  const sitemap = await server.get("/sitemap.xml");
  expect(sitemap.status).toBe(200);
  const urls = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(urls.length).toBeGreaterThan(30);
  if (live) expect(urls).toContain(encodeURI(live));
  if (links) expect(await brokenLinks(server)).toEqual([]);
  else expect((await Promise.all(urls.map((url) => answer(server, decodeURI(url))))).filter((page) => page.status !== 200)).toEqual([]);
}

// each sequence crawls the sitemap and every link of its pages afterwards: ~80 pages, far longer than the default 20 s
describe("publish sequences end as the same publishes made slowly", { timeout: 240_000 }, () => {
  it.each([0, 1000, 5000])("renames %i ms apart: every old path answers one 301 to the live page", async (gapMs) => {
    const { origin, a } = await site();
    const [first, second] = await renames(origin, a, MEASURING, ["a1", "a2"], gapMs);
    await expectSite(origin, a, { old: [path(MEASURING), path(first!)], live: path(second!) });
  });

  it("three renames 1 s apart, then renamed back: the first path is the page again, the middle ones lead to it", async () => {
    const { origin, a } = await site();
    const [first, second] = await renames(origin, a, MEASURING, ["a1", "a2", "meten-wat-ertoe-doet"], 1000);
    await expectSite(origin, a, { old: [path(first!), path(second!)], live: path(MEASURING) });
  });

  it("renamed onto a CMS redirect's source: the page wins there, no loop, and content health tells the editor", async () => {
    // the redirects datasource holds /oude-pagina -> /over-ons
    const { origin, a } = await site();
    await renames(origin, a, "over-ons", ["oude-pagina"], 5000);
    await expectSite(origin, a, { old: ["/over-ons"], live: "/oude-pagina" });
    const report = (await env.CONTENT_CACHE.get(`content-health/v1/${storyId("over-ons")}`, "json")) as {
      findings: Array<{ rule: string; severity: string; field: string }>;
    };
    expect(report.findings.filter((finding) => finding.rule === "redirect.shadowed")).toEqual([
      expect.objectContaining({ rule: "redirect.shadowed", severity: "warning", field: "slug" }),
    ]);
  });

  it("one event replayed ten times at once, then again: the rename is learned once", async () => {
    const { origin, a } = await site();
    const id = storyId(MEASURING);
    const renamed = origin.emulator.rename(MEASURING, "a1");
    origin.emulator.publish(renamed);
    const replays = await Promise.all(Array.from({ length: 10 }, () => webhook(a, "published", renamed, id)));
    await Promise.all(replays.map((replay) => replay.settled));
    origin.advance(1000);
    await (await webhook(a, "published", renamed, id)).settled;
    await expectSite(origin, a, { old: [path(MEASURING)], live: path(renamed) });
    expect(a.logs.filter((line) => line.event === "moved_pages.learned").map(({ from, to }) => ({ from, to }))).toEqual([
      { from: path(MEASURING), to: path(renamed) },
    ]);
  });

  it("unpublished between two renames: the old paths are 404 while it is gone, and lead to the page once it is back", async () => {
    const { origin, a } = await site();
    const id = storyId(MEASURING);
    const [first] = await renames(origin, a, MEASURING, ["a1"], 1000);
    const second = origin.emulator.rename(first!, "a2"); // the editor renames the draft ...
    origin.emulator.unpublish(first!); // ... someone takes the page offline meanwhile ...
    await (await webhook(a, "unpublished", first!, id)).settled;
    origin.advance(1000);
    await expectSite(origin, a, { old: [path(MEASURING), path(first!)] });
    origin.emulator.publish(second); // ... and the renamed draft is published
    await (await webhook(a, "published", second, id)).settled;
    await expectSite(origin, a, { old: [path(MEASURING), path(first!)], live: path(second) });
  });

  it("a first rename on an empty database, on an isolate that never served a page: learned (the cron learned the paths first)", async () => {
    const { origin, a } = await site({ served: false });
    // the cron's one run learned every page's path of the current cache version into the empty database
    const learned = await env.DB.prepare("SELECT cv FROM page_paths_cv WHERE id = 1").first<number>("cv");
    const me = await origin.emulator.fetch(`https://api.storyblok.com/v2/cdn/spaces/me?token=${snapshot.tokens.public}`);
    const current = ((await me.json()) as { space: { version: number } }).space.version;
    expect(learned).toBe(current);
    expect(
      await env.DB.prepare("SELECT lang, path FROM page_paths WHERE story_id = ?1 ORDER BY lang").bind(storyId(MEASURING)).all(),
    ).toMatchObject({
      results: [
        { lang: "en", path: "/en/insights/measuring-what-matters" },
        { lang: "nl", path: path(MEASURING) },
      ],
    });
    // only the scheduled handler reaches the cron's route: a visitor's call is answered as a page's path is
    expect((await a.get(PUBLISH_CRON_PATH, { method: "POST" })).status).toBe((await a.get("/onbekend", { method: "POST" })).status);
    const [renamed] = await renames(origin, a, MEASURING, ["a1"], 1000);
    await expectSite(origin, a, { old: [path(MEASURING)], live: path(renamed!) });
  });

  it("a first rename on an empty database, on an isolate whose KV holds nothing of the version before it: learned from the cron's paths", async () => {
    const { origin } = await site({ served: false });
    // another location's KV, or entries expired: the version before the rename has no links list at hand
    for (const { name } of (await env.CONTENT_CACHE.list()).keys) await env.CONTENT_CACHE.delete(name);
    const b = isolate(origin);
    const [renamed] = await renames(origin, b, MEASURING, ["a1"], 1000);
    await expectSite(origin, b, { old: [path(MEASURING)], live: path(renamed!) });
  });
});

describe("a vacancy closes by the clock, with no publish", { timeout: 240_000 }, () => {
  it("renamed before: its old path is gone with it (404, not a 301 to its 410); every link of every page answers 200", async () => {
    const { origin, a } = await site();
    const [renamed] = await renames(origin, a, "vacatures/product-designer", ["designer"], 5000);
    expect(await answer(a, "/vacatures/product-designer")).toEqual({ status: 301, location: path(renamed!) });
    origin.advance(Date.parse("2030-01-31T23:59:00Z") - origin.now()); // its validThrough
    const fresh = isolate(origin);
    for (const server of [a, fresh]) {
      expect(await answer(server, "/vacatures/product-designer")).toEqual({ status: 404, location: null });
      expect(await answer(server, path(renamed!))).toEqual({ status: 410, location: null });
      expect(await answer(server, "/en/jobs/product-designer")).toEqual({ status: 410, location: null });
    }
    await expectSitemapServes(fresh);
    expect((await fresh.get("/sitemap.xml")).text).not.toContain("designer</loc>");
  });
});

describe("a listing served from its last-known-good copy after a publish", { timeout: 60_000 }, () => {
  // the copy a refill deferred for want of a spare token serves (decision 021): read before the publishes
  it("links a renamed story's live page and leaves out one unpublished since, in both languages", async () => {
    const { origin, a } = await site();
    await a.get("/en"); // both home pages were served: their Insights listings have copies
    const id = storyId(MEASURING);
    origin.emulator.rename(MEASURING, "measured", "en");
    const renamed = origin.emulator.rename(MEASURING, "a1");
    origin.emulator.publish(renamed);
    await (await webhook(a, "published", renamed, id)).settled;
    origin.advance(5000);
    const EDGE = "insights/streamen-vanaf-de-edge";
    origin.emulator.unpublish(EDGE);
    await (await webhook(a, "unpublished", EDGE, storyId(EDGE))).settled;
    // the listings of the new cache version cannot be read: every isolate serves their copies
    origin.setFault((url) =>
      url.pathname === "/v2/cdn/stories" && url.searchParams.get("starts_with") === "insights/" ? { status: 500 } : undefined,
    );
    const fresh = isolate(origin);
    const insightLinks = async (page: string) =>
      anchors((await fresh.get(page)).text)
        .map((anchor) => anchor.href)
        .filter((href) => /^(\/en)?\/insights\/./.test(href));
    expect(await insightLinks("/")).toEqual(["/insights/a1", "/insights/native-flutter-of-react-native"]);
    expect(await insightLinks("/en")).toEqual(["/en/insights/measured", "/en/insights/native-flutter-or-react-native"]);
    for (const live of ["/insights/a1", "/en/insights/measured"])
      expect(await answer(fresh, live)).toEqual({ status: 200, location: null });
    // each home page's Insights listing came from its copy (refill deferred or origin failed), none from the origin
    const copies = new Set(["content.refill_deferred", "content.stale"]);
    const insightListings = fresh.logs.filter((line) => String(line.name ?? "").includes("content_type=InsightDetail"));
    expect(insightListings.map((line) => (copies.has(String(line.event)) ? "copy" : line.event))).toEqual(["copy", "copy"]);
  });
});

describe("replays of one signed event", { timeout: 60_000 }, () => {
  it("200 at once cost one content-health run and one KV write per key", async () => {
    const origin = newOrigin();
    const writes: string[] = [];
    const kv = new Proxy(env.CONTENT_CACHE, {
      get(target, name) {
        if (name === "put")
          return (key: string, ...rest: Parameters<KVNamespace["put"]> extends [unknown, ...infer R] ? R : never) => {
            writes.push(key);
            return target.put(key, ...rest);
          };
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const a = testInstance(origin, { kv, sleep: async (ms) => origin.advance(ms) });
    await a.get("/");
    await a.cron();
    origin.advance(60_000);
    origin.emulator.publish("contact");
    writes.length = 0;
    const replays = await Promise.all(Array.from({ length: 200 }, () => webhook(a, "published", "contact", storyId("contact"))));
    await Promise.all(replays.map((replay) => replay.settled));
    expect(a.logs.filter((line) => line.event === "content.health")).toHaveLength(1);
    const perKey = new Map<string, number>();
    for (const key of writes) perKey.set(key, (perKey.get(key) ?? 0) + 1);
    expect([...perKey].filter(([, count]) => count !== 1)).toEqual([]);
    expect(writes).toContain(`content-health/v1/${storyId("contact")}`);
  });
});

describe("replays of one unpublish", { timeout: 60_000 }, () => {
  it("50 at once delete the story's copy and report once each", async () => {
    const origin = newOrigin();
    const deletes: string[] = [];
    const kv = new Proxy(env.CONTENT_CACHE, {
      get(target, name) {
        if (name === "delete")
          return (key: string) => {
            deletes.push(key);
            return target.delete(key);
          };
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const a = testInstance(origin, { kv, sleep: async (ms) => origin.advance(ms) });
    await a.get("/contact");
    origin.emulator.unpublish("contact");
    deletes.length = 0;
    const replays = await Promise.all(Array.from({ length: 50 }, () => webhook(a, "unpublished", "contact", storyId("contact"))));
    await Promise.all(replays.map((replay) => replay.settled));
    const perKey = new Map<string, number>();
    for (const key of deletes) perKey.set(key, (perKey.get(key) ?? 0) + 1);
    expect([...perKey].filter(([, count]) => count !== 1)).toEqual([]);
    expect(deletes).toContain(`content-health/v1/${storyId("contact")}`);
    expect((await a.get("/contact")).status).toBe(404);
  });
});

describe("the sitemap needs only the links", () => {
  it("answers 200 with every page when the stories API fails", async () => {
    const origin = newOrigin();
    const a = isolate(origin);
    origin.setFault((url) => (url.pathname === "/v2/cdn/stories" ? { status: 500 } : undefined));
    const sitemap = await a.get("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain("<loc>http://www.koraal.test/insights/meten-wat-ertoe-doet</loc>");
  });
});
