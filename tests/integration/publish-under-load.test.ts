import { resetStorage } from "../helpers/d1";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { realSleep } from "../../src/server/content/retry";
import type { StoredBlok } from "../helpers/stored";
import { testInstance, testOrigin } from "../helpers/site";

/**
 * A publish while visitors keep coming (issue 39): the whole Worker in workerd as production wires
 * it, on real time (the rate limit's waits really wait), twelve visitors at once on pages of both
 * languages. After a publish every answer of the new cache version is missing at once; no visitor
 * may get an error for it, and the isolate that got the webhook shows the new content at once.
 */
const PAGES = ["/", "/en", "/contact", "/en/contact", "/cases", "/diensten", "/en/services", "/insights", "/vacatures", "/over-ons"];
const VISITORS = 12;

const homeDraft = snapshot.drafts.find((story) => story.full_slug === "home")!;
const hero = (homeDraft.content as StoredBlok).body as Array<{ title: string; title__i18n__en: string }>;
/** What the publish of home shows, per language: only the draft has these titles. */
const NEW_HOME = { "/": hero[0]!.title, "/en": hero[0]!.title__i18n__en };

beforeEach(async () => {
  await resetStorage();
});

function site() {
  const origin = testOrigin({ realTime: true });
  return { ...origin, ...testInstance(origin, { sleep: realSleep }) };
}

/** Every page once, 2 s apart on the clock (the rate limit refills): a site visitors have seen. */
async function warm(s: ReturnType<typeof site>) {
  for (const path of PAGES) {
    expect([path, (await s.get(path)).status]).toEqual([path, 200]);
    s.advance(2000);
  }
}

/** `rounds` of VISITORS requests at once, each visitor on another page; every answer's background work waited for. */
async function visitors(s: ReturnType<typeof site>, rounds: number) {
  const answers: Array<{ path: string; status: number; text: string }> = [];
  for (let round = 0; round < rounds; round++) {
    const paths = Array.from({ length: VISITORS }, (_, i) => PAGES[(i + round) % PAGES.length]!);
    const calls = await Promise.all(paths.map(async (path) => ({ path, ...(await s.call(path)) })));
    await Promise.all(calls.map((call) => call.settled));
    answers.push(...calls);
  }
  return answers;
}

describe("a publish under load", () => {
  it("home unpublished, then published again: every visitor gets a 200, home shows the new content from the first request, each answer is asked for once", async () => {
    const s = site();
    await warm(s);
    await s.unpublish("home");
    s.advance(6000); // an editor's pause; the webhook's throttle has passed
    expect((await visitors(s, 1)).filter((a) => a.path === "/" || a.path === "/en").map((a) => a.status)).toEqual([404, 404, 404, 404]);
    s.advance(6000);
    await s.publish("home");
    s.calls.length = 0;

    const answers = await visitors(s, 3);
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.path, a.status])).toEqual([]);
    for (const answer of answers.filter((a) => a.path === "/" || a.path === "/en"))
      expect([answer.path, answer.text.includes(NEW_HOME[answer.path as "/" | "/en"])]).toEqual([answer.path, true]);
    // the isolate asks for each answer of the new cache version once, however many visitors want it
    // the webhook's isolate read home and the links list (to learn which pages moved) for the new
    // cache version before it answered; every other answer is asked for once, however many
    // visitors want it meanwhile
    expect(s.originCalls("/v2/cdn/links")).toHaveLength(0);
    const stories = s.originCalls("/v2/cdn/stories").flatMap((url) => {
      const language = url.searchParams.get("language") ?? "nl";
      const slugs = url.searchParams.get("by_slugs")?.split(",") ?? [url.pathname.replace("/v2/cdn/stories/", "")];
      return url.pathname === "/v2/cdn/stories" && !url.searchParams.has("by_slugs")
        ? [`list ${[...url.searchParams].filter(([name]) => name !== "token").join("&")}`]
        : slugs.map((slug) => `${slug} ${language}`);
    });
    expect(stories.filter((story) => story.startsWith("home "))).toEqual([]);
    expect(stories.length).toBe(new Set(stories).size);
  });
});
