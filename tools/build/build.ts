// Builds everything the Worker serves: the content snapshot, the hashed stylesheet (UnoCSS, from
// the class names in src/ and client/), the static files of public/, the embedded space's images
// (asset-images.ts), the stories a fresh isolate warms up on (warm-up-page.ts), and
// the build manifest.
// Output: dist/public (Workers Static Assets) and .generated/ (modules the Worker imports).
// Each step runs only when its inputs changed since it last ran (build-cache.ts); dist/public is
// laid anew every time from public/, the steps' files in .generated/public/ and the images.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { copyFile, cp, link, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { type Metafile, build as esbuild } from "esbuild";
import { createGenerator } from "unocss";
import type { EmbeddedSpace } from "../../src/server/demo/embedded.ts";
import { REPO_ROOT as root } from "../repo-root.ts";
import { buildAssetImages } from "./asset-images.ts";
import { buildCache, diskFiles, folderStore } from "./build-cache.ts";
import { warmUpPage } from "./warm-up-page.ts";
import { schema } from "../../content-model/index.ts";
import { modelFacts } from "../../src/shared/content-health/model-facts.ts";
import { modelLabels } from "../../src/shared/content-health/model-labels.ts";

const out = join(root, "dist/public");
const generated = join(root, ".generated");
/** Each step's files for dist/public, in a folder of its own laid out as in dist/public. */
const parts = join(generated, "public");

const hash = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex").slice(0, 10);
/** A path relative to the checkout, with forward slashes (as esbuild's metafile names files). */
const fromRoot = (file: string) => relative(root, file).split("\\").join("/");

async function filesUnder(dir: string, pattern: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && pattern.test(e.name)).map((e) => join(e.parentPath ?? e.path, e.name));
}

/** The checkout's files a Node module loads when it runs (type-only imports left out), found by esbuild. */
export async function codeOf(...entries: string[]): Promise<string[]> {
  const result = await esbuild({
    entryPoints: entries.map((entry) => join(root, entry)),
    absWorkingDir: root,
    bundle: true,
    write: false,
    outdir: "out",
    packages: "external",
    platform: "node",
    format: "esm",
    metafile: true,
    logLevel: "silent",
  });
  return Object.keys(result.metafile.inputs);
}

/** The files a bundle was made from and the files it made, relative to the checkout. */
const bundled = (metafile: Metafile) => ({ learnt: Object.keys(metafile.inputs), outputs: Object.keys(metafile.outputs) });

/**
 * Source files that name no class: the content rules (texts for editors) and the preview's
 * content-health panel (styled inline). UnoCSS would read their words as class names ("fixed").
 */
const NO_CLASS_NAMES = ["src/shared/content-health/", "client/health/"];

/** The class names UnoCSS reads: every source file of src/ and client/ (not what the build wrote there). */
const stylesheetSources = async () =>
  [...(await filesUnder(join(root, "src"), /\.(tsx?|mjs)$/)), ...(await filesUnder(join(root, "client"), /\.tsx?$/))].filter(
    (file) => !fromRoot(file).includes("/.generated/") && !NO_CLASS_NAMES.some((folder) => fromRoot(file).startsWith(folder)),
  );

async function buildStylesheet(sources: string[]) {
  const { default: config } = (await import(join(root, "uno.config.ts"))) as typeof import("../../uno.config.ts");
  const uno = await createGenerator(config);
  const code = (await Promise.all(sources.map((f) => readFile(f, "utf8")))).join("\n");
  const { css } = await uno.generate(code, { preflights: true, minify: true });
  const name = `site.${hash(css)}.css`;
  const dir = join(parts, "stylesheet/assets");
  await rm(join(parts, "stylesheet"), { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), css);
  return { result: { path: `/assets/${name}`, bytes: Buffer.byteLength(css) }, outputs: [fromRoot(join(dir, name))] };
}

/** A step's file in .generated/public/<part>/ as the URL path it has in dist/public. */
const urlPath = (part: string, file: string) => `/${relative(join(parts, part), join(root, file)).split("\\").join("/")}`;

