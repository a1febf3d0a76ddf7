import { describe, expect, it } from "vitest";
import warmUpPage from "../../.generated/warm-up.js";
import snapshot from "../../.generated/snapshot.js";
import { warmUpListings, warmUpRenderer, type WarmUpPage } from "../../src/server/render/warm-up";
import { createLogger, type LogLevel } from "../../src/shared/log";
import { listingQuery } from "../../src/site/blocks/listing-queries";
import { walkBloks } from "../../src/site/blocks/listings";

function recordingLogger() {
  const lines: Array<{ level: LogLevel; line: Record<string, unknown> }> = [];
  return { lines, logger: createLogger({ level: "debug", sink: (level, line) => lines.push({ level, line: JSON.parse(line) }) }) };
}

/** What workerd does to I/O asked for while an isolate starts: a timer, or a body read through a Response. */
const refused = () => {
  throw new Error("Disallowed operation called within global scope");
};
const refusedTimer = refused as unknown as typeof setTimeout;

// A fresh isolate renders the warm-up page while it starts (src/server/index.ts), where workerd
// refuses timers and reading a body through `Response`: these tests refuse them too.
describe("warmUpRenderer", () => {
  async function whileStarting<T>(work: () => Promise<T>): Promise<T> {
    const setTimer = globalThis.setTimeout;
    const readText = Response.prototype.text;
    globalThis.setTimeout = refusedTimer;
    Response.prototype.text = refused;
    try {
      const result = await work();
      expect(globalThis.setTimeout).toBe(refusedTimer); // given back as it found it
      return result;
    } finally {
      globalThis.setTimeout = setTimer;
      Response.prototype.text = readText;
    }
  }

  it("renders every page of the warm-up without a timer and without an error", async () => {
    const { lines, logger } = recordingLogger();
    const bytes = await whileStarting(() => warmUpRenderer(warmUpPage, logger));
    expect(lines).toEqual([]);
    expect(bytes).toBeGreaterThan(200_000);
  });

  it("logs a failure and gives up, leaving the isolate as it was", async () => {
    const { lines, logger } = recordingLogger();
    const broken: WarmUpPage = { ...warmUpPage, theme: { ...warmUpPage.theme, content: null as never } };
    expect(await whileStarting(() => warmUpRenderer(broken, logger))).toBe(0);
    expect(lines.map(({ level, line }) => [level, line.event])).toEqual([["error", "warmup.failed"]]);
  });
});

describe("the warm-up page (tools/build/warm-up-page.ts)", () => {
  const components = (value: unknown) => new Set([...walkBloks(value)].map((blok) => blok.component));
  const pages = warmUpPage.pages.map((page) => page.content);

  it("uses every block the demo space's pages use, and every page type", () => {
    const used = components(
      snapshot.stories.filter((story) => !["Theme", "TeamMember"].includes(story.content.component)).map((s) => s.content),
    );
    expect([...used].filter((name) => !components(pages).has(name))).toEqual([]);
  });

  it("hands every listing on it cards of its type", async () => {
    const listings = warmUpPage.pages.flatMap((story) => [...warmUpListings(story, warmUpPage).entries()]);
    expect(listings.length).toBeGreaterThanOrEqual(5); // cases, insights, sectors, team, vacancies
    for (const [uid, listing] of listings) {
      const blok = [...walkBloks(pages)].find((b) => b._uid === uid);
      const { stories } = await listing;
      expect(stories.length, blok?.component).toBeGreaterThan(0);
      for (const story of stories) expect(story.content.component).toBe(listingQuery(blok!)?.content_type);
    }
  });

  it("carries none of the demo space's text", () => {
    const words = JSON.stringify(warmUpPage);
    for (const story of snapshot.stories) expect(words).not.toContain(story.uuid);
    expect(words).not.toContain("Koraal zei vaker nee");
  });
});
