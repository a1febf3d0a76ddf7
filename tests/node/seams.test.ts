/**
 * Two seams inside the Worker that the layers' compiler rules cannot hold (src/server may import
 * the site, to render it, and any folder of its own):
 * - the content layer (src/server/content/) imports nothing from the site: it loads what a page's
 *   blocks ask for by the shared listing table (src/shared/listings/listing-queries.ts) and renders nothing;
 * - what exists only on the embedded space (src/server/demo/) is reached from one wiring point,
 *   src/server/index.ts: no other file of the Worker or the browser knows it.
 * Every relative import counts, type-only and dynamic ones too (as in imports.test.ts). Tests and
 * scripts are not held to it (the build bundles the embedded space; tests stand the emulator in
 * for Storyblok).
 */
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { relativeImports, resolveImport, sourceFiles } from "../helpers/source-imports";

const ROOT = join(import.meta.dirname, "../..");

/** One import: the importing file and the file it names, both relative to the repository. */
interface Import {
  file: string;
  target: string;
}

interface Seam {
  /** Files that may not import across the seam. */
  from: (file: string) => boolean;
  /** What they may not import. */
  to: string;
  why: string;
}

const DEMO = "src/server/demo/";
const WIRING_POINT = "src/server/index.ts";

const SEAMS: readonly Seam[] = [
  {
    from: (file) => file.startsWith("src/server/content/"),
    to: "src/site/",
    why: "the content layer imports nothing from the site",
  },
  {
    from: (file) => !file.startsWith(DEMO) && file !== WIRING_POINT,
    to: DEMO,
    why: `only ${WIRING_POINT} wires the embedded space`,
  },
];

/** Each import that crosses a seam, as one exact sentence. */
function seamViolations(imports: readonly Import[]): string[] {
  return imports.flatMap(({ file, target }) =>
    SEAMS.filter((seam) => seam.from(file) && target.startsWith(seam.to)).map((seam) => `${file} imports ${target}: ${seam.why}`),
  );
}

/** Every relative import between the source files of `dirs` (static, type-only, re-exports, dynamic). */
function importsOf(dirs: readonly string[]): Import[] {
  const files = dirs.flatMap((dir) => sourceFiles(join(ROOT, dir)));
  const known = new Set(files);
  return files.flatMap((file) =>
    relativeImports(file).flatMap((specifier) => {
      const target = resolveImport(file, specifier, known);
      return target ? [{ file: relative(ROOT, file), target: relative(ROOT, target) }] : [];
    }),
  );
}

describe("seams inside the Worker", () => {
  it("names each import across a seam, and lets the others pass", () => {
    expect(
      seamViolations([
        { file: "src/server/content/page.ts", target: "src/site/blocks/listing-queries.ts" },
        { file: "src/server/content/page.ts", target: "src/shared/listings/listing-queries.ts" },
        { file: "src/server/middleware/content.ts", target: "src/server/demo/index.ts" },
        { file: "src/server/routes/webhook.ts", target: "src/server/demo/emulator/index.ts" },
        { file: "client/preview.tsx", target: "src/server/demo/image-service.ts" },
        { file: "src/server/index.ts", target: "src/server/demo/index.ts" },
        { file: "src/server/demo/index.ts", target: "src/server/demo/publish.ts" },
        { file: "src/server/demo/publish.ts", target: "src/server/routes/webhook.ts" },
        { file: "src/server/render/respond.tsx", target: "src/site/site-shell.tsx" },
      ]),
    ).toEqual([
      "src/server/content/page.ts imports src/site/blocks/listing-queries.ts: the content layer imports nothing from the site",
      "src/server/middleware/content.ts imports src/server/demo/index.ts: only src/server/index.ts wires the embedded space",
      "src/server/routes/webhook.ts imports src/server/demo/emulator/index.ts: only src/server/index.ts wires the embedded space",
      "client/preview.tsx imports src/server/demo/image-service.ts: only src/server/index.ts wires the embedded space",
    ]);
  });

  it("are kept by src/ and client/", () => {
    const imports = importsOf(["src", "client"]);
    // the rules have something to hold: the wiring point does import the demo, the content layer shared
    expect(imports).toContainEqual({ file: WIRING_POINT, target: "src/server/demo/index.ts" });
    expect(imports).toContainEqual({ file: "src/server/content/page.ts", target: "src/shared/listings/listing-queries.ts" });
    expect(seamViolations(imports)).toEqual([]);
  });
});