/** esbuild's settings of every browser bundle: ES2022 modules, minified, React's production build. */
const BROWSER = {
  absWorkingDir: root,
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2022",
  platform: "browser",
  jsx: "automatic",
  entryNames: "[name].[hash]",
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
} as const;

/**
 * V8's compile hint: a file opening with it is compiled whole on a background thread while it
 * streams in, instead of on the main thread when its code first runs. Given to the entry (React DOM
 * is in it: evaluating its module was one 57-77 ms task on a 4x slowed CPU, most of the first
 * view's Total Blocking Time once the bundle runs after the first paint; docs/performance.md,
 * "First view") and to the field measurements; the small chunks are left without it (the visitor
 * JS budget had 53 bytes left). Browsers without the hint read a comment.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * The client bundle: one hashed ESM entry, island chunks split off, minified for production. The
 * field measurements (client/vitals.ts with web-vitals) are a build of their own, `vitals.<hash>.js`,
 * which the document loads itself (an async, low-priority script of visitor pages with a page
 * type): loaded by the entry, it came only after the entry had arrived and run, too late for a
 * slow view left early (issue 54); as a chunk of the same build it would share esbuild's runtime
 * chunk with the entry (one more request for every page).
 */
async function buildClient() {
  await rm(join(parts, "client"), { recursive: true, force: true });
  const outdir = join(parts, "client/assets");
  const vitals = await esbuild({
    ...BROWSER,
    banner: { js: COMPILE_HINT },
    entryPoints: { vitals: join(root, "client/vitals.ts") },
    outdir,
  });
  const vitalsFile = Object.keys(vitals.metafile.outputs).find((file) => file.endsWith(".js"));
  if (!vitalsFile) throw new Error("vitals chunk missing from the esbuild output");
  const { metafile } = await esbuild({
    ...BROWSER,
    entryPoints: { main: join(root, "client/main.tsx") },
    splitting: true,
    outdir,
    chunkNames: "chunk.[hash]",
  });
  const outputs = Object.entries(metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === "client/main.tsx");
  if (!entry) throw new Error("client entry missing from the esbuild output");
  const entryFile = join(root, entry[0]);
  await writeFile(entryFile, `${COMPILE_HINT}\n${await readFile(entryFile, "utf8")}`);
  const staticImports = entry[1].imports.filter((i) => i.kind === "import-statement").map((i) => urlPath("client", i.path));
  const bytes = [...outputs, ...Object.entries(vitals.metafile.outputs)].reduce((sum, [, o]) => sum + o.bytes, 0);
  const both = bundled(metafile);
  const ownBuild = bundled(vitals.metafile);
  return {
    result: { app: urlPath("client", entry[0]), preload: staticImports, vitals: urlPath("client", vitalsFile), bytes },
    learnt: [...new Set([...both.learnt, ...ownBuild.learnt])],
    outputs: [...both.outputs, ...ownBuild.outputs],
  };
}

/**
 * The preview bundle: a separate build for visual-editor previews only (client/preview.tsx with
 * the block registry), so nothing of it ever reaches a visitor's page or shares a chunk with it.
 */
async function buildPreview() {
  await rm(join(parts, "preview"), { recursive: true, force: true });
  const { metafile } = await esbuild({
    ...BROWSER,
    entryPoints: { preview: join(root, "client/preview.tsx") },
    outdir: join(parts, "preview/assets/preview"),
  });
  const [file, output] = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === "client/preview.tsx") ?? [];
  if (!file || !output) throw new Error("preview entry missing from the esbuild output");
  return { result: { path: urlPath("preview", file), bytes: output.bytes }, ...bundled(metafile) };
}

/**
 * A module of the Worker's own beside its entry, bundled from `entry` into
 * `src/server/.generated/{name}.js`: wrangler uploads it as an additional module (wrangler.toml
 * `find_additional_modules`) and the Worker imports it only when it needs it, so the main module an
 * isolate starts from stays lean. Two: the embedded space (src/server/demo/embedded-space.ts: the
 * content snapshot and the CDN emulator; an isolate that talks to a real Storyblok space never
 * loads it) and the content rules (src/server/health/rules.ts: only a publish's check loads them).
 */
