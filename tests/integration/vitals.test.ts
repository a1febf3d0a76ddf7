import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../src/server/env";
import { BASE, testApp } from "../helpers/site";
import { GOOD_BEACON } from "../helpers/vitals";

// POST /api/vitals through the whole Worker (createApp), with the rate limit bindings of wrangler.toml
// (miniflare's simulation) and the local D1 store the test environment selects (LOCAL_VARS).

const app = testApp();
let nextClient = 1;
/** A client address of its own per call site: the per-client limit counts each apart. */
const newClient = () => `203.0.113.${nextClient++}`;

interface Send {
  body?: BodyInit | null;
  headers?: Record<string, string>;
  method?: string;
  ip?: string;
  environment?: AppEnv;
}

async function send({ body = JSON.stringify(GOOD_BEACON), headers = {}, method = "POST", ip = newClient(), environment }: Send = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`${BASE}/api/vitals`, {
    method,
    body: method === "POST" ? body : null,
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      origin: BASE,
      "sec-fetch-site": "same-origin",
      "cf-connecting-ip": ip,
      ...headers,
    },
  });
  const res = await app.fetch(request, environment ?? env, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, text, headers: res.headers };
}

const rows = async () => (await env.DB.prepare("SELECT * FROM vitals ORDER BY id").all()).results;
const count = async () => (await rows()).length;

describe("POST /api/vitals", () => {
  it("answers a well-formed beacon 204 with no body, and writes one data point", async () => {
    const before = await count();
    const res = await send();
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const stored = await rows();
    expect(stored).toHaveLength(before + 1);
    expect(stored.at(-1)).toMatchObject({
      index1: "CaseDetail",
      blob1: "CaseDetail",
      blob2: "nl",
      blob3: "mobile",
      blob4: "navigate",
      blob5: "4g",
      blob6: "0123456789",
      double1: 1235,
      double2: 0.0123,
      double3: 48,
      double4: 800,
      double5: 121,
    });
  });

  it("clamps out-of-range values before they are stored", async () => {
    expect((await send({ body: JSON.stringify({ ...GOOD_BEACON, LCP: 9e99, INP: 1e7 }) })).status).toBe(204);
    expect((await rows()).at(-1)).toMatchObject({ double1: 120_000, double3: 60_000 });
  });

  const huge = "x".repeat(2 * 1024 * 1024);
  const stream = () =>
    new ReadableStream({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(`{"pageType":"${"x".repeat(4096)}`));
      },
    });
  it.each<[string, Send, number]>([
    ["malformed JSON", { body: "{pageType: Page" }, 400],
    ["JSON that is no object", { body: "[1,2]" }, 400],
    ["bytes that are no UTF-8", { body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }, 400],
    ["an empty body", { body: "" }, 400],
    ["an unknown page type", { body: JSON.stringify({ ...GOOD_BEACON, pageType: "Admin" }) }, 400],
    ["a negative value", { body: JSON.stringify({ ...GOOD_BEACON, CLS: -0.5 }) }, 400],
    ["a metric as text", { body: JSON.stringify({ ...GOOD_BEACON, LCP: "fast" }) }, 400],
    ["an identifier smuggled in", { body: JSON.stringify({ ...GOOD_BEACON, clientId: "42" }) }, 400],
    ["a huge body with its length declared", { body: huge }, 413],
    ["a huge body streamed without a length", { body: stream() }, 413],
    ["another site's page", { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }, 403],
    ["another origin without Sec-Fetch-Site", { headers: { origin: "https://evil.example", "sec-fetch-site": "" } }, 403],
    ["a form post", { headers: { "content-type": "application/x-www-form-urlencoded" } }, 415],
    ["a GET", { method: "GET" }, 405],
  ])("refuses %s with a 4xx and stores nothing", async (_name, request, status) => {
    const before = await count();
    const res = await send(request);
    expect(res.status).toBe(status);
    expect(JSON.parse(res.text)).toEqual({ message: expect.any(String) });
    expect(await count()).toBe(before);
  });

  it("takes 1,000 beacons in a burst from one client: the first 30 (a minute's limit) stored, the rest 429, never a 5xx", async () => {
    const before = await count();
    const ip = newClient();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const { status } = await send({ ip });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses.keys()].sort()).toEqual([204, 429]);
    // the Rate Limiting binding counts per 60 s window: a window may turn once during the burst
    const accepted = statuses.get(204) ?? 0;
    expect(accepted).toBeGreaterThanOrEqual(30);
    expect(accepted).toBeLessThanOrEqual(60);
    expect(await count()).toBe(before + accepted);
    // other clients are not held up by it
    expect((await send()).status).toBe(204);
  });

  it("counts well-formed beacons of every client against the site-wide limit, and answers 429 past it", async () => {
    let left = 3;
    const siteLimit = { limit: async () => ({ success: left-- > 0 }) } as unknown as RateLimit;
    const environment = { ...(env as AppEnv), VITALS_SITE_LIMIT: siteLimit };
    const before = await count();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send({ environment })).status);
    // a malformed beacon never reaches the site-wide count
    expect((await send({ environment, body: "{" })).status).toBe(400);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    expect(await count()).toBe(before + 3);
  });

  it("drops the beacon (429, nothing stored, no 5xx) when a limiter fails", async () => {
    const broken = { limit: async () => Promise.reject(new Error("limiter down")) } as unknown as RateLimit;
    const before = await count();
    expect((await send({ environment: { ...(env as AppEnv), VITALS_CLIENT_LIMIT: broken } })).status).toBe(429);
    expect(await count()).toBe(before);
  });
});
