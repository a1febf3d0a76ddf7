import { describe, expect, it } from "vitest";
import { pageIndex } from "../../src/server/content/routable";
import { movedRedirect, movesToWrite, planMoves, type MovedPage, type PagePath } from "../../src/server/publish/moved-pages";
import { REDIRECT_SHADOWED, redirectClashes } from "../../src/server/publish/redirect-clash";
import type { Story } from "../../src/shared/content";
import { linkEntry } from "../helpers/link-entry";

const page = (storyId: number, path: string, lang: "nl" | "en" = "nl"): PagePath => ({ storyId, lang, path });
const redirect = (from: string, to: string, learnedAt: number, storyId = 1, lang: "nl" | "en" = "nl"): MovedPage => ({
  from,
  to,
  storyId,
  lang,
  learnedAt,
});
const pairs = (moved: Map<string, MovedPage>) => [...moved.values()].map(({ from, to }) => [from, to]).sort();

describe("planMoves: what a new links list teaches", () => {
  it("a page whose path changed leaves a redirect at its old path; unmoved pages leave none", () => {
    const plan = planMoves([page(1, "/a"), page(2, "/x")], [page(1, "/b"), page(2, "/x")], [], 100);
    expect(pairs(plan.moved)).toEqual([["/a", "/b"]]);
    expect(plan.learned).toEqual([{ from: "/a", to: "/b" }]);
  });

  it("each language on its own: an English path that moves, the Dutch one not", () => {
    const known = [page(1, "/a"), page(1, "/en/a", "en")];
    const plan = planMoves(known, [page(1, "/a"), page(1, "/en/b", "en")], [], 100);
    expect(pairs(plan.moved)).toEqual([["/en/a", "/en/b"]]);
  });

  it("never a chain: A->B then B->C gives A->C and B->C", () => {
    const plan = planMoves([page(1, "/b")], [page(1, "/c")], [redirect("/a", "/b", 50)], 100);
    expect(pairs(plan.moved)).toEqual([
      ["/a", "/c"],
      ["/b", "/c"],
    ]);
  });

  it("renamed back: the page's path is a page again, so its redirect goes and the way back is learned", () => {
    const plan = planMoves([page(1, "/b")], [page(1, "/a")], [redirect("/a", "/b", 50)], 100);
    expect(pairs(plan.moved)).toEqual([["/b", "/a"]]);
  });

  it("another page at the old path wins", () => {
    const plan = planMoves([page(1, "/b"), page(2, "/y")], [page(1, "/b"), page(2, "/a")], [redirect("/a", "/b", 50)], 100);
    expect(pairs(plan.moved)).toEqual([["/y", "/a"]]);
  });

  it("an unpublished story leaves no redirect and keeps its old ones", () => {
    const plan = planMoves([page(1, "/b")], [], [redirect("/a", "/b", 50)], 100);
    expect(pairs(plan.moved)).toEqual([["/a", "/b"]]);
    expect(plan.learned).toEqual([]);
  });

  it("bounded: the newest `limit` are kept, the oldest dropped", () => {
    const existing = [redirect("/old", "/x", 10, 3), redirect("/older", "/y", 5, 4)];
    const plan = planMoves([page(1, "/a")], [page(1, "/b"), page(3, "/x"), page(4, "/y")], existing, 100, 2);
    expect(pairs(plan.moved)).toEqual([
      ["/a", "/b"],
      ["/old", "/x"],
    ]);
    expect(plan.dropped.map((entry) => entry.from)).toEqual(["/older"]);
  });

  it("writes only what changed", () => {
    const existing = [redirect("/a", "/b", 50), redirect("/gone", "/z", 40, 9)];
    const known = [page(1, "/b"), page(9, "/z")];
    const current = [page(1, "/c"), page(9, "/gone")];
    const plan = planMoves(known, current, existing, 100);
    const writes = movesToWrite(plan, existing, known, current);
    expect(writes.upsert.map(({ from, to }) => [from, to]).sort()).toEqual([
      ["/a", "/c"],
      ["/b", "/c"],
      ["/z", "/gone"],
    ]);
    expect(writes.remove).toEqual(["/gone"]);
    expect(writes.paths).toEqual(current);
  });
});

describe("movedRedirect: a learned redirect is one hop to a live page, or none", () => {
  const link = (id: number, slug: string) => linkEntry(slug, { id });
  const index = pageIndex([link(1, "insights/b"), link(2, "over-ons")]);
  const moved = new Map([
    ["/insights/a", "/insights/b"],
    ["/insights/gone", "/insights/unpublished"],
    ["/over-ons", "/insights/b"],
  ]);

  it("leads an old path to its page", () => {
    expect(movedRedirect("/insights/a", moved, index)).toBe("/insights/b");
  });

  it("leads nowhere when the target is no page (its story was unpublished): a 404, not a 301 to one", () => {
    expect(movedRedirect("/insights/gone", moved, index)).toBeUndefined();
  });

  it("never redirects from a page's own path", () => {
    expect(movedRedirect("/over-ons", moved, index)).toBeUndefined();
  });
});

describe("redirectClashes: a page published at a CMS redirect's source is reported", () => {
  const story = { id: 7, full_slug: "oude-pagina", content: { _uid: "u1", component: "Page" } } as unknown as Story;
  const entry = (name: string, value: string) => ({ id: 1, name, value, dimension_value: null });

  it("one warning on the slug, naming both paths", () => {
    expect(redirectClashes(story, [entry("oude-pagina/", "/over-ons"), entry("/linkedin", "https://x.test")])).toEqual([
      expect.objectContaining({ rule: REDIRECT_SHADOWED, severity: "warning", storyId: 7, lang: "nl", uid: "u1", field: "slug" }),
    ]);
    expect(redirectClashes(story, [entry("/oude-pagina", "/over-ons")])[0]?.message.nl).toContain("/oude-pagina");
  });

  it("none when no redirect leaves from the page's path", () => {
    expect(redirectClashes(story, [entry("/linkedin", "https://x.test")])).toEqual([]);
  });
});
