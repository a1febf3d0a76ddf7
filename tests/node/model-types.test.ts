/**
 * Block props are derived from the content model (content-model/ -> `BlokOf` in
 * src/site/blocks/types.ts): a field renamed in the model without changing the block that reads
 * it must fail the type check, at the block. Each case renames one field (or drops one option) in a
 * copy of the model held in memory; the blocks are type-checked with TypeScript's own compiler and
 * the site layer's compiler options over the model with every case's change at once (one checker:
 * each costs seconds), and each case's error must appear at its own block and nowhere else. The
 * real tree passes the same check in `npm run typecheck`; here every error must be a case's own.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

/** The site layer's compiler options, checking only (no project build, no output). */
function siteOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, "src/site/tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error("src/site/tsconfig.json does not parse");
  return { ...parsed.options, composite: false, incremental: false, noEmit: true, emitDeclarationOnly: false };
}

interface Rename {
  /** The model file, relative to the repository. */
  file: string;
  from: string;
  to: string;
}

/** Parsed files every check shares (the libs, React's types, the unchanged tree): parsing them once keeps the checks fast. */
const parsed = new Map<string, ts.SourceFile>();

/** Type errors of `blocks` (and what they import), with `renames` applied to the model's copy: `file(line): message`. */
function typeErrors(blocks: string[], renames: Rename[] = []): string[] {
  const options = siteOptions();
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError) => {
    const changes = renames.filter(({ file }) => join(ROOT, file) === fileName);
    if (changes.length > 0) {
      let text = readFileSync(fileName, "utf8");
      for (const { file, from, to } of changes) {
        if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
        text = text.replace(from, to);
      }
      return ts.createSourceFile(fileName, text, language);
    }
    const cached = parsed.get(fileName) ?? getSourceFile(fileName, language, onError);
    if (cached) parsed.set(fileName, cached);
    return cached;
  };
  const program = ts.createProgram({ rootNames: blocks.map((block) => join(ROOT, block)), options, host });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName.slice(ROOT.length + 1)}(${line + 1}): ${message}`;
  });
}

const cases: Array<{ name: string; block: string; rename: Rename; error: RegExp }> = [
  {
    name: "a field of a block renamed in the model fails the check at the block that reads it",
    block: "src/site/blocks/cta.tsx",
    rename: { file: "content-model/sections.ts", from: 'defineField("secondaryLinkText"', to: 'defineField("secondaryLabel"' },
    error: /^src\/site\/blocks\/cta\.tsx\(\d+\): Property 'secondaryLinkText' does not exist on type/,
  },
  {
    name: "a field of a nested component renamed in the model fails the check at the block that reads it",
    block: "src/site/blocks/tw-menu.tsx",
    rename: { file: "content-model/navigation.ts", from: 'defineField("heading"', to: 'defineField("label"' },
    error: /^src\/site\/blocks\/tw-menu\.tsx\(\d+\): Property 'heading' does not exist on type/,
  },
  {
    name: "an option value dropped from the model fails the check where the block names it",
    block: "src/site/blocks/sb-background.tsx",
    rename: { file: "content-model/sections.ts", from: '{ name: "Koraal", value: "koraal" },', to: "" },
    error: /^src\/site\/blocks\/sb-background\.tsx\(\d+\): .*["']koraal["']/,
  },
  {
    name: "an option value dropped from the model fails the check where the block maps the values",
    block: "src/site/blocks/spacer.tsx",
    rename: { file: "content-model/text-and-media.ts", from: '{ name: "Groot", value: "large" },', to: "" },
    error: /^src\/site\/blocks\/spacer\.tsx\(\d+\): .*["']large["']/,
  },
];

describe("block props come from the content model", () => {
  // every case's change in one program (each type check costs seconds: a new checker each time).
  // The real tree's check is `npm run typecheck` (tsc -b over the site layer); here every error of
  // the changed program must be a case's expected error at that case's block, so a checker that
  // reported anything else (a missing lib, an error the real tree has) fails too.
  let changed: string[] | undefined;
  const changedErrors = () => {
    changed ??= typeErrors(
      cases.map(({ block }) => block),
      cases.map(({ rename }) => rename),
    );
    return changed;
  };

  it("no change to the model gives an error outside the blocks that read what changed", () => {
    const blocks = cases.map(({ block }) => block);
    expect(changedErrors().filter((message) => !blocks.some((block) => message.startsWith(`${block}(`)))).toEqual([]);
  });

  it.each(cases)("$name", ({ block, error }) => {
    const atBlock = changedErrors().filter((message) => message.startsWith(`${block}(`));
    expect(atBlock.length).toBeGreaterThan(0);
    // nothing at the block but what the change caused
    expect(atBlock.filter((message) => !error.test(message))).toEqual([]);
  });
});
