import { reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { CV_CHECK_MS } from "../../src/server/content/cache-version";
import { migrateD1 } from "../helpers/d1";
import { testInstance, testOrigin, type TestOrigin } from "../helpers/site";

/**
 * Slugs that move keep their old URLs: an editor renames a story's slug and publishes; the signed
 * webhook reaches one isolate (a); the other (b) learns the new cache version by its own check.
 * Both answer the old path with a 301 to the new one, also after the next publish.
 */
beforeEach(async () => {
  await reset();
  await migrateD1();
});

const MEASURING = { nl: "insights/meten-wat-ertoe-doet", en: "/en/insights/measuring-what-matters" };
const NATIVE = "insights/native-flutter-of-react-native";

type Instance = ReturnType<typeof testInstance>;

/** Two isolates on one origin, KV and D1; the webhook goes to `a`. */
function world(options: { limit?: number } = {}) {
  const origin = testOrigin();
  const isolate = () => testInstance(origin, { kv: env.CONTENT_CACHE, ...(options.limit ? { movedPagesLimit: options.limit } : {}) });
  return { origin, a: isolate(), b: isolate() };
}

/** An editor renames the story's slug (or its English one) and publishes; the webhook goes to `to`. Answers the new full_slug. */
async function rename(origin: TestOrigin, to: Instance, fullSlug: string, slug: string, language?: string): Promise<string> {
  const renamed = origin.emulator.rename(fullSlug, slug, language);
  origin.advance(1000);
  await to.publish(renamed);
  return renamed;
}

/** Lets b's cv check run (it serves what it had meanwhile) so its next request has the new cache version. */
async function catchUp(origin: TestOrigin, b: Instance) {
  origin.advance(CV_CHECK_MS + 1000);
  await b.get("/contact"); // starts b's check in the background; `get` waits for it
}

const answer = async (instance: Instance, path: string) => {
  const res = await instance.get(path);
  return { status: res.status, location: res.headers.get("location") };
};

const moved = (location: string) => ({ status: 301, location });

describe("a renamed slug keeps its old URL", () => {
  it("the old path answers 301 to the new one on every isolate, also after the next publish", async () => {
    const { origin, a, b } = world();
    expect((await a.get("/insights/meten-wat-ertoe-doet")).status).toBe(200);
    expect((await b.get("/insights/meten-wat-ertoe-doet")).status).toBe(200);

    await rename(origin, a, MEASURING.nl, "meten-wat-telt");
    expect(await answer(a, "/insights/meten-wat-ertoe-doet")).toEqual(moved("/insights/meten-wat-telt"));
    expect((await a.get("/insights/meten-wat-telt")).status).toBe(200);
    await catchUp(origin, b);
    expect(await answer(b, "/insights/meten-wat-ertoe-doet")).toEqual(moved("/insights/meten-wat-telt"));
    // the query goes along; the redirect is kept briefly (renaming back removes it)
    const withQuery = await b.get("/insights/meten-wat-ertoe-doet?utm_source=nieuwsbrief");
    expect(withQuery.headers.get("location")).toBe("/insights/meten-wat-telt?utm_source=nieuwsbrief");
    expect(withQuery.headers.get("cache-control")).toBe("public, max-age=300");
    expect(a.logs.filter((line) => line.event === "moved_pages.learned")).toEqual([
      expect.objectContaining({ from: "/insights/meten-wat-ertoe-doet", to: "/insights/meten-wat-telt" }),
    ]);

    // the next publish (another story, a new cache version): still there, on both
    origin.advance(6000);
    await a.publish("contact");
    await catchUp(origin, b);
    for (const isolate of [a, b])
      expect(await answer(isolate, "/insights/meten-wat-ertoe-doet")).toEqual(moved("/insights/meten-wat-telt"));
    // the English page did not move
    expect((await b.get(MEASURING.en)).status).toBe(200);
  });

  it("kept across deploys: a new isolate with empty memory and a new cache version reads it from D1", async () => {
    const { origin, a } = world();
    await a.get("/");
    await rename(origin, a, MEASURING.nl, "meten-wat-telt");
    await env.CONTENT_CACHE.list().then(({ keys }) => Promise.all(keys.map((key) => env.CONTENT_CACHE.delete(key.name))));
    origin.advance(6000);
    origin.emulator.publish("contact"); // a publish nobody was told about: the fresh isolate finds the new cv itself
    const fresh = testInstance(origin, { kv: env.CONTENT_CACHE });
    expect(await answer(fresh, "/insights/meten-wat-ertoe-doet")).toEqual(moved("/insights/meten-wat-telt"));
  });

  it("an English translated slug that moves keeps its old English URL", async () => {
    const { origin, a, b } = world();
    await a.get(MEASURING.en);
    await rename(origin, a, MEASURING.nl, "what-matters", "en");
    expect(await answer(a, MEASURING.en)).toEqual(moved("/en/insights/what-matters"));
    expect((await a.get("/en/insights/what-matters")).status).toBe(200);
    expect((await a.get("/insights/meten-wat-ertoe-doet")).status).toBe(200); // the Dutch page did not move
    await catchUp(origin, b);
    expect(await answer(b, MEASURING.en)).toEqual(moved("/en/insights/what-matters"));
  });

  it("renaming back removes the redirect (and the way back is learned)", async () => {
    const { origin, a, b } = world();
    await a.get("/");
    const renamed = await rename(origin, a, MEASURING.nl, "meten-wat-telt");
    origin.advance(6000);
    await rename(origin, a, renamed, "meten-wat-ertoe-doet");
    await catchUp(origin, b);
    for (const isolate of [a, b]) {
      expect(await answer(isolate, "/insights/meten-wat-ertoe-doet")).toEqual({ status: 200, location: null });
      expect(await answer(isolate, "/insights/meten-wat-telt")).toEqual(moved("/insights/meten-wat-ertoe-doet"));
    }
  });

  it("never chained: A->B->C answers A->C, and B->C is kept", async () => {
    const { origin, a, b } = world();
    await a.get("/");
    const second = await rename(origin, a, MEASURING.nl, "meten-wat-telt");
    origin.advance(6000);
    await rename(origin, a, second, "meten-en-weten");
    await catchUp(origin, b);
    for (const isolate of [a, b]) {
      expect(await answer(isolate, "/insights/meten-wat-ertoe-doet")).toEqual(moved("/insights/meten-en-weten"));
      expect(await answer(isolate, "/insights/meten-wat-telt")).toEqual(moved("/insights/meten-en-weten"));
    }
  });

  it("never shadows a page: another page at the old path wins, and the redirect goes", async () => {
    const { origin, a, b } = world();
    await a.get("/");
    await rename(origin, a, MEASURING.nl, "meten-wat-telt");
    origin.advance(6000);
    await rename(origin, a, NATIVE, "meten-wat-ertoe-doet"); // another story takes the old path
    await catchUp(origin, b);
    for (const isolate of [a, b]) {
      const page = await isolate.get("/insights/meten-wat-ertoe-doet");
      expect(page.status).toBe(200);
      expect(page.text).toContain("Native, Flutter of React Native?");
      expect(await answer(isolate, "/insights/native-flutter-of-react-native")).toEqual(moved("/insights/meten-wat-ertoe-doet"));
      expect(await answer(isolate, "/insights/meten-wat-telt")).toEqual({ status: 200, location: null });
    }
    const rows = await env.DB.prepare("SELECT from_path, to_path FROM moved_pages ORDER BY from_path").all();
    expect(rows.results).toEqual([{ from_path: "/insights/native-flutter-of-react-native", to_path: "/insights/meten-wat-ertoe-doet" }]);
  });

  it("bounded: past the limit the oldest redirect is dropped, and logged", async () => {
    const { origin, a } = world({ limit: 2 });
    await a.get("/");
    let slug = MEASURING.nl;
    for (const next of ["een", "twee", "drie"]) {
      slug = await rename(origin, a, slug, next);
      origin.advance(6000);
    }
    // een, twee and the first path all lead to drie; the oldest (the first path) went
    expect(await answer(a, "/insights/meten-wat-ertoe-doet")).toEqual({ status: 404, location: null });
    expect(await answer(a, "/insights/een")).toEqual(moved("/insights/drie"));
    expect(await answer(a, "/insights/twee")).toEqual(moved("/insights/drie"));
    expect(a.logs.filter((line) => line.event === "moved_pages.dropped")).toEqual([
      expect.objectContaining({ level: "warn", limit: 2, dropped: [{ from: "/insights/meten-wat-ertoe-doet", to: "/insights/drie" }] }),
    ]);
  });
});