async function buildSideModule(entry: string, name: string) {
  const dir = join(root, "src/server/.generated");
  await mkdir(dir, { recursive: true });
  const { metafile } = await esbuild({
    entryPoints: [join(root, entry)],
    absWorkingDir: root,
    outfile: join(dir, `${name}.js`),
    bundle: true,
    format: "esm",
    target: "es2022",
    platform: "neutral",
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  const typesFrom = relative(dir, join(root, entry)).replace(/\.ts$/, "");
  await writeFile(join(dir, `${name}.d.ts`), `export * from "${typesFrom}";\n`);
  const { learnt, outputs } = bundled(metafile);
  const bytes = Object.values(metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  return { result: bytes, learnt, outputs: [...outputs, fromRoot(join(dir, `${name}.d.ts`))] };
}

const EMBEDDED_SPACE = "src/server/.generated/embedded-space.js";

/**
 * A value as a module of .generated/ that the Worker or a bundle imports, with its type (`type`, a
 * type expression): JSON text, which V8 parses faster than the same object literal.
 */
async function writeJsonModule(name: string, value: unknown, type: string) {
  const json = JSON.stringify(value);
  await writeFile(join(generated, `${name}.js`), `export default JSON.parse(${JSON.stringify(json)});\n`);
  await writeFile(join(generated, `${name}.d.ts`), `declare const value: ${type};\nexport default value;\n`);
  return { result: json.length, outputs: [`.generated/${name}.js`, `.generated/${name}.d.ts`] };
}

/** The stories a fresh isolate renders while it starts (warm-up-page.ts), for the Worker's main module. */
async function buildWarmUpPage() {
  const space = (await import(pathToFileURL(join(root, EMBEDDED_SPACE)).href)) as EmbeddedSpace;
  return writeJsonModule("warm-up", await warmUpPage(space), 'import("../src/server/render/warm-up").WarmUpPage');
}

/**
 * What the content rules know of the content model (src/shared/content-health/model-facts.ts), for
 * the Worker and the preview bundle: neither ever loads the model itself.
 */
const buildModelFacts = () =>
  writeJsonModule("model-facts", modelFacts(schema.blocks), 'import("../src/shared/content-health/model-facts").ModelFacts');

/**
 * The names editors see for the model's blocks and fields (src/shared/content-health/model-labels.ts),
 * for the preview bundle: the panel names a finding's place as the editor's form does.
 */
const buildModelLabels = () =>
  writeJsonModule("model-labels", modelLabels(schema.blocks), 'import("../src/shared/content-health/model-labels").ModelLabels');

/** The snapshot of content/, made by build-snapshot.ts in a process of its own (it is a command too). */
async function buildSnapshot() {
  execFileSync(process.execPath, [join(root, "tools/build/build-snapshot.ts")], { stdio: "inherit" });
  return { result: null, outputs: [".generated/snapshot.js", ".generated/snapshot.d.ts"] };
}

interface Manifest {
  buildId: string;
  builtAt: string;
  stylesheet: string;
  scripts: { app: string; preload: string[]; vitals: string; preview: string };
}

/** The build manifest the Worker imports; a build with the same id keeps the time it was first made. */
async function writeManifest(manifest: Manifest) {
  await writeFile(join(generated, "build.js"), `export default ${JSON.stringify(manifest, null, 2)};\n`);
  await writeFile(
    join(generated, "build.d.ts"),
    'declare const build: import("../src/server/render/assets").BuildManifest;\nexport default build;\n',
  );
  return { result: manifest, outputs: [".generated/build.js", ".generated/build.d.ts"] };
}

/** dist/public anew: public/, every step's files in .generated/public/ (hard links), the build's description files. */
async function layOutDist(manifest: Manifest) {
  await rm(join(root, "dist"), { recursive: true, force: true });
  await cp(join(root, "public"), out, { recursive: true });
  for (const file of await filesUnder(parts, /./)) {
    const [, ...path] = relative(parts, file).split(/[\\/]/);
    await mkdir(join(out, ...path.slice(0, -1)), { recursive: true });
    await link(file, join(out, ...path)).catch(() => copyFile(file, join(out, ...path)));
  }
  const { buildId: id, builtAt: timestamp, stylesheet, scripts } = manifest;
  await mkdir(join(out, "builds/meta"), { recursive: true });
  await writeFile(join(out, "builds/latest.json"), JSON.stringify({ id, timestamp }));
  await writeFile(join(out, `builds/meta/${id}.json`), JSON.stringify({ id, timestamp, stylesheet, scripts }));
}

/** `npm run build`. */
export async function main(): Promise<number> {
  const started = Date.now();
  await mkdir(generated, { recursive: true });
  const cache = buildCache(folderStore(join(generated, "build-cache")), diskFiles(root));
  // every step depends on the build's own code and the tools' versions, and on its own inputs
  const pipeline = [...(await codeOf("tools/build/build.ts")), "package-lock.json"];
  const content = (await filesUnder(join(root, "content"), /./)).map(fromRoot);
  try {
    await cache.run({
      name: "snapshot",
      inputs: [...pipeline, ...content, ...(await codeOf("tools/build/build-snapshot.ts"))],
      make: buildSnapshot,
    });
  } catch {
    // the step has printed its report (each invalid story by field); a stack trace would bury it
    console.error("build: stopped: the content snapshot failed (its report is above)");
    return 1;
  }
  const sources = await stylesheetSources();
  const stylesheet = await cache.run({
    name: "stylesheet",
    inputs: [...pipeline, ...sources.map(fromRoot), ...(await codeOf("uno.config.ts"))],
    make: () => buildStylesheet(sources),
  });
  await cache.run({
    name: "model-facts",
    inputs: [...pipeline, ...(await codeOf("content-model/index.ts", "src/shared/content-health/model-facts.ts"))],
    make: buildModelFacts,
  });
  await cache.run({
    name: "model-labels",
    inputs: [...pipeline, ...(await codeOf("content-model/index.ts", "src/shared/content-health/model-labels.ts"))],
    make: buildModelLabels,
  });
  // the bundles' own inputs are the files esbuild read the last time (learnt)
  const client = await cache.run({ name: "client", inputs: pipeline, make: buildClient });
  const preview = await cache.run({ name: "preview", inputs: pipeline, make: buildPreview });
  const sideModule = (name: string, entry: string) => cache.run({ name, inputs: pipeline, make: () => buildSideModule(entry, name) });
  const embeddedBytes = await sideModule("embedded-space", "src/server/demo/embedded-space.ts");
  await sideModule("content-health", "src/server/health/rules.ts");
  const warmUpBytes = await cache.run({ name: "warm-up", inputs: [...pipeline, EMBEDDED_SPACE], make: buildWarmUpPage });
  const buildId = hash(stylesheet.path + client.app + client.vitals + preview.path + (await readFile(join(generated, "snapshot.js"))));
  const { app, preload, vitals } = client;
  const described = { buildId, stylesheet: stylesheet.path, scripts: { app, preload, vitals, preview: preview.path } };
  const manifest = await cache.run({
    name: "manifest",
    recipe: JSON.stringify(described),
    inputs: pipeline,
    make: () => writeManifest({ buildId, builtAt: new Date().toISOString(), stylesheet: described.stylesheet, scripts: described.scripts }),
  });
  await layOutDist(manifest);
  const imagesStarted = Date.now();
  const images = await buildAssetImages(out); // cached in .generated/images: only new assets are made
  const imagesMs = Date.now() - imagesStarted;

  console.log(
    `build ${buildId}: ${relative(root, out)} (css ${(stylesheet.bytes / 1024).toFixed(1)} KB, js ${(client.bytes / 1024).toFixed(1)} KB, preview js ${(preview.bytes / 1024).toFixed(1)} KB, embedded space ${(embeddedBytes / 1024).toFixed(1)} KB, warm-up page ${(warmUpBytes / 1024).toFixed(1)} KB, images ${images.files} files ${(images.bytes / 1048576).toFixed(1)} MB, ${images.made} made in ${imagesMs} ms; steps made: ${cache.made.join(", ") || "none"}) in ${Date.now() - started} ms`,
  );
  return 0;
}
