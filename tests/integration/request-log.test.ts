import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { testApp } from "../helpers/site";
import { requestLogLevel } from "../../src/server/middleware/logging";

// Our own JSON `request` line: written for a request that logged a warning or an error or
// answered 5xx, otherwise only for the sampled fraction REQUEST_LOG_SAMPLE_RATE (Cloudflare's
// invocation logs are off: tests/node/observability.test.ts). The per-request facts stay in the answer's headers.

const BASE = "http://www.koraal.test";

async function run(path: string, settings: Record<string, string>, random = () => 0.5) {
  const logs: Array<{ level: string; line: Record<string, unknown> }> = [];
  const app = testApp({ logSink: (level, line) => logs.push({ level, line: JSON.parse(line) }), random });
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(BASE + path), { ...env, LOG_LEVEL: "info", ...settings } as typeof env, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { res, requestLines: logs.filter((l) => l.line.event === "request") };
}

describe("the request log line", () => {
  it("is not written for a request that went well and was not sampled", async () => {
    await run("/", { REQUEST_LOG_SAMPLE_RATE: "0" }); // fills KV and the memos
    const { res, requestLines } = await run("/", { REQUEST_LOG_SAMPLE_RATE: "0" });
    expect(res.status).toBe(200);
    expect(requestLines).toEqual([]);
    // the per-request facts are in the answer itself
    expect(res.headers.get("x-request-id")).toMatch(/\S/);
    expect(res.headers.get("server-timing")).toMatch(/content;desc="\w+";dur=[\d.]+/);
    expect(res.headers.get("server-timing")).toMatch(/render;dur=[\d.]+/);
  });

  it("is written for the sampled fraction, at info, with method, path, status and duration", async () => {
    const sampled = await run("/bestaat-niet", { REQUEST_LOG_SAMPLE_RATE: "0.25" }, () => 0.2);
    expect(sampled.requestLines).toEqual([
      {
        level: "info",
        line: expect.objectContaining({ event: "request", method: "GET", path: "/bestaat-niet", status: 404, ms: expect.any(Number) }),
      },
    ]);
    const notSampled = await run("/bestaat-niet", { REQUEST_LOG_SAMPLE_RATE: "0.25" }, () => 0.3);
    expect(notSampled.requestLines).toEqual([]);
  });

  it("is always written, at the worst level, for a request that logged a warning or an error", async () => {
    // tracking set without a consent banner: the first page rendered so logs a warning (once per isolate)
    const { requestLines } = await run("/", { REQUEST_LOG_SAMPLE_RATE: "0", SALES_TRACKING_ID: "LI-TEST1234ABCD" });
    expect(requestLines.map((l) => [l.level, l.line.status])).toEqual([["warn", 200]]);
  });

  it("levels: error for 5xx or a logged error, warn for a logged warning, info when sampled, none otherwise", () => {
    expect(requestLogLevel(undefined, 503, false)).toBe("error");
    expect(requestLogLevel("error", 200, false)).toBe("error");
    expect(requestLogLevel("warn", 404, false)).toBe("warn");
    expect(requestLogLevel("info", 200, true)).toBe("info");
    expect(requestLogLevel("info", 200, false)).toBeUndefined();
    expect(requestLogLevel(undefined, 404, false)).toBeUndefined();
  });

  it("REQUEST_LOG_SAMPLE_RATE must be a fraction", async () => {
    const app = testApp({ logSink: () => {} });
    const res = await app.fetch(new Request(`${BASE}/`), { ...env, REQUEST_LOG_SAMPLE_RATE: "2" } as typeof env, createExecutionContext());
    expect(res.status).toBe(500);
  });
});
