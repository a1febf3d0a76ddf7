/**
 * tools/operate/moved-pages.ts (`npm run moved-pages`): its pure parts. The command itself was run
 * against `npm start`'s local D1 by hand (listing, `--remove`); its way to the database
 * (tools/local/d1-execute.ts) is the one tests/node/subscribers.test.ts runs for the outbox.
 */
import { describe, expect, it } from "vitest";
import { parseArgs, query, table } from "../../tools/operate/moved-pages.ts";

describe("npm run moved-pages", () => {
  it("lists newest first, locally or remotely", () => {
    expect(query(parseArgs([]))).toBe(
      "SELECT from_path, to_path, lang, story_id, learned_at FROM moved_pages ORDER BY learned_at DESC, from_path",
    );
    expect(parseArgs(["--remote"]).remote).toBe(true);
  });

  it("removes one path, quoted as SQL text", () => {
    expect(query(parseArgs(["--remove", "/insights/o'neill"]))).toBe(
      "DELETE FROM moved_pages WHERE from_path = '/insights/o''neill' RETURNING from_path, to_path, lang, story_id, learned_at",
    );
  });

  it("refuses what is no site path, and unknown options", () => {
    expect(() => parseArgs(["--remove", "insights/x"])).toThrow("--remove takes a site path");
    expect(() => parseArgs(["--remove", "/x\u0000"])).toThrow("--remove takes a site path");
    expect(() => parseArgs(["--remote", "--persist-to", "dir"])).toThrow("exclude each other");
    expect(() => parseArgs(["--everything"])).toThrow("unknown option --everything");
  });

  it("prints a table with the time each was learned", () => {
    const rows = [{ from_path: "/a", to_path: "/b", lang: "nl", story_id: 1, learned_at: Date.parse("2026-11-26T23:57:28.130Z") }];
    expect(table(rows).split("\n")).toEqual([
      "from_path  to_path  lang  story_id  learned_at",
      "---------  -------  ----  --------  ------------------------",
      "/a         /b       nl    1         2026-11-26T23:57:28.130Z",
      "",
      "1 learned redirect(s)",
    ]);
    expect(table([])).toBe("No learned redirects.");
  });
});
