import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// What `wrangler deploy` uploads (a dry run, with wrangler.toml's production settings: React's
// production build, minified), measured on the built output (npm run build). A fresh isolate
// loads the main module, so it stays lean; the demo space (content snapshot and CDN emulator) is
// a module of its own that only an isolate without a Storyblok token ever imports.
const ROOT = join(import.meta.dirname, "../..");
const KB = 1024;
const out = mkdtempSync(join(tmpdir(), "worker-bundle-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

execFileSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", "deploy", "--dry-run", "--outdir", out], {
  cwd: ROOT,
  // a token set, as in production (a secret: it does not change what is bundled)
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", STORYBLOK_TOKEN: "production-token", NODE_ENV: "production" },
  stdio: "ignore",
});
const main = readFileSync(join(out, "index.js"), "utf8");
const snapshot = readFileSync(join(ROOT, ".generated/snapshot.js"), "utf8");
const space = JSON.parse(snapshot.slice(snapshot.indexOf("{"), snapshot.lastIndexOf("}") + 1)) as {
  tokens: { public: string; preview: string };
  stories: Array<{ uuid: string; name: string }>;
};

/**
 * The goal is 450 KB. Issues 51-54 took the main module from 446.6 to 467.3 KB (the publish
 * pipeline and moved pages ~8.4 KB, the erasures, keyed pseudonyms, Turnstile and the vitals ledger
 * ~7 KB, links resolved through their stories and closed vacancies ~4 KB): the goal is not met, and
 * this ceiling keeps it from growing further until the scheduled work (the crons' newsletter,
 * erasure and re-keying code) moves to a module of its own, as the content rules did.
 */
const CEILING_KB = 470;

describe("the deployed Worker", () => {
  it(`has a main module of at most ${CEILING_KB} KB raw`, () => {
    const bytes = statSync(join(out, "index.js")).size;
    console.log(`main module ${(bytes / KB).toFixed(1)} KB raw`);
    expect(bytes).toBeLessThanOrEqual(CEILING_KB * KB);
  });

  it("carries one copy of React's server renderer: the stream's, without the synchronous one", () => {
    // react-dom/server.edge also exports renderToString (a second renderer, ~100 KB); the site
    // renders every part through the stream (src/server/render/react-dom-server.cjs)
    expect(main).not.toContain("renderToString");
  });

  it("does not carry the demo space in its main module", () => {
    expect(main).not.toContain(space.tokens.public);
    expect(main).not.toContain(space.tokens.preview);
    for (const story of space.stories) expect(main).not.toContain(story.uuid);
    // nor the emulator (its answer for a missing story, src/server/demo/emulator/model.ts)
    expect(main).not.toContain("This record could not be found");
  });

  it("has the demo space as a separate module, imported only where it is needed", () => {
    expect(readdirSync(join(out, ".generated")).sort()).toEqual(["content-health.js", "embedded-space.js"]);
    const module = readFileSync(join(out, ".generated/embedded-space.js"), "utf8");
    expect(module).toContain(space.tokens.public);
    expect(module).toContain("This record could not be found");
    expect(main).toContain('import("./.generated/embedded-space.js")');
  });

  it("has the content rules as a separate module, imported by a publish's check only", () => {
    const module = readFileSync(join(out, ".generated/content-health.js"), "utf8");
    expect(module).toContain("link.target"); // a rule's id
    expect(main).not.toContain("link.target");
    expect(main).toContain('import("./.generated/content-health.js")');
  });
});
