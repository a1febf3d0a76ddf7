/**
 * No function in the code we run (src/, tools/ and the third parties' stand-ins in tests/stand-ins/;
 * the entry points of scripts/ have none) is longer than MAX_LINES lines (from its first line to its
 * last, arrow functions and methods included), so each one can be read at a glance. The one kind of
 * function allowed to be longer is a dispatch over every case of a union: a body that is a single
 * `switch`, listed in EXHAUSTIVE_SWITCHES with the reason.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const MAX_LINES = 60;
const SOURCES = ["src", "tools", "tests/stand-ins"];

/** Long on purpose: `file name` -> why. Each body must be one exhaustive `switch`. */
const EXHAUSTIVE_SWITCHES: Record<string, string> = {
  "src/site/richtext/render.tsx renderNode":
    "one case per rich text node type (every member of RichTextNode, plus unknown types from newer editors): the element each node becomes, side by side",
};

interface FunctionSpan {
  file: string;
  line: number;
  name: string;
  lines: number;
  singleSwitch: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** What a reader calls the function: its own name, the name it is assigned to, or whose callback it is. */
function nameOf(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
  if (ts.isJsxExpression(parent)) return "(JSX callback)";
  return "(anonymous)";
}

function functionSpans(path: string): FunctionSpan[] {
  const file = relative(ROOT, path);
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const spans: FunctionSpan[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const body = node.body as ts.Node;
      const first = lineOf(node.getStart(source));
      spans.push({
        file,
        line: first,
        name: nameOf(node, source),
        lines: lineOf(node.getEnd()) - first + 1,
        singleSwitch: ts.isBlock(body) && body.statements.length === 1 && ts.isSwitchStatement(body.statements[0]!),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

const spans = SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap(functionSpans);
const long = spans.filter((span) => span.lines > MAX_LINES);
const describeSpan = (span: FunctionSpan) => `${span.file}:${span.line} ${span.name} (${span.lines} lines)`;

describe(`functions in ${SOURCES.join(", ")} are at most ${MAX_LINES} lines`, () => {
  it("finds the functions it measures, in every folder", () => {
    expect(spans.length).toBeGreaterThan(500);
    expect(spans.some((span) => span.file === "src/site/richtext/render.tsx" && span.name === "renderNode")).toBe(true);
    expect(SOURCES.filter((dir) => !spans.some((span) => span.file.startsWith(`${dir}/`)))).toEqual([]);
  });

  it(`every function is at most ${MAX_LINES} lines, but for the listed exhaustive switches`, () => {
    const offenders = long.filter((span) => !(`${span.file} ${span.name}` in EXHAUSTIVE_SWITCHES));
    expect(offenders.map(describeSpan)).toEqual([]);
  });

  it("each listed exception is still long and still one switch (else it leaves the list)", () => {
    for (const key of Object.keys(EXHAUSTIVE_SWITCHES)) {
      const matches = long.filter((span) => `${span.file} ${span.name}` === key);
      expect(matches.map((span) => ({ key, singleSwitch: span.singleSwitch }))).toEqual([{ key, singleSwitch: true }]);
    }
  });
});
