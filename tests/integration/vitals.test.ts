import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../src/server/env";
import { BASE, testApp } from "../helpers/site";
import { GOOD_BEACON } from "../helpers/vitals";
import { DAILY_SHARE } from "../../src/server/vitals/ledger";

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

/** A page view as the site serves it: its type, build and token, from the page's own meta tags. */
async function view(path: string, ip: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${BASE}${path}`, { headers: { "cf-connecting-ip": ip } }), env, ctx);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  const meta = (name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
  return { pageType: meta("page-type"), build: meta("build-id"), view: meta("view-token") };
}

/** A beacon of a page view the site served to `ip` (every other test's beacon has a view of its own too). */
async function beaconOf(ip: string, fields: Record<string, unknown> = {}, path = "/cases/domstad-deelfietsen") {
  return JSON.stringify({ ...GOOD_BEACON, ...(await view(path, ip)), ...fields });
}

async function send({ body, headers = {}, method = "POST", ip = newClient(), environment }: Send = {}) {
  body ??= await beaconOf(ip);
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

/** The page views' data points (refusals are counted in the same store: index1 'refused'). */
const rows = async () => (await env.DB.prepare("SELECT * FROM vitals WHERE index1 != 'refused' ORDER BY id").all()).results;
const count = async () => (await rows()).length;

describe("POST /api/vitals: only page views the site served (issue 53)", () => {
  it("takes a real view's beacon once: the same token again is refused (409), and nothing more is stored", async () => {
    const ip = newClient();
    const body = await beaconOf(ip);
    expect(JSON.parse(body).view).toMatch(/^[0-9a-z]+\.[0-9a-f]{16}\.[0-9a-f]{32}$/);
    const before = await count();
    expect((await send({ ip, body })).status).toBe(204);
    const replay = await send({ ip, body });
    expect([replay.status, JSON.parse(replay.text)]).toEqual([409, { message: "This page view has sent its beacon already." }]);
    expect(await count()).toBe(before + 1);
  });

  it("refuses a token of another page type, another network or another build (403)", async () => {
    const ip = newClient();
    const page = await view("/cases/domstad-deelfietsen", ip);
    expect(page.pageType).toBe("CaseDetail");
    const refused = async (fields: Record<string, unknown>, from = ip) =>
      (await send({ ip: from, body: JSON.stringify({ ...GOOD_BEACON, ...page, ...fields }) })).status;
    expect(await refused({ pageType: "Vacancy" })).toBe(403);
    expect(await refused({ build: "fedcba9876" })).toBe(403);
    expect(await refused({}, newClient())).toBe(403);
    expect(await refused({})).toBe(204);
  });

  it("counts one IPv6 /48 as one visitor a day per page type: its 1,200 beacons (each from a /64 of its own, each with a view of its own) leave the p75 exactly where its first put it", async () => {
    const path = "/vacatures/medior-backend-developer-typescript";
    const p75 = async () => {
      const values = (
        await env.DB.prepare("SELECT double1 AS lcp FROM vitals WHERE index1 = 'Vacancy' ORDER BY double1").all<{ lcp: number }>()
      ).results.map((r) => r.lcp);
      return values[Math.ceil(values.length * 0.75) - 1];
    };
    for (let i = 0; i < 40; i++) {
      const ip = newClient();
      expect((await send({ ip, body: await beaconOf(ip, { LCP: 1500 + i * 10 }, path) })).status).toBe(204);
    }
    expect(await p75()).toBe(1790);
    const sender = (i: number) => `2001:db8:4242:${(i + 1).toString(16)}::1`;
    // its first view is a visitor's like any other (it moves the p75 one rank, as any slow visitor would)
    expect((await send({ ip: sender(0), body: await beaconOf(sender(0), { LCP: 120_000 }, path) })).status).toBe(204);
    const before = await p75();
    expect(before).toBe(1800);
    const statuses = new Map<number, number>();
    for (let i = 1; i < 1200; i++) {
      const ip = sender(i);
      const { status } = await send({ ip, body: await beaconOf(ip, { LCP: 120_000 }, path) });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // 202 past its daily share (DAILY_SHARE views), 429 past the network's rate limit: none stored
    expect(DAILY_SHARE).toBe(1);
    expect([...statuses.keys()].sort()).toEqual([202, 429]);
    expect(await p75()).toBe(before);
  }, 120_000);

  it("counts every refusal by its reason, and nothing about the sender", async () => {
    const refusals = async () =>
      Object.fromEntries(
        (
          await env.DB.prepare("SELECT blob2 AS reason, COUNT(*) AS n FROM vitals WHERE index1 = 'refused' GROUP BY blob2").all<{
            reason: string;
            n: number;
          }>()
        ).results.map((r) => [r.reason, r.n]),
      );
    const before = await refusals();
    const ip = newClient();
    const body = await beaconOf(ip);
    expect((await send({ ip, body })).status).toBe(204);
    expect((await send({ ip, body })).status).toBe(409);
    expect((await send({ body: JSON.stringify(GOOD_BEACON) })).status).toBe(403);
    expect((await send({ body: "{" })).status).toBe(400);
    const after = await refusals();
    const added = Object.fromEntries(
      Object.entries(after)
        .map(([reason, n]) => [reason, n - (before[reason] ?? 0)])
        .filter(([, n]) => n),
    );
    expect(added).toEqual({ replayed: 1, "token-missing": 1, malformed: 1 });
    const [row] = (await env.DB.prepare("SELECT * FROM vitals WHERE index1 = 'refused' ORDER BY id DESC LIMIT 1").all()).results;
    expect(row).toMatchObject({
      blob1: "refused",
      blob2: "malformed",
      blob3: "",
      blob4: "",
      blob5: "",
      blob6: "",
      double1: -1,
      double4: -1,
    });
  });
});

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
      blob6: expect.stringMatching(/^[0-9a-f]{10}$/),
      double1: 1235,
      double2: 0.0123,
      double3: 48,
      double4: 800,
      double5: 121,
    });
  });

  it("refuses values beyond what a browser reports (400), never clamps them into the data", async () => {
    const before = await count();
    for (const wild of [{ LCP: 1e300 }, { LCP: 120_001 }, { INP: 1e7 }, { CLS: 11 }]) {
      const res = await send({ body: JSON.stringify({ ...GOOD_BEACON, ...wild }) });
      expect(res.status).toBe(400);
    }
    expect(await count()).toBe(before);
    const ip = newClient();
    expect((await send({ ip, body: await beaconOf(ip, { LCP: 120_000 }) })).status).toBe(204);
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
    ["no page-view token", { body: JSON.stringify(GOOD_BEACON) }, 403],
    [
      "a made-up page-view token",
      { body: JSON.stringify({ ...GOOD_BEACON, view: "abc.0123456789abcdef.0123456789abcdef0123456789abcdef" }) },
      403,
    ],
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

  it("takes 1,000 beacons of one view in a burst from one network: one stored, the replays 409 until the minute's limit (60), then 429, never a 5xx", async () => {
    const before = await count();
    const ip = newClient();
    const body = await beaconOf(ip);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const { status } = await send({ ip, body });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses.keys()].sort()).toEqual([204, 409, 429]);
    expect(statuses.get(204)).toBe(1);
    // the Rate Limiting binding counts per 60 s window: a window may turn once during the burst
    const passed = (statuses.get(204) ?? 0) + (statuses.get(409) ?? 0);
    expect(passed).toBeGreaterThanOrEqual(60);
    expect(passed).toBeLessThanOrEqual(120);
    expect(await count()).toBe(before + 1);
    // other clients are not held up by it
    expect((await send()).status).toBe(204);
  }, 60_000);

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
