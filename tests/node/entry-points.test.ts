/**
 * scripts/ holds the `npm run` commands' entry points and nothing else, so every command is one
 * file in one folder and its work is in the folder the entry names (tools/build, tools/space,
 * tools/perf, tools/local, tools/operate, or the Management API's stand-in in tests/stand-ins).
 * An entry reads its arguments, calls its command's `main` and sets the exit code from what it
 * answers. Anything more would be logic that no test can import and that no subsystem's README
 * lists; an import of anything but tools/ or a stand-in would be a dependency nobody sees there.
 * The compiler cannot hold this (project references reach through tools/ to src/), so this test does.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
/** A comment, the import and the call fit with room to spare; a second statement does not. */
const MAX_LINES = 10;
const ENTRY_CALL = /^process\.exitCode = (await )?main\((process\.argv\.slice\(2\))?\);$/;
const ALLOWED_IMPORT = /^\.\.\/(tools|tests\/stand-ins)\//;

/** What is wrong with one entry point, one line each. */
function entryProblems(file: string, code: string): string[] {
  const problems: string[] = [];
  const lines = code.trimEnd().split("\n").length;
  if (lines > MAX_LINES) problems.push(`${file}: ${lines} lines (at most ${MAX_LINES})`);
  const imports = ts.preProcessFile(code, true, true).importedFiles.map((imported) => imported.fileName);
  for (const name of imports.filter((name) => !ALLOWED_IMPORT.test(name))) {
    problems.push(`${file}: imports ${name} (only tools/ or tests/stand-ins/)`);
  }
  if (imports.length !== 1) problems.push(`${file}: ${imports.length} imports (one: its command's main)`);
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const statements = source.statements.filter((statement) => !ts.isImportDeclaration(statement)).map((s) => s.getText(source));
  if (statements.length !== 1 || !ENTRY_CALL.test(statements[0]!)) {
    problems.push(`${file}: does more than \`process.exitCode = main(...)\`: ${statements.join(" ").replace(/\s+/g, " ")}`);
  }
  return problems;
}

const entries = readdirSync(join(ROOT, "scripts"))
  .filter((name) => name !== "tsconfig.json")
  .map((name) => `scripts/${name}`)
  .sort();

/** Every file an npm script runs with `node`. */
function filesRunByNpm(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const files = Object.values(scripts).flatMap((command) =>
    [...command.matchAll(/\bnode (?:--\S+ )*(\S+\.ts)\b/g)].map((match) => match[1]!),
  );
  return [...new Set(files)].sort();
}

describe("scripts/ holds thin entry points only", () => {
  it("every npm command that runs a file runs an entry point in scripts/, and every file there is one", () => {
    expect(filesRunByNpm()).toEqual(entries);
    expect(entries).toContain("scripts/build.ts");
  });

  it(`each entry point is at most ${MAX_LINES} lines: its command's main from tools/ or a stand-in, and the exit code`, () => {
    expect(entries.flatMap((file) => entryProblems(file, readFileSync(join(ROOT, file), "utf8")))).toEqual([]);
  });

  it("an entry point with logic of its own, or an import from elsewhere, is named", () => {
    const code = [
      "// `npm run example`",
      'import { readFileSync } from "node:fs";',
      'import { main } from "../src/server/example.ts";',
      "",
      'const text = readFileSync("x", "utf8");',
      "process.exitCode = await main([text]);",
      ...Array.from({ length: 5 }, () => "// more"),
    ].join("\n");
    expect(entryProblems("scripts/example.ts", code)).toEqual([
      "scripts/example.ts: 11 lines (at most 10)",
      "scripts/example.ts: imports node:fs (only tools/ or tests/stand-ins/)",
      "scripts/example.ts: imports ../src/server/example.ts (only tools/ or tests/stand-ins/)",
      "scripts/example.ts: 2 imports (one: its command's main)",
      'scripts/example.ts: does more than `process.exitCode = main(...)`: const text = readFileSync("x", "utf8"); process.exitCode = await main([text]);',
    ]);
    const thin =
      '// `npm run example`\nimport { main } from "../tools/perf/example.ts";\n\nprocess.exitCode = await main(process.argv.slice(2));\n';
    expect(entryProblems("scripts/example.ts", thin)).toEqual([]);
  });
});
