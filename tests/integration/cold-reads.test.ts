import { resetStorage } from "../helpers/d1";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { recordingAuthority, testInstance, testOrigin } from "../helpers/site";

/**
 * A fresh isolate reads what its first page needs from KV: as few round trips in a row as the
 * reads allow, and no more bytes than the page shows. Each read that has to wait for another
 * is a round trip the visitor waits for (in production tens of ms each on a cold edge cache), so
 * the reads that only need the cache version go out together.
 */
beforeEach(async () => {
  await resetStorage();
});

interface Read {
  key: string;
  start: number;
  end: number;
}

/** The real KV binding, with every read's start and end recorded as steps of one counter. */
function recordingKv() {
  const reads: Read[] = [];
  let step = 0;
  const kv = env.CONTENT_CACHE;
  const recorded = Object.create(kv) as KVNamespace;
  recorded.get = (async (key: string, type?: unknown) => {
    const read = { key, start: ++step, end: Number.POSITIVE_INFINITY };
    reads.push(read);
    try {
      return await kv.get(key, type as "text");
    } finally {
      read.end = ++step;
    }
  }) as KVNamespace["get"];
  return { kv: recorded, reads };
}

/** How many reads in a row the slowest chain has: a read waits for every read that ended before it started. */
function roundTrips(reads: Read[]): number {
  const depth = new Map<Read, number>();
  for (const read of [...reads].sort((a, b) => a.start - b.start)) {
    const before = reads.filter((other) => other.end < read.start).map((other) => depth.get(other) ?? 1);
    depth.set(read, 1 + Math.max(0, ...before));
  }
  return Math.max(0, ...depth.values());
}

describe("a fresh isolate's first page, KV warm", () => {
  it.each([
    // the cv -> the redirects and the page index together -> story and theme -> the listings (was 5:
    // the page index after the redirects)
    ["/", 4],
    // the cv -> the redirects and the page index -> story and theme
    ["/contact", 3],
    // English: its redirects need the page index themselves, read beside the redirects all the same
    ["/en", 4],
  ])("%s reads KV in %i round trips", async (path, expected) => {
    const origin = testOrigin();
    expect((await testInstance(origin).get(path)).status).toBe(200); // another isolate filled KV

    const { kv, reads } = recordingKv();
    // the cv check after the answer asks only an authority that has nothing newer: no KV read of its own
    const fresh = testInstance(origin, { kv, authority: recordingAuthority().binding });
    const answer = await fresh.call(path);
    expect(answer.status).toBe(200);
    expect(answer.source).toBe("hit");
    expect(reads.map((read) => read.key)).toContain("cv:current");
    const beforeAnswer = [...reads];
    await answer.settled;
    expect(roundTrips(beforeAnswer)).toBe(expected);
  });
});

describe("what a listing stores", () => {
  it("no listing in KV carries a field its cards do not show, so each stays small", async () => {
    const origin = testOrigin();
    const site = testInstance(origin);
    const pages = snapshot.stories.filter((story) => story.content.component === "Page");
    for (const story of pages) {
      const path = story.full_slug === "home" ? "/" : `/${story.full_slug.replace(/\/$/, "")}`;
      expect((await site.get(path)).status, path).toBe(200);
      origin.advance(1000); // the rate limit refills
    }
    const keys = (await env.CONTENT_CACHE.list({ prefix: "c:" })).keys.map((key) => key.name).filter((name) => name.includes(":stories?"));
    const sizes: Record<string, number> = {};
    for (const key of keys) {
      const text = (await env.CONTENT_CACHE.get(key))!;
      const type = /content_type=(\w+)/.exec(key)![1]!;
      sizes[type] = Math.max(sizes[type] ?? 0, text.length);
      const stories = (JSON.parse(text) as { value: { stories: Array<{ content: Record<string, unknown> }> } }).value.stories;
      for (const story of stories)
        for (const field of ["body", "results", "related", "contactPerson"]) expect(story.content, key).not.toHaveProperty(field);
    }
    expect(Object.keys(sizes).sort()).toEqual(["CaseDetail", "InsightDetail", "Sector", "TeamMember", "Vacancy"]);
    // the largest is the team (every member, ~11 KB); three cases were 366 KB with their stories and related cases
    for (const [type, bytes] of Object.entries(sizes)) expect(bytes, type).toBeLessThan(16 * 1024);
  });
});
