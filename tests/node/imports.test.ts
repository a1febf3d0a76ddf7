/**
 * No import circles. A circle makes module evaluation order matter (a block could run before the
 * registry it is part of has finished evaluating) and ties every file on it to every other: none
 * of them can be understood, tested or moved alone. Every relative import counts, type-only and
 * dynamic ones too, because each is a dependency a reader has to follow. Imports are read with
 * the compiler's own scanner (`ts.preProcessFile`), not with a regular expression.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const SOURCES = ["src", "client", "scripts", "tools", "content-model"];

/**
 * Circles that may stay, by the files on them. None: the embedded Storyblok emulator
 * (src/server/content/emulator/) had one (params -> model -> i18n -> params) only because the
 * default page size lived in model.ts; it lives in params.ts now.
 */
const ALLOWED: readonly (readonly string[])[] = [];

type Graph = ReadonlyMap<string, readonly string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** `./x` is x itself, x.ts, x.tsx, x/index.ts or x/index.tsx, the first that is one of `files`. */
function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((candidate) => files.has(candidate));
}

/** Every relative import of a file (static, type-only, re-exports, dynamic `import("…")`). */
function relativeImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles.map((imported) => imported.fileName).filter((name) => name.startsWith("./") || name.startsWith("../"));
}

function importGraph(dirs: readonly string[]): Graph {
  const files = dirs.flatMap((dir) => sourceFiles(join(ROOT, dir)));
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      relativeImports(file)
        .map((specifier) => resolveImport(file, specifier, known))
        .filter((target): target is string => target !== undefined),
    ]),
  );
}

/** Tarjan's strongly connected components: every component of more than one file, or a file importing itself, is a circle. */
function circles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];

  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const sameFiles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((file, i) => file === b[i]);

describe("import circles", () => {
  it("are found: a circle of three, a file importing itself; a diamond is none", () => {
    const graph: Graph = new Map([
      ["a", ["b"]],
      ["b", ["c", "d"]],
      ["c", ["a"]],
      ["d", ["e", "f"]],
      ["e", ["g"]],
      ["f", ["g"]],
      ["g", []],
      ["h", ["h"]],
    ]);
    expect(circles(graph)).toEqual([["a", "b", "c"], ["h"]]);
  });

  it("resolves a relative import to a file, with or without its extension, or to a folder's index", () => {
    const files = new Set(["/p/a.ts", "/p/b.tsx", "/p/c/index.ts", "/p/d.ts"]);
    expect(["./a", "./b", "./c", "./d.ts", "./e"].map((specifier) => resolveImport("/p/x.ts", specifier, files))).toEqual([
      "/p/a.ts",
      "/p/b.tsx",
      "/p/c/index.ts",
      "/p/d.ts",
      undefined,
    ]);
  });

  it(`there are none in ${SOURCES.join(", ")} (but the allowed ones)`, () => {
    const found = circles(importGraph(SOURCES)).map((files) => files.map((file) => relative(ROOT, file)));
    expect(found.filter((files) => !ALLOWED.some((allowed) => sameFiles(files, allowed)))).toEqual([]);
  });
});
