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
import { startLocalWorker, waitUntilUp } from "../../tools/local/local-worker.ts";

const PORT = 8751;
const base = `http://127.0.0.1:${PORT}`;
const state = mkdtempSync(join(tmpdir(), "isolate-start-"));
let server: ChildProcess | undefined;
let output = "";

afterAll(() => {
  server?.kill("SIGTERM");
  rmSync(state, { recursive: true, force: true });
});

/** Resolves true once the Worker's output holds `text` (checked as each piece of output arrives), false after 10 s without it. */
function logged(text: string): Promise<boolean> {
  const streams = [server?.stdout, server?.stderr];
  return new Promise((resolve) => {
    const done = (found: boolean) => {
      clearTimeout(timer);
      for (const stream of streams) stream?.off("data", check);
      resolve(found);
    };
    const check = () => output.includes(text) && done(true);
    const timer = setTimeout(() => done(false), 10_000);
    for (const stream of streams) stream?.on("data", check);
    check();
  });
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
