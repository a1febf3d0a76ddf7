import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";

/** Every TypeScript source file below `dir` (declaration files aside), by absolute path. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** `./x` is x itself, x.ts, x.tsx, x/index.ts or x/index.tsx, the first that is one of `files`. */
export function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((candidate) => files.has(candidate));
}

/** Every relative import of a file (static, type-only, re-exports, dynamic `import("…")`), read with the compiler's own scanner. */
export function relativeImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles.map((imported) => imported.fileName).filter((name) => name.startsWith("./") || name.startsWith("../"));
}
