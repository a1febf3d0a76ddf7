import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";

const VNU = "node_modules/vnu-jar/build/dist/vnu.jar";

/**
 * Every page in the sitemap and the 404 screen, as the site serves them, through the W3C Nu HTML
 * Checker in one JVM start (a few seconds for all of them).
 */
test("every sitemap page and the 404 screen (Dutch and English) are valid HTML (Nu HTML Checker)", async ({ request }) => {
  test.setTimeout(90_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths.length).toBeGreaterThanOrEqual(20);
  const dir = await mkdtemp(join(tmpdir(), "vnu-"));
  try {
    const missing = ["/bestaat-niet", "/en/does-not-exist"];
    for (const [index, path] of [...paths, ...missing].entries()) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(missing.includes(path) ? 404 : 200);
      await writeFile(join(dir, `${index}${path.replaceAll("/", "_")}.html`), await res.text());
    }
    const { stderr } = await promisify(execFile)("java", ["-jar", VNU, "--errors-only", "--format", "json", dir], {
      maxBuffer: 16 << 20,
    }).catch((error: { stderr: string }) => ({ stderr: error.stderr }));
    const messages = (JSON.parse(stderr) as { messages: Array<{ url: string; message: string; extract?: string }> }).messages;
    expect(messages.map((m) => `${m.url.replace(/^.*\//, "")}: ${m.message}`)).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
