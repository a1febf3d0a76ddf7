// The renderer's warm-up runs while the isolate starts (src/server/index.ts), where workerd refuses
// I/O, timers and even a response made of bytes. Tests in workerd run it inside a request, where
// all of that is allowed, so only a real start shows whether it works: the built site under
// wrangler dev, as the benches serve it. A failed warm-up is logged (`warmup.failed`) and costs
// the first visitor ~5 ms more (`npm run bench:cold`).
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startLocalWorker, waitUntilUp } from "../../scripts/local-worker.ts";

const PORT = 8751;
const base = `http://127.0.0.1:${PORT}`;
const state = mkdtempSync(join(tmpdir(), "isolate-start-"));
let server: ChildProcess | undefined;
let output = "";

afterAll(() => {
  server?.kill("SIGTERM");
  rmSync(state, { recursive: true, force: true });
});

/** Resolves once the Worker's output holds `text` (at most 10 s). */
async function logged(text: string): Promise<boolean> {
  for (let i = 0; i < 100 && !output.includes(text); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return output.includes(text);
}

describe("an isolate's start", () => {
  it("warms the renderer without a failure, before the first request", async () => {
    server = startLocalWorker({ port: PORT, persist: state, logLevel: "info", stdout: "pipe", stderr: "pipe" });
    for (const stream of [server.stdout, server.stderr]) stream?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await waitUntilUp(base);
    expect((await fetch(`${base}/`)).status).toBe(200);
    // a crawler's 404 is logged as a warning: once it is in the output, so is anything the start logged
    expect((await fetch(`${base}/bestaat-niet`, { headers: { "user-agent": "Googlebot/2.1" } })).status).toBe(404);
    expect(await logged('"event":"error.bot"')).toBe(true);
    expect(output).not.toContain("warmup.failed");
  });
});
