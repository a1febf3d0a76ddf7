import { describe, expect, it } from "vitest";
import { lighthouseOptions, pageSummaries } from "../../tools/perf/lighthouse.ts";

describe("npm run lighthouse's arguments", () => {
  it("audits home and a page of every page type, in five rounds, when given nothing", () => {
    const options = lighthouseOptions([]);
    expect(options.paths[0]).toBe("/");
    expect(options.paths).toHaveLength(8);
    expect([options.beside, options.rounds]).toEqual([undefined, 5]);
  });

  it("takes paths, a commit to audit beside this checkout and a number of rounds", () => {
    expect(lighthouseOptions(["--beside", "931af5f", "/", "/cases"])).toEqual({ paths: ["/", "/cases"], beside: "931af5f", rounds: 5 });
    expect(lighthouseOptions(["/", "--rounds", "3"])).toEqual({ paths: ["/"], beside: undefined, rounds: 3 });
  });

  it("refuses what it does not know, with the reason", () => {
    expect(() => lighthouseOptions(["--beside"])).toThrow("--beside needs a value");
    expect(() => lighthouseOptions(["--rounds", "0"])).toThrow("--rounds takes a whole number from 1 to 99, not 0");
    expect(() => lighthouseOptions(["cases"])).toThrow(
      "unknown argument cases (paths start with /; options: --beside <commit>, --rounds N)",
    );
  });
});

describe("npm run lighthouse's summary per page", () => {
  const audit = (side: string, path: string, score: number, cls = 0) => ({ side, path, pageType: "Page", score, cls });

  it("gives each side's page the median of its rounds' scores, the lower middle one of an even count", () => {
    const summaries = pageSummaries([
      audit("now", "/", 99),
      audit("931af5f9d72b", "/", 95),
      audit("now", "/", 96),
      audit("now", "/", 100),
      audit("now", "/", 98),
      audit("now", "/", 97),
      audit("931af5f9d72b", "/", 97),
    ]);
    expect(summaries.map(({ side, scores, median }) => [side, scores, median])).toEqual([
      ["now", [99, 96, 100, 98, 97], 98],
      ["931af5f9d72b", [95, 97], 95],
    ]);
  });

  it("marks a page that shifted in any one round", () => {
    const [page] = pageSummaries([audit("now", "/cases", 100), audit("now", "/cases", 100, 0.001), audit("now", "/cases", 100)]);
    expect([page?.median, page?.shifted]).toEqual([100, true]);
  });
});
