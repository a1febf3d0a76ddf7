// The built site under wrangler dev, as `npm start` serves it (one server for both checks: each
// start costs ~8 s of CPU, a wrangler process for D1's migrations and wrangler dev itself).
//
// An isolate's start: the renderer's warm-up runs while the isolate starts (src/server/index.ts),
// where workerd refuses I/O, timers and even a response made of bytes. Tests in workerd run it
// inside a request, where all of that is allowed, so only a real start shows whether it works. A
// failed warm-up is logged (`warmup.failed`) and costs the first visitor ~5 ms more (`npm run
// bench:cold`).
//
// `npm run content:health -- --base <origin>` against it: a publish (the embedded space's local
// publish, signed like a webhook) is checked in the webhook's processing, logs its `content.health`
// line and keeps its report, which the command lists through the signed GET /api/content-health. (A
// publish with a seeded defect, and the report's exact findings: tests/integration/content-health.test.ts.)
import { type ChildProcess, execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalWorker, waitUntilUp } from "../../tools/local/local-worker.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";

const PORT = 8751;
const base = `http://127.0.0.1:${PORT}`;
const SECRET = "content-health-webhook-secret";
const STORY = "cases/linde-roosterapp";
const state = mkdtempSync(join(tmpdir(), "local-site-"));
let server: ChildProcess | undefined;
let output = "";

beforeAll(async () => {
  server = startLocalWorker({
    port: PORT,
    persist: state,
    logLevel: "info",
    stdout: "pipe",
    stderr: "pipe",
    vars: { STORYBLOK_WEBHOOK_SECRET: SECRET },
  });
  for (const stream of [server.stdout, server.stderr]) stream?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilUp(base);
}, 120_000);

afterAll(() => {
  server?.kill("SIGTERM");
  rmSync(state, { recursive: true, force: true });
});

/** Resolves once the Worker's output holds `text` (checked as each piece of output arrives), or fails after 20 s saying what was logged. */
function logged(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const streams = [server?.stdout, server?.stderr];
    const check = () => output.includes(text) && done();
    const done = () => {
      clearTimeout(timer);
      for (const stream of streams) stream?.off("data", check);
      resolve();
    };
    const timer = setTimeout(() => reject(new Error(`not logged: ${text}\n${output}`)), 20_000);
    for (const stream of streams) stream?.on("data", check);
    check();
  });
}

const command = (...args: string[]) =>
  execFileSync(process.execPath, [join(REPO_ROOT, "scripts/content-health.ts"), ...args], { encoding: "utf8", cwd: REPO_ROOT });

describe("an isolate's start", () => {
  it("warms the renderer without a failure, before the first request", async () => {
    expect((await fetch(`${base}/`)).status).toBe(200);
    // a crawler's 404 is logged as a warning: once it is in the output, so is anything the start logged
    expect((await fetch(`${base}/bestaat-niet`, { headers: { "user-agent": "Googlebot/2.1" } })).status).toBe(404);
    await logged('"event":"error.bot"');
    expect(output).not.toContain("warmup.failed");
  });
});

describe("npm run content:health -- --base", () => {
  it("lists the report of a story published on the local site", async () => {
    expect((await fetch(`${base}/api/content-health`)).status).toBe(403);
    // the editors' language by default, English when asked
    expect(command("--base", base)).toContain("0 gepubliceerde verhalen met een rapport, 0 fouten, 0 waarschuwingen");
    expect(command("--base", base, "--lang", "en")).toContain("0 published stories reported, 0 errors, 0 warnings");

    const body = JSON.stringify({ full_slug: STORY });
    const publish = await fetch(`${base}/api/storyblok/emulator/publish`, {
      method: "POST",
      headers: { "content-type": "application/json", "webhook-signature": createHmac("sha1", SECRET).update(body).digest("hex") },
      body,
    });
    expect(publish.status).toBe(202);
    await logged(`"story":"${STORY}","storyId"`);
    expect(output.split("\n").filter((line) => line.includes('"event":"content.health"'))).toEqual([
      expect.stringContaining(`"errors":0,"warnings":2,"findings":["nl:seo.title@`),
    ]);

    const listed = command("--base", base, "--lang", "en");
    expect(listed).toContain("1 published stories reported, 0 errors, 2 warnings");
    expect(listed).toMatch(new RegExp(`^${STORY} \\(checked [^)]+\\): 0 errors, 2 warnings$`, "m"));
    expect(listed).toMatch(/seo\.title .*cases\/linde-roosterapp \(nl\) CaseDetail/);
    const json = JSON.parse(command("--base", base, "--json")) as { reports: Array<{ story: string; counts: Record<string, number> }> };
    expect(json.reports).toEqual([expect.objectContaining({ story: STORY, counts: { error: 0, warning: 2 } })]);
  }, 60_000);
});
