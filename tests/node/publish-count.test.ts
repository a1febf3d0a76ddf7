// The publish load test's counting (tools/perf/publish-count.ts): which answers are errors, which
// are stale, and when every client had seen a change. The run itself is `npm run bench:publish`.
import { describe, expect, it } from "vitest";
import { type Answer, type Change, summarise, verdict } from "../../tools/perf/publish-count.ts";

const NEW_HOME = "Van idee tot app";
const NEW_FOOTER = "die blijven werken";
const unpublish: Change = { label: "unpublish home", sentAt: 950, at: 1000, gone: ["/"] };
const publishHome: Change = { label: "publish home", sentAt: 2900, at: 3000, shows: { "/": NEW_HOME } };
const publishTheme: Change = { label: "publish theme", sentAt: 5900, at: 6000, shows: { "/": NEW_FOOTER, "/contact": NEW_FOOTER } };
const changes = [unpublish, publishHome, publishTheme];

function answer(path: string, startedAt: number, status: number, texts: string[] = [], client = 0, took = 100): Answer {
  return { client, path, startedAt, endedAt: startedAt + took, status, texts: new Set(texts) };
}

describe("verdict: one answer against the changes announced before it was asked", () => {
  it("before any change every 200 is right and every other status an error", () => {
    expect(verdict(answer("/", 500, 200), changes)).toBe("ok");
    expect(verdict(answer("/", 500, 503), changes)).toBe("error");
    expect(verdict(answer("/", 500, 0), changes)).toBe("error");
  });

  it("an unpublished page's 404 is its right answer; a 200 there is stale, a 503 an error", () => {
    expect(verdict(answer("/", 1500, 404), changes)).toBe("gone");
    expect(verdict(answer("/", 1500, 200), changes)).toBe("stale");
    expect(verdict(answer("/", 1500, 503), changes)).toBe("error");
    // asked before the webhook was sent: a 404 is an error; while it was on its way, either answer is right
    expect(verdict(answer("/", 900, 404), changes)).toBe("error");
    expect(verdict(answer("/", 960, 404), changes)).toBe("gone");
    expect(verdict(answer("/", 960, 200), changes)).toBe("ok");
    expect(verdict(answer("/", 2950, 200, [NEW_HOME]), changes)).toBe("ok");
    expect(verdict(answer("/", 2950, 404), changes)).toBe("gone");
    expect(verdict(answer("/", 2950, 503), changes)).toBe("error");
    // a page the unpublish did not name
    expect(verdict(answer("/contact", 1500, 404), changes)).toBe("error");
  });

  it("after a publish a 200 must show its text, and after a later one every text published since", () => {
    expect(verdict(answer("/", 3500, 200, [NEW_HOME]), changes)).toBe("ok");
    expect(verdict(answer("/", 3500, 200), changes)).toBe("stale");
    expect(verdict(answer("/", 3500, 404), changes)).toBe("error");
    expect(verdict(answer("/", 6500, 200, [NEW_FOOTER]), changes)).toBe("stale");
    expect(verdict(answer("/", 6500, 200, [NEW_HOME, NEW_FOOTER]), changes)).toBe("ok");
    expect(verdict(answer("/contact", 6500, 200, [NEW_FOOTER]), changes)).toBe("ok");
    expect(verdict(answer("/contact", 5000, 200), changes)).toBe("ok");
  });
});

describe("summarise: per change, per second, per client", () => {
  const answers = [
    answer("/", 500, 200, [], 0),
    answer("/", 1200, 200, [], 0, 300), // stale: ends 0.5 s after the unpublish
    answer("/", 1400, 404, [], 1, 200), // client 1 sees the 404 0.6 s after
    answer("/", 1600, 404, [], 0, 100), // client 0: 0.7 s after
    answer("/", 3100, 503, [], 0, 50),
    answer("/", 3200, 200, [], 1, 300), // stale, ends 0.5 s after the publish
    answer("/", 4100, 200, [NEW_HOME], 0, 400), // client 0 live 1.5 s after
    answer("/", 5200, 200, [NEW_HOME], 1, 300), // client 1 live 2.5 s after
    answer("/contact", 6100, 200, [NEW_FOOTER], 0, 100),
  ];
  const summary = summarise(answers, changes, 2);

  it("counts answers by status, errors and stale answers", () => {
    expect(summary.answers).toBe(9);
    expect(summary.byStatus).toEqual({ 200: 6, 404: 2, 503: 1 });
    expect([summary.errors, summary.stale]).toEqual([1, 2]);
  });

  it("says when every client had seen each change, and when the last stale answer ended", () => {
    const [gone, home, theme] = summary.changes;
    expect(gone).toMatchObject({
      label: "unpublish home",
      stale: 1,
      errors: 0,
      firstLiveMs: [700, 600],
      everyClientMs: 700,
      lastStaleMs: 500,
    });
    expect(home).toMatchObject({
      label: "publish home",
      stale: 1,
      errors: 1,
      firstLiveMs: [1500, 2500],
      everyClientMs: 2500,
      lastStaleMs: 500,
    });
    // client 1 asked for no page the theme changed: it has not seen it
    expect(theme).toMatchObject({ stale: 0, errors: 0, firstLiveMs: [200, undefined], everyClientMs: undefined, lastStaleMs: 0 });
  });

  it("counts per second: since the run started, and since each change", () => {
    expect(summary.seconds.map((s) => [s.second, s.answers, s.errors, s.stale])).toEqual([
      [0, 1, {}, 0],
      [1, 3, {}, 1],
      [2, 0, {}, 0],
      [3, 2, { 503: 1 }, 1],
      [4, 1, {}, 0],
      [5, 1, {}, 0],
      [6, 1, {}, 0],
    ]);
    expect(summary.changes[1]!.seconds.map((s) => [s.second, s.answers, s.errors, s.stale])).toEqual([
      [0, 2, { 503: 1 }, 1],
      [1, 1, {}, 0],
      [2, 1, {}, 0],
    ]);
  });
});
