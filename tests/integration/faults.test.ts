import { resetStorage } from "../helpers/d1";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import type { Fault } from "../../src/server/demo/emulator";
import { KV_READ_DEADLINE_MS } from "../../src/server/content/kv-store";
import type { LoadedStory } from "../../src/shared/content";
import { kvKeys, testInstance, testOrigin } from "../helpers/site";

/**
 * Faults beyond a failing origin: KV that does not answer (every read has a deadline), and an origin that
 * answers 200 with the wrong shape (checked before anything is cached, never over a good copy).
 * The whole Worker in workerd with an injected clock, sleep and deadline timer.
 */
const contact = snapshot.stories.find((story) => story.full_slug === "contact")!;

beforeEach(async () => {
  await resetStorage();
});

/** KV whose reads, once `hang()` is called, never answer (the writes still land). */
function hangingKv() {
  let hanging = false;
  const kv = env.CONTENT_CACHE;
  const never = () => new Promise<never>(() => {});
  const namespace = new Proxy(kv, {
    get(target, property) {
      if (hanging && (property === "get" || property === "getWithMetadata")) return never;
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    namespace,
    hang: () => {
      hanging = true;
    },
  };
}

interface SiteOptions {
  kv?: KVNamespace;
  /** Every deadline passes as soon as it is set: a read that has not answered by then never will. */
  instantDeadlines?: boolean;
}

function site(options: SiteOptions = {}) {
  const origin = testOrigin();
  const deadlines: number[] = [];
  const timer = options.instantDeadlines ? async (ms: number) => void deadlines.push(ms) : undefined;
  const instance = testInstance(origin, { kv: options.kv, timer });
  return {
    ...origin,
    ...instance,
    deadlines,
    /** A publish in Storyblok and its signed webhook: this isolate reads the new cv at once. */
    publish: async (slug: string) => {
      origin.advance(6000); // past the webhook's refresh throttle
      await instance.publish(slug);
    },
  };
}

async function lastGoodContact(): Promise<LoadedStory> {
  const key = (await kvKeys()).find((name) => name.startsWith("lkg:story/contact?"))!;
  return (JSON.parse((await env.CONTENT_CACHE.get(key))!) as { value: LoadedStory }).value;
}

describe("slow KV: every read has a deadline", () => {
  it("a fresh isolate whose KV reads never answer serves the page from the origin", async () => {
    const kv = hangingKv();
    kv.hang();
    const s = site({ kv: kv.namespace, instantDeadlines: true });
    const answer = await s.get("/contact");
    expect([answer.status, answer.source]).toEqual([200, "miss"]);
    expect(answer.text).toContain("<title>Contact");
    expect(new Set(s.deadlines)).toEqual(new Set([KV_READ_DEADLINE_MS]));
    expect(KV_READ_DEADLINE_MS).toBeLessThanOrEqual(500);
  });

  it("a warm isolate whose cv check is due: cached pages from the isolate, others from the origin, no waiting on KV", async () => {
    const kv = hangingKv();
    const s = site({ kv: kv.namespace, instantDeadlines: true });
    expect((await s.get("/contact")).status).toBe(200);
    s.advance(11_000); // past any memo of the cv
    kv.hang();
    const cached = await s.get("/contact");
    expect([cached.status, cached.source]).toEqual([200, "hit"]);
    const uncached = await s.get("/over-ons");
    expect([uncached.status, uncached.source]).toEqual([200, "miss"]);
  });

  it("KV not answering and the origin down: the last-known-good lookup is bounded too (503, Retry-After)", async () => {
    const kv = hangingKv();
    kv.hang();
    const s = site({ kv: kv.namespace, instantDeadlines: true });
    s.setFault(() => ({ status: 503 }));
    const answer = await s.get("/contact");
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("30");
  });
});

describe("a wrong-shaped origin answer is never cached and never replaces a good copy", () => {
  const theme = snapshot.stories.find((story) => story.full_slug === "theme/theme")!;
  // the contact story's answer, asked on its own or together with the theme (a page's cold read)
  const contactFault = (body: { story: unknown }) => (url: URL) => {
    if (url.pathname === "/v2/cdn/stories/contact") return { status: 200, body } satisfies Fault;
    if (url.pathname === "/v2/cdn/stories" && url.searchParams.get("by_slugs")?.split(",").includes("contact"))
      return { status: 200, body: { stories: [body.story, theme], rels: [], links: [], cv: 1 } } satisfies Fault;
    return undefined;
  };

  it.each([
    ["story null", { story: null }],
    ["content.body a string", { story: { ...contact, content: { ...contact.content, body: "kapot" } }, cv: 1, rels: [], links: [] }],
    ["content without a component", { story: { ...contact, content: { body: [] } }, cv: 1, rels: [], links: [] }],
  ])("after a publish the origin answers 200 with %s: the last-known-good copy, then the recovered page", async (_, body) => {
    const s = site();
    expect((await s.get("/contact")).status).toBe(200);
    const good = await lastGoodContact();
    await s.publish("home"); // a new cv: contact is read again (the webhook itself reads only home)
    s.advance(2000); // the rate limit refills after the webhook's own reads
    s.setFault(contactFault(body));
    const during = await s.get("/contact");
    expect([during.status, during.source]).toEqual([200, "stale"]);
    expect(during.text).toContain("<title>Contact");
    expect(await lastGoodContact()).toEqual(good);
    expect((await kvKeys()).filter((key) => key.startsWith(`c:${s.emulator.cacheVersion}:story/contact?`))).toEqual([]);
    // said by name: the answer of the wrong shape, then the stale copy served instead (a list holding
    // no story where one should be is refused whole, like a failed call: only the stale copy is said)
    const said = s.logs.filter((l) => /^story\/contact\?/.test(String(l.name)));
    expect(said.map((l) => [l.level, l.event])).toEqual(
      body.story === null
        ? [["warn", "content.stale"]]
        : [
            ["warn", "content.bad_answer"],
            ["warn", "content.stale"],
          ],
    );

    s.setFault(undefined);
    s.advance(2000);
    const after = await s.get("/contact");
    expect([after.status, after.source]).toEqual([200, "miss"]);
    expect(after.text).toContain("<title>Contact");
  });

  it("a combined answer missing a story the links list names is a bad answer: the copy is served and kept, nothing cached as not found", async () => {
    const s = site();
    expect((await s.get("/contact")).status).toBe(200);
    const good = await lastGoodContact();
    await s.publish("home"); // a new cv: contact and the theme are read again, together
    s.advance(2000); // the rate limit refills after the webhook's own reads
    // Storyblok's list answer leaves contact out, though the same cv's links list names it
    s.setFault((url) =>
      url.pathname === "/v2/cdn/stories" && url.searchParams.get("by_slugs")?.split(",").includes("contact")
        ? { status: 200, body: { stories: [theme], rels: [], links: [], cv: s.emulator.cacheVersion } }
        : undefined,
    );
    const during = await s.get("/contact");
    expect([during.status, during.source]).toEqual([200, "stale"]);
    expect(await lastGoodContact()).toEqual(good);
    expect((await kvKeys()).filter((key) => key.startsWith(`c:${s.emulator.cacheVersion}:story/contact?`))).toEqual([]);
    expect(s.logs.filter((l) => /^story\/contact\?/.test(String(l.name))).map((l) => [l.level, l.event, l.problem])).toEqual([
      ["warn", "content.bad_answer", "the links list names this story, the answer does not hold it"],
      ["warn", "content.stale", undefined],
    ]);
    // the origin recovers: the page is read again at once, not remembered as gone
    s.setFault(undefined);
    s.advance(2000);
    const after = await s.get("/contact");
    expect([after.status, after.source]).toEqual([200, "miss"]);
  });

  it("a story the links list no longer names is still gone: the list answer without it is a 404", async () => {
    const s = site();
    expect((await s.get("/over-ons")).status).toBe(200);
    s.emulator.unpublish("over-ons");
    await s.publish("home");
    expect((await s.get("/over-ons")).status).toBe(404);
  });

  it("a wrong shape without a copy to fall back on is a 503 with Retry-After, and the next request asks again", async () => {
    const s = site();
    s.setFault(contactFault({ story: null }));
    const during = await s.get("/contact");
    expect([during.status, during.headers.get("retry-after")]).toEqual([503, "30"]);
    s.setFault(undefined);
    s.advance(2000);
    expect((await s.get("/contact")).status).toBe(200);
  });

  it("a non-numeric cache version from spaces/me is refused: no NaN keys, the last cv stays current", async () => {
    const s = site();
    expect((await s.get("/")).status).toBe(200);
    s.setFault((url) =>
      url.pathname === "/v2/cdn/spaces/me" ? { status: 200, body: { space: { ...snapshot.space, version: "abc" } } } : undefined,
    );
    await s.publish("home");
    expect(await env.CONTENT_CACHE.get("cv:current")).toBe(String(snapshot.space.version));
    const page = await s.get("/");
    expect([page.status, page.source]).toEqual([200, "hit"]);
    expect((await kvKeys()).filter((key) => /NaN|undefined|null/.test(key))).toEqual([]);
    expect(s.logs.filter((l) => l.event === "webhook.refresh_failed")).toEqual([
      expect.objectContaining({ level: "error", error: expect.objectContaining({ name: "ContentError", message: "Bad Gateway" }) }),
    ]);
  });
});
