import { describe, expect, it } from "vitest";
import { lighthouseOptions } from "../../tools/perf/lighthouse.ts";

describe("npm run lighthouse's arguments", () => {
  it("audits home and a page of every page type, once, when given nothing", () => {
    const options = lighthouseOptions([]);
    expect(options.paths[0]).toBe("/");
    expect(options.paths).toHaveLength(8);
    expect([options.beside, options.rounds]).toEqual([undefined, 1]);
  });

  it("takes paths, a commit to audit beside this checkout (two rounds unless told) and a number of rounds", () => {
    expect(lighthouseOptions(["--beside", "931af5f", "/", "/cases"])).toEqual({ paths: ["/", "/cases"], beside: "931af5f", rounds: 2 });
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
