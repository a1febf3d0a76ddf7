// Builds everything the Worker serves: the content snapshot, the hashed stylesheet (UnoCSS, from
// the class names in src/ and client/), the static files of public/, the embedded space's images
// (asset-images.ts), the stories a fresh isolate warms up on (warm-up-page.ts), and
// the build manifest.
// Output: dist/public (Workers Static Assets) and .generated/ (modules the Worker imports).
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { cp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";
import { createGenerator } from "unocss";
import type { EmbeddedSpace } from "../../src/server/demo/embedded.ts";
import { REPO_ROOT as root } from "../repo-root.ts";
import { buildAssetImages } from "./asset-images.ts";
import { warmUpPage } from "./warm-up-page.ts";

const out = join(root, "dist/public");
const generated = join(root, ".generated");

const hash = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex").slice(0, 10);

async function filesUnder(dir: string, pattern: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && pattern.test(e.name)).map((e) => join(e.parentPath ?? e.path, e.name));
}

async function buildStylesheet() {
  const { default: config } = (await import(join(root, "uno.config.ts"))) as typeof import("../../uno.config.ts");
  const uno = await createGenerator(config);
  const sources = [...(await filesUnder(join(root, "src"), /\.(tsx?|mjs)$/)), ...(await filesUnder(join(root, "client"), /\.tsx?$/))];
  const code = (await Promise.all(sources.map((f) => readFile(f, "utf8")))).join("\n");
  const { css } = await uno.generate(code, { preflights: true, minify: true });
  const name = `site.${hash(css)}.css`;
  await writeFile(join(out, "assets", name), css);
  return { path: `/assets/${name}`, bytes: Buffer.byteLength(css) };
}

/** The client bundle: one hashed ESM entry, island chunks split off, minified for production. */
async function buildClient() {
  const result = await esbuild({
    entryPoints: { main: join(root, "client/main.tsx") },
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    target: "es2022",
    platform: "browser",
    jsx: "automatic",
    outdir: join(out, "assets"),
    entryNames: "[name].[hash]",
    chunkNames: "chunk.[hash]",
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  const outputs = Object.entries(result.metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === "client/main.tsx");
  if (!entry) throw new Error("client entry missing from the esbuild output");
  const rel = (file: string) => `/${relative(out, join(root, file)).split("\\").join("/")}`;
  const staticImports = entry[1].imports.filter((i) => i.kind === "import-statement").map((i) => rel(i.path));
  const bytes = outputs.reduce((sum, [, o]) => sum + o.bytes, 0);
  return { app: rel(entry[0]), preload: staticImports, bytes };
}

/**
 * The preview bundle: a separate build for visual-editor previews only (client/preview.tsx with
 * the block registry), so nothing of it ever reaches a visitor's page or shares a chunk with it.
 */
async function buildPreview() {
  const result = await esbuild({
    entryPoints: { preview: join(root, "client/preview.tsx") },
    bundle: true,
    format: "esm",
    minify: true,
    target: "es2022",
    platform: "browser",
    jsx: "automatic",
    outdir: join(out, "assets/preview"),
    entryNames: "[name].[hash]",
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  const [file, output] = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint === "client/preview.tsx") ?? [];
  if (!file || !output) throw new Error("preview entry missing from the esbuild output");
  return { path: `/${relative(out, join(root, file)).split("\\").join("/")}`, bytes: output.bytes };
}

/**
 * The embedded space (src/server/demo/embedded-space.ts: the content snapshot and the CDN emulator) as
 * one module of its own, next to the Worker's entry: wrangler uploads it as an additional module
 * (wrangler.toml `find_additional_modules`), so the main module stays lean and an isolate that
 * talks to a real Storyblok space never loads it.
 */
async function buildEmbeddedSpace() {
  const dir = join(root, "src/server/.generated");
  await mkdir(dir, { recursive: true });
  const result = await esbuild({
    entryPoints: [join(root, "src/server/demo/embedded-space.ts")],
    outfile: join(dir, "embedded-space.js"),
    bundle: true,
    format: "esm",
    target: "es2022",
    platform: "neutral",
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  await writeFile(join(dir, "embedded-space.d.ts"), 'export * from "../demo/embedded-space";\n');
  return Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
}

/**
 * The stories a fresh isolate renders while it starts (warm-up-page.ts), as a module the
 * Worker's main module imports: JSON text, which V8 parses faster than the same object literal.
 */
async function buildWarmUpPage() {
  const space = (await import(pathToFileURL(join(root, "src/server/.generated/embedded-space.js")).href)) as EmbeddedSpace;
  const json = JSON.stringify(await warmUpPage(space));
  await writeFile(join(generated, "warm-up.js"), `export default JSON.parse(${JSON.stringify(json)});\n`);
  await writeFile(
    join(generated, "warm-up.d.ts"),
    'declare const page: import("../src/server/render/warm-up").WarmUpPage;\nexport default page;\n',
  );
  return json.length;
}

/** `npm run build`. */
export async function main(): Promise<number> {
  const started = Date.now();
  await rm(join(root, "dist"), { recursive: true, force: true });
  await mkdir(join(out, "assets"), { recursive: true });
  await mkdir(generated, { recursive: true });

  try {
    execFileSync(process.execPath, [join(root, "tools/build/build-snapshot.ts")], { stdio: "inherit" });
  } catch {
    // the step has printed its report (each invalid story by field); a stack trace would bury it
    console.error("build: stopped: the content snapshot failed (its report is above)");
    return 1;
  }
  await cp(join(root, "public"), out, { recursive: true });
  const imagesStarted = Date.now();
  const images = await buildAssetImages(out); // cached in .generated/images: only new assets are made
  const imagesMs = Date.now() - imagesStarted;

  const stylesheet = await buildStylesheet();
  const client = await buildClient();
  const preview = await buildPreview();
  const embeddedBytes = await buildEmbeddedSpace();
  const warmUpBytes = await buildWarmUpPage();
  const buildId = hash(stylesheet.path + client.app + preview.path + (await readFile(join(generated, "snapshot.js"))));
  const manifest = {
    buildId,
    builtAt: new Date().toISOString(),
    stylesheet: stylesheet.path,
    scripts: { app: client.app, preload: client.preload, preview: preview.path },
  };

  await writeFile(join(generated, "build.js"), `export default ${JSON.stringify(manifest, null, 2)};\n`);
  await writeFile(
    join(generated, "build.d.ts"),
    'declare const build: import("../src/server/render/assets").BuildManifest;\nexport default build;\n',
  );
  await mkdir(join(out, "builds/meta"), { recursive: true });
  await writeFile(join(out, "builds/latest.json"), JSON.stringify({ id: buildId, timestamp: manifest.builtAt }));
  await writeFile(
    join(out, `builds/meta/${buildId}.json`),
    JSON.stringify({ id: buildId, timestamp: manifest.builtAt, stylesheet: stylesheet.path, scripts: manifest.scripts }),
  );

  console.log(
    `build ${buildId}: ${relative(root, out)} (css ${(stylesheet.bytes / 1024).toFixed(1)} KB, js ${(client.bytes / 1024).toFixed(1)} KB, preview js ${(preview.bytes / 1024).toFixed(1)} KB, embedded space ${(embeddedBytes / 1024).toFixed(1)} KB, warm-up page ${(warmUpBytes / 1024).toFixed(1)} KB, images ${images.files} files ${(images.bytes / 1048576).toFixed(1)} MB, ${images.made} made in ${imagesMs} ms) in ${Date.now() - started} ms`,
  );
  return 0;
}
