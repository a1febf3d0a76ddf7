/**
 * The folders are the runtimes, and the compiler holds them: each layer is a TypeScript project
 * with only its runtime's libs and types, and project references allow exactly
 *   shared <- site <- server;  shared, site <- client.
 * Each fixture in tests/fixtures/layer-violations is one real layer's tsconfig plus one file that
 * breaks a rule; `tsc -b` (what `npm run typecheck` runs) must refuse it and say why.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const FIXTURES = join(ROOT, "tests/fixtures/layer-violations");

function build(fixture: string): { ok: boolean; output: string } {
  try {
    execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-b", join(FIXTURES, fixture), "--pretty", "false"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    return { ok: true, output: "" };
  } catch (error) {
    return { ok: false, output: String((error as { stdout?: string }).stdout) };
  }
}

/** tsconfig.json files carry comments: strip them before parsing. */
function references(project: string): string[] {
  const text = readFileSync(join(ROOT, project, "tsconfig.json"), "utf8").replace(/^\s*\/\/.*$/gm, "");
  const config = JSON.parse(text) as { references?: Array<{ path: string }> };
  return (config.references ?? []).map((r) => join(project, r.path));
}

describe("layers", () => {
  it("references allow exactly shared <- site <- server and shared, site <- client", () => {
    expect(references("src/shared")).toEqual([]);
    expect(references("src/site")).toEqual(["src/shared"]);
    expect(references("src/server")).toEqual(["src/shared", "src/site"]);
    expect(references("client")).toEqual(["src/shared", "src/site"]);
  });

  it.each([
    ["site-imports-server", /src\/server\/[\w/.-]+' is not listed within the file list of project/],
    ["client-imports-server", /File '[^']*src\/server\/content\/errors\.ts' is not listed within the file list of project/],
    ["shared-imports-site", /File '[^']*src\/site\/blocks\/types\.ts' is not listed within the file list of project/],
    ["shared-uses-dom", /violation\.ts\(1,\d+\): error TS2584: Cannot find name 'document'/],
    ["server-uses-dom", /violation\.ts\(1,\d+\): error TS2304: Cannot find name 'window'/],
    ["site-uses-workers", /violation\.ts\(1,\d+\): error TS2304: Cannot find name 'KVNamespace'/],
  ])("typecheck refuses %s", (fixture, message) => {
    const { ok, output } = build(fixture);
    expect(ok).toBe(false);
    expect(output).toMatch(message);
  });

  it("typecheck accepts an allowed direction (site imports shared)", () => {
    expect(build("site-imports-shared")).toEqual({ ok: true, output: "" });
  });
});
