import type { APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";
import { loadedByEntryLoader } from "../../src/server/render/entry-loader";
import { collectCspViolations } from "./helpers";

// Security and caching headers as the browser gets them from `wrangler dev`: the Worker's answers
// and the static assets the platform serves from dist/public with public/_headers.

const BASE_HEADERS = {
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
};

function expectBaseHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  for (const [name, value] of Object.entries(BASE_HEADERS)) expect(headers[name], `${what}: ${name}`).toBe(value);
  expect(headers.server, `${what}: server`).toBeUndefined();
  expect(headers["x-powered-by"], `${what}: x-powered-by`).toBeUndefined();
}

test("hashed assets are cached for a year, immutable; other static files briefly; all with the base headers", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const stylesheet = /<link rel="stylesheet" href="(\/assets\/site\.[0-9a-f]{10}\.css)"/.exec(html)![1]!;
  const loaded = loadedByEntryLoader(html);
  const script = loaded.find((url) => /^\/assets\/main\.[A-Z0-9]+\.js$/.test(url))!;
  const chunk = loaded.find((url) => /^\/assets\/chunk\.[A-Z0-9]+\.js$/.test(url))!;
  const build = await (await request.get("/builds/latest.json")).json();
  const previewBundle = (await (await request.get(`/builds/meta/${build.id}.json`)).json()).scripts.preview as string;
  expect(previewBundle).toMatch(/^\/assets\/preview\/preview\.[A-Z0-9]+\.js$/);

  for (const path of [stylesheet, script, chunk, previewBundle]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("public, max-age=31536000, immutable");
    expectBaseHeaders(response, path);
  }
  for (const path of ["/favicon.svg", "/images/logo.svg", "/preview/bridge.js", "/images/og-banner.png"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("public, max-age=0, must-revalidate");
    expect(response.headers().etag, path).toBeTruthy();
    expectBaseHeaders(response, path);
  }
  const latest = await request.get("/builds/latest.json");
  expect(latest.headers()["cache-control"]).toBe("no-cache");
  expectBaseHeaders(latest, "/builds/latest.json");
});

test("the Worker's answers carry the base headers: pages, 404, redirects, APIs, robots and sitemap", async ({ request }) => {
  const cases: Array<[string, () => Promise<APIResponse>, number]> = [
    ["/", () => request.get("/"), 200],
    ["/bestaat-niet", () => request.get("/bestaat-niet"), 404],
    ["/home", () => request.get("/home", { maxRedirects: 0 }), 301],
    ["/robots.txt", () => request.get("/robots.txt"), 200],
    ["/sitemap.xml", () => request.get("/sitemap.xml"), 200],
    ["POST /api/hubspot/create", () => request.post("/api/hubspot/create", { data: { email: "geen-adres" } }), 400],
    ["GET /api/hubspot/create", () => request.get("/api/hubspot/create"), 405],
  ];
  for (const [what, send, status] of cases) {
    const response = await send();
    expect(response.status(), what).toBe(status);
    expectBaseHeaders(response, what);
    if (response.headers()["content-type"]?.startsWith("text/html")) {
      const csp = response.headers()["content-security-policy"]!;
      expect(csp, what).toMatch(/script-src 'nonce-[A-Za-z0-9_-]{24}' 'strict-dynamic';/);
      expect(csp, what).toContain("object-src 'none'");
      expect(csp, what).toContain("base-uri 'self'");
      expect(csp, what).toContain("frame-ancestors 'none'");
    }
  }
});

test("pages load with no CSP violation, and every script in the DOM carries the page's nonce", async ({ page }) => {
  const violations = await collectCspViolations(page);
  for (const path of ["/", "/cases", "/contact", "/bestaat-niet"]) {
    const response = await page.goto(path);
    const nonce = /'nonce-([^']+)'/.exec(response!.headers()["content-security-policy"]!)![1];
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    // the nonce attribute is hidden from the DOM once applied; the property keeps it
    const nonces = await page.evaluate(() => [...document.querySelectorAll("script")].map((script) => script.nonce));
    expect(nonces.length, path).toBeGreaterThan(0);
    expect(new Set(nonces), path).toEqual(new Set([nonce]));
    expect(await violations(), path).toEqual([]);
  }
});
