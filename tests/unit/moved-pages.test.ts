import { describe, expect, it } from "vitest";
import { movesToWrite, planMoves, type MovedPage, type PagePath } from "../../src/server/content/moved-pages";

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
