import { describe, expect, it } from "vitest";
import { NEEDED, type OriginCall } from "../../src/server/content/admission";
import { ContentError } from "../../src/server/content/errors";
import { createStoryBatch } from "../../src/server/content/story-batch";

/** A read whose answer has a copy to be served instead: its call is a refill (admission.ts). */
const withCopy: OriginCall = { urgency: "refill", hasCopy: async () => true };
const withoutCopy: OriginCall = { urgency: "refill", hasCopy: async () => false };

/** Loaders that record their calls and answer with the slug (and cv) they were asked for. */
function loaders({ missing = [] as string[], fail = false } = {}) {
  const calls: Array<{ kind: "one" | "many"; slugs: string[]; cv: number }> = [];
  const origin: OriginCall[] = [];
  return {
    calls,
    origin,
    one: async (slug: string, cv: number, call: OriginCall) => {
      calls.push({ kind: "one", slugs: [slug], cv });
      origin.push(call);
      return `${slug}@${cv}`;
    },
    many: async (slugs: string[], cv: number, call: OriginCall) => {
      calls.push({ kind: "many", slugs, cv });
      origin.push(call);
      if (fail) throw new ContentError(503, "Service Unavailable");
      return new Map(slugs.filter((slug) => !missing.includes(slug)).map((slug) => [slug, `${slug}@${cv}`]));
    },
  };
}

describe("reading stories together", () => {
  it("loads the misses of every read in one call, and only once each read has missed", async () => {
    const l = loaders();
    const batch = createStoryBatch(["home", "theme/theme"], l);
    const home = batch.load("home", 7, withCopy);
    await Promise.resolve();
    expect(l.calls).toEqual([]); // the theme's read has not missed yet
    const theme = batch.load("theme/theme", 7, withCopy);
    expect(await Promise.all([home, theme])).toEqual(["home@7", "theme/theme@7"]);
    expect(l.calls).toEqual([{ kind: "many", slugs: ["home", "theme/theme"], cv: 7 }]);
  });

  it("loads a story on its own when the other read settled without it (a cache hit)", async () => {
    const l = loaders();
    const batch = createStoryBatch(["home", "theme/theme"], l);
    const home = batch.load("home", 7, withCopy);
    batch.settled("theme/theme");
    expect(await home).toBe("home@7");
    expect(l.calls).toEqual([{ kind: "one", slugs: ["home"], cv: 7 }]);
  });

  it("asks for nothing when every read settled from the cache", () => {
    const l = loaders();
    const batch = createStoryBatch(["home", "theme/theme"], l);
    batch.settled("home");
    batch.settled("theme/theme");
    expect(l.calls).toEqual([]);
  });

  it("a story the answer lacks is not found (404); the others are loaded", async () => {
    const l = loaders({ missing: ["gone"] });
    const batch = createStoryBatch(["gone", "theme/theme"], l);
    const [gone, theme] = await Promise.allSettled([batch.load("gone", 7, withCopy), batch.load("theme/theme", 7, withCopy)]);
    expect(gone.status === "rejected" && gone.reason instanceof ContentError && gone.reason.notFound).toBe(true);
    expect(theme).toEqual({ status: "fulfilled", value: "theme/theme@7" });
  });

  it("a failed call fails every read in it (each read then takes its own last-known-good copy)", async () => {
    const l = loaders({ fail: true });
    const batch = createStoryBatch(["home", "theme/theme"], l);
    const reads = await Promise.allSettled([batch.load("home", 7, withCopy), batch.load("theme/theme", 7, withCopy)]);
    expect(reads.map((read) => read.status)).toEqual(["rejected", "rejected"]);
    expect(l.calls).toHaveLength(1);
  });

  it("reads of different cache versions are not mixed in one call", async () => {
    const l = loaders();
    const batch = createStoryBatch(["home", "theme/theme"], l);
    expect(await Promise.all([batch.load("home", 7, withCopy), batch.load("theme/theme", 8, withCopy)])).toEqual([
      "home@7",
      "theme/theme@8",
    ]);
    expect(l.calls).toEqual([
      { kind: "one", slugs: ["home"], cv: 7 },
      { kind: "one", slugs: ["theme/theme"], cv: 8 },
    ]);
  });

  it("a read outside the batch, or after it went, loads on its own", async () => {
    const l = loaders();
    const batch = createStoryBatch(["home", "theme/theme"], l);
    batch.settled("theme/theme");
    await batch.load("home", 7, withCopy);
    expect(await batch.load("contact", 7, withCopy)).toBe("contact@7");
    expect(await batch.load("theme/theme", 7, withCopy)).toBe("theme/theme@7");
    expect(l.calls.map((call) => call.kind)).toEqual(["one", "one", "one"]);
  });

  it("one call for several reads is a refill only if every read has a copy, else it waits as the most urgent one", async () => {
    const copies = async (first: OriginCall, second: OriginCall) => {
      const l = loaders();
      const batch = createStoryBatch(["home", "theme/theme"], l);
      await Promise.all([batch.load("home", 7, first), batch.load("theme/theme", 7, second)]);
      const [call] = l.origin;
      return [call!.urgency, await call!.hasCopy?.()];
    };
    expect(await copies(withCopy, withCopy)).toEqual(["refill", true]);
    expect(await copies(withoutCopy, withCopy)).toEqual(["refill", false]);
    expect(await copies(withCopy, NEEDED)).toEqual(["needed", undefined]);
  });
});
