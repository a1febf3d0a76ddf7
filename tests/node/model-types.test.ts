/**
 * Block props are derived from the content model (content-model/ -> `BlokOf` in
 * src/site/blocks/types.ts): a field renamed in the model without changing the block that reads
 * it must fail the type check, at the block. Each case type-checks the blocks with TypeScript's
 * own compiler and the site layer's compiler options, over a copy of the model (held in memory)
 * in which one field is renamed; the real tree must pass the same check.
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

/** Type errors of `blocks` (and what they import), with `rename` applied to the model's copy: `file(line): message`. */
function typeErrors(blocks: string[], rename?: Rename): string[] {
  const options = siteOptions();
  const host = ts.createCompilerHost(options, true);
  const target = rename ? join(ROOT, rename.file) : undefined;
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError) => {
    if (fileName === target && rename) {
      const text = readFileSync(fileName, "utf8");
      if (!text.includes(rename.from)) throw new Error(`${rename.file} has no ${rename.from}`);
      return ts.createSourceFile(fileName, text.replace(rename.from, rename.to), language);
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
    error: /^src\/site\/blocks\/sb-background\.tsx\(\d+\): .*'koraal'/,
  },
  {
    name: "an option value dropped from the model fails the check where the block maps the values",
    block: "src/site/blocks/spacer.tsx",
    rename: { file: "content-model/text-and-media.ts", from: '{ name: "Groot", value: "large" },', to: "" },
    error: /^src\/site\/blocks\/spacer\.tsx\(\d+\): .*'large'/,
  },
];

describe("block props come from the content model", () => {
  // one program for the control: each type check costs seconds (a new checker each time)
  it("the real tree passes the check of every block below", () => {
    expect(typeErrors(cases.map(({ block }) => block))).toEqual([]);
  });

  it.each(cases)("$name", ({ block, rename, error }) => {
    const errors = typeErrors([block], rename);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((message) => !message.startsWith(`${block}(`))).toEqual([]);
    expect(errors).toContainEqual(expect.stringMatching(error));
  });
});
