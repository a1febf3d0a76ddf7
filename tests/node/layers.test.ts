/**
 * The folders are the runtimes, and the compiler holds them: each layer is a TypeScript project
 * with only its runtime's libs and types, and project references allow exactly
 *   shared <- site <- server;  shared, site <- client;
 * and tools/ (Node) may read shared, the Worker's types and the content model, never a third
 * party's stand-in in tests/stand-ins/ (a tool reaches a third party over HTTP, as in production).
 * Each fixture in tests/fixtures/layer-violations is one real layer's tsconfig plus one file that
 * breaks a rule; `tsc -b` (what `npm run typecheck` runs) must refuse it and say why.
 *
 * The content model (content-model/) runs no code in the Worker or the browser: every layer may
 * read its types (the project reference), but src/ and client/ may only `import type` from it or
 * from @storyblok/schema. The compiler cannot tell a type import from a value import across a
 * reference, so that rule is checked on the syntax tree of every file (`valueImportsOfModel`).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const FIXTURES = join(ROOT, "tests/fixtures/layer-violations");
const FIXTURE_NAMES = readdirSync(FIXTURES).sort();

/** The compiler `npm run typecheck` runs (TypeScript 7's native `tsc`). */
const TSC = join(ROOT, "node_modules/typescript-native/bin/tsc");

/**
 * `tsc -b` over every fixture at once, as `npm run typecheck` builds the projects: one process, so
 * the layers they reference are checked once (a process per fixture, or TypeScript 5's solution
 * builder in this process, cost seconds each). Each fixture gets the diagnostics that name it (its
 * file, or its project for a file it may not reach) and whether there were none. `tsc -b` keeps
 * building the other projects when one fails.
 */
function buildFixtures(): Map<string, { ok: boolean; output: string }> {
  const projects = FIXTURE_NAMES.map((fixture) => join(FIXTURES, fixture, "tsconfig.json"));
  const { stdout, stderr, status } = spawnSync(process.execPath, [TSC, "-b", "--pretty", "false", ...projects], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (status !== 0 && status !== 1 && status !== 2) throw new Error(`tsc -b ended with ${status}: ${stderr}`);
  // a diagnostic is its first line and the indented lines that explain it
  const diagnostics = stdout.split(/\n(?=\S)/).filter((text) => text.trim() !== "");
  const results = new Map<string, { ok: boolean; output: string }>();
  for (const fixture of FIXTURE_NAMES) {
    const mine = diagnostics.filter((text) => text.includes(`layer-violations/${fixture}/`));
    results.set(fixture, { ok: mine.length === 0, output: mine.join("\n") });
  }
  return results;
}

let built: Map<string, { ok: boolean; output: string }> | undefined;
/**
 * One build of every fixture before the tests: ~1.5 s here, the layers built (typecheck builds
 * them before the tests run). Each fixture's program is its one file and the declarations of what it references (`"include":
 * []`: the layer's own sources would be checked again per fixture, ~70 s on a fresh clone), and
 * a violation imports a small file of the layer it must not reach (importing the Worker's entry
 * pulled all of src/server into the program: 18 s). Generous, for a loaded machine.
 */
const FIXTURE_BUILD_TIMEOUT_MS = 120_000;
beforeAll(() => {
  built = buildFixtures();
}, FIXTURE_BUILD_TIMEOUT_MS);

function build(fixture: string): { ok: boolean; output: string } {
  if (!built) throw new Error("the fixtures were not built");
  const result = built.get(fixture);
  if (!result) throw new Error(`no fixture ${fixture} in ${FIXTURES}`);
  return result;
}

const MODEL = join(ROOT, "content-model");

/** The module an import names, when it is the content model or its library. */
function isModel(file: string, specifier: string): boolean {
  if (specifier === "@storyblok/schema" || specifier.startsWith("@storyblok/schema/")) return true;
  if (!specifier.startsWith(".")) return false;
  const target = resolve(dirname(file), specifier);
  return target === MODEL || target.startsWith(MODEL + sep);
}

/** The module specifier of an import, export or `import()` that keeps code at run time. */
function valueSpecifier(node: ts.Node): ts.Expression | undefined {
  if (ts.isImportDeclaration(node)) return node.importClause?.isTypeOnly ? undefined : node.moduleSpecifier;
  if (ts.isExportDeclaration(node)) return node.isTypeOnly ? undefined : node.moduleSpecifier;
  if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
    return node.isTypeOnly ? undefined : node.moduleReference.expression;
  }
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return node.arguments[0];
  return undefined;
}

/**
 * Every import of the content model (or @storyblok/schema) in a file that is not `import type`
 * or `export type`, as `file:line`. `import { type X }` counts: with verbatimModuleSyntax the
 * import itself stays, and would load the module.
 */
function valueImportsOfSource(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const specifier = valueSpecifier(node);
    if (specifier && ts.isStringLiteralLike(specifier) && isModel(file, specifier.text)) {
      found.push(`${file.slice(ROOT.length + 1)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function valueImportsOfModel(file: string): string[] {
  return valueImportsOfSource(file, readFileSync(file, "utf8"));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(ROOT, folder, name));
}

/** A project's tsconfig.json (they carry comments: stripped before parsing). */
function tsconfig(dir: string): { include?: string[]; references?: Array<{ path: string }> } {
  return JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8").replace(/^\s*\/\/.*$/gm, ""));
}

function references(project: string): string[] {
  return (tsconfig(join(ROOT, project)).references ?? []).map((r) => join(project, r.path));
}

describe("layers", () => {
  it("references allow exactly shared <- site <- server and shared, site <- client", () => {
    expect(references("src/shared")).toEqual(["content-model"]);
    expect(references("src/site")).toEqual(["src/shared", "content-model"]);
    expect(references("src/server")).toEqual(["src/shared", "src/site", "content-model"]);
    expect(references("client")).toEqual(["src/shared", "src/site", "content-model"]);
    expect(references("content-model")).toEqual([]);
  });

  it("references allow tools shared, the Worker and the content model, and scripts only tools and the stand-ins they serve (Storyblok's Management API, HubSpot, Cloudflare's API)", () => {
    expect(references("tools")).toEqual(["src/shared", "src/server", "content-model"]);
    expect(references("tests/stand-ins/storyblok-mapi")).toEqual([]);
    expect(references("tests/stand-ins/hubspot")).toEqual([]);
    expect(references("tests/stand-ins/cloudflare-api")).toEqual([]);
    expect(references("scripts")).toEqual([
      "tools",
      "tests/stand-ins/storyblok-mapi",
      "tests/stand-ins/hubspot",
      "tests/stand-ins/cloudflare-api",
    ]);
  });

  it.each([
    ["site-imports-server", /src\/server\/[\w/.-]+' is not listed within the file list of project/],
    ["client-imports-server", /File '[^']*src\/server\/content\/errors\.ts' is not listed within the file list of project/],
    ["shared-imports-site", /File '[^']*src\/site\/blocks\/types\.ts' is not listed within the file list of project/],
    ["shared-uses-dom", /violation\.ts\(1,\d+\): error TS2584: Cannot find name 'document'/],
    ["server-uses-dom", /violation\.ts\(1,\d+\): error TS2304: Cannot find name 'window'/],
    ["site-uses-workers", /violation\.ts\(1,\d+\): error TS2304: Cannot find name 'KVNamespace'/],
    ["tools-imports-stand-in", /File '[^']*tests\/stand-ins\/storyblok-mapi\/server\.ts' is not listed within the file list of project/],
  ])("typecheck refuses %s", (fixture, message) => {
    const { ok, output } = build(fixture);
    expect(ok).toBe(false);
    expect(output).toMatch(message);
  });

  it("each fixture's program is its one file, not its layer's sources again", () => {
    for (const fixture of FIXTURE_NAMES) expect(tsconfig(join(FIXTURES, fixture)).include, fixture).toEqual([]);
  });

  it("typecheck accepts an allowed direction (site imports shared)", () => {
    expect(build("site-imports-shared")).toEqual({ ok: true, output: "" });
  });

  it("src/ and client/ import the content model for its types only", () => {
    expect(["src", "client"].flatMap(sourceFiles).flatMap(valueImportsOfModel)).toEqual([]);
    // the rule has something to hold: the blocks' types do come from the model
    expect(valueImportsOfModel(join(ROOT, "src/site/blocks/types.ts"))).toEqual([]);
    expect(readFileSync(join(ROOT, "src/site/blocks/types.ts"), "utf8")).toContain("import type { ComponentName, ModelBlockOf");
  });

  it("a value import of the content model in a layer is refused, a type import passes", () => {
    const violation = join(FIXTURES, "site-imports-content-model-value/violation.ts");
    expect(build("site-imports-content-model-value")).toEqual({ ok: true, output: "" });
    expect(valueImportsOfModel(violation)).toEqual(["tests/fixtures/layer-violations/site-imports-content-model-value/violation.ts:1"]);
    expect(build("site-imports-content-model-type")).toEqual({ ok: true, output: "" });
    expect(valueImportsOfModel(join(FIXTURES, "site-imports-content-model-type/allowed.ts"))).toEqual([]);
  });

  it.each([
    ['import { type ComponentName } from "../content-model/types.ts";', 1],
    ['export { schema } from "../content-model/index.ts";', 1],
    ['const model = await import("../content-model/index.ts");', 1],
    ['import { defineBlock } from "@storyblok/schema";', 1],
    ['import type { ComponentName } from "../content-model/types.ts";\nexport type { ModelBlock } from "../content-model/types.ts";', 0],
    ['type Name = import("../content-model/types.ts").ComponentName;', 0],
  ])("the import check counts %s as %i value import(s)", (code, count) => {
    expect(valueImportsOfSource(join(ROOT, "src/example.ts"), code)).toHaveLength(count);
  });
});
