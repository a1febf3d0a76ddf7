import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { resetStorage } from "../helpers/d1";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { readConfig, type AppEnv } from "../../src/server/env";
import { testApp } from "../helpers/site";
import { slowListing } from "../helpers/slow-listing";

// Security headers on every answer of the Worker, CSP nonces on every script, and the CSP of the
// third-party settings. (Static assets are answered by the platform from public/_headers: see
// tests/e2e/headers.spec.ts.)

const BASE = "http://www.koraal.test";
const app = testApp({ logSink: () => {} });

/** One request, read to the end, with everything it left for later (cache writes) finished. */
async function get(path: string, init?: RequestInit): Promise<{ res: Response; html: string }> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(BASE + path, { redirect: "manual", ...init }), env, ctx);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, html };
}

beforeEach(async () => {
  await resetStorage();
});

const BASE_HEADERS = {
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
};

const json = { "content-type": "application/json" };
const ROUTES: Array<[string, string, number, RequestInit?]> = [
  ["page", "/", 200],
  ["page, HEAD", "/", 200, { method: "HEAD" }],
  ["page on several segments", "/cases/domstad-deelfietsen", 200],
  ["404 screen", "/bestaat-niet", 404],
  ["404 of page validation", "/Contact", 404],
  ["405 on a page", "/contact", 405, { method: "POST" }],
  ["400 for a broken path", "/%E0%A4%A", 400],
  ["redirect", "/home", 301],
  ["trailing-slash redirect", "/over-ons/", 301],
  ["robots.txt", "/robots.txt", 200],
  ["sitemap.xml", "/sitemap.xml", 200],
  [
    "newsletter API, invalid address",
    "/api/hubspot/create",
    400,
    { method: "POST", headers: json, body: JSON.stringify({ email: "nee" }) },
  ],
  ["newsletter API, wrong method", "/api/hubspot/create", 405, { method: "GET" }],
  [
    "newsletter form",
    "/api/newsletter",
    303,
    { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=nee" },
  ],
  ["webhook without a secret", "/api/storyblok/webhook", 503, { method: "POST", headers: json, body: "{}" }],
];

const directives = (csp: string) => new Map(csp.split("; ").map((d) => [d.slice(0, d.indexOf(" ")), d.slice(d.indexOf(" ") + 1)] as const));

describe("headers on every route", () => {
  it.each(ROUTES)("%s: %s -> %i", async (_name, path, status, init) => {
    const { res } = await get(path, init);
    expect(res.status).toBe(status);
    for (const [name, value] of Object.entries(BASE_HEADERS)) expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get("server")).toBeNull();
    expect(res.headers.get("x-powered-by")).toBeNull();
    if (res.headers.get("content-type")?.startsWith("text/html")) {
      const csp = directives(res.headers.get("content-security-policy") ?? "");
      expect(csp.get("script-src")).toMatch(/^'nonce-[A-Za-z0-9_-]{24}' 'strict-dynamic'$/);
      expect(csp.get("object-src")).toBe("'none'");
      expect(csp.get("base-uri")).toBe("'self'");
      expect(csp.get("frame-ancestors")).toBe("'none'");
      expect(csp.get("default-src")).toBe("'self'");
    }
  });

  it("gives every HTML page the strict CSP: no 'unsafe-inline' or 'unsafe-eval' for scripts", async () => {
    for (const path of ["/", "/contact", "/bestaat-niet"]) {
      const csp = directives((await get(path)).res.headers.get("content-security-policy")!);
      expect(csp.get("script-src")).not.toMatch(/unsafe|\*|https?:/);
    }
  });
});

/** Every script tag and module preload of a document, with its nonce attribute (or null). */
function scriptNonces(html: string): Array<{ tag: string; nonce: string | null }> {
  const tags = [...html.matchAll(/<script\b[^>]*>|<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
  return tags.map((tag) => ({ tag, nonce: /\snonce="([^"]*)"/.exec(tag)?.[1] ?? null }));
}

const cspNonce = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy")!)![1]!;

describe("nonces", () => {
  it.each(["/", "/contact", "/cases", "/bestaat-niet"])(
    "every <script> and modulepreload of %s carries the request's nonce",
    async (path) => {
      const { res, html } = await get(path);
      const nonce = cspNonce(res);
      const scripts = scriptNonces(html);
      expect(scripts.filter((s) => s.tag.startsWith("<script")).length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.nonce, script.tag).toBe(nonce);
    },
  );

  it("React's streamed inline scripts (a listing that arrives late) carry it too", async () => {
    const { app: slow, open } = slowListing();
    const ctx = createExecutionContext();
    const res = await slow.fetch(new Request(`${BASE}/cases`), env, ctx);
    // the page is on its way before the listing arrives: it has to be streamed in after it
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let html = "";
    while (!html.includes('<main id="main"')) html += (await reader.read()).value ?? "";
    open();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) html += chunk.value;
    await waitOnExecutionContext(ctx);
    const nonce = cspNonce(res);
    const inline = scriptNonces(html).filter((s) => s.tag.startsWith("<script") && !s.tag.includes(" src="));
    // the listing was streamed in after the page: React swapped it in with its own inline script
    expect(html).toContain("<template");
    expect(inline.length).toBeGreaterThan(0);
    for (const script of scriptNonces(html)) expect(script.nonce, script.tag).toBe(nonce);
  });

  it("is never shared by two requests", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { res, html } = await get(i % 2 ? "/" : "/bestaat-niet");
      const nonce = cspNonce(res);
      expect(html.match(/nonce="([^"]+)"/)![1]).toBe(nonce);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});

describe("third-party scripts", () => {
  const GTM = { GTM_ID: "GTM-TEST123" };
  const CONSENT = { COOKIE_CONSENT_ID: "3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f" };
  const SALES = { SALES_TRACKING_ID: "LI-TEST1234ABCD" };
  const STRICT = (nonce: string) =>
    `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https://a.storyblok.com; ` +
    `font-src 'self'; connect-src 'self'; frame-src 'self'; media-src 'self' https://a.storyblok.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`;

  /** `path` asked of a new app with these settings (`times` times, as one isolate would be asked): the last answer, and every log line. */
  async function page(settings: Record<string, string>, path = "/", times = 1) {
    const logs: Array<Record<string, unknown>> = [];
    const app = testApp({ logSink: (_level, line) => logs.push(JSON.parse(line)) });
    const bindings = { ...env, LOG_LEVEL: "warn", ...settings } as typeof env;
    let answer: { res: Response; html: string } | undefined;
    for (let time = 0; time < times; time++) {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request(BASE + path), bindings, ctx);
      answer = { res, html: await res.text() };
      await waitOnExecutionContext(ctx);
    }
    const { res, html } = answer!;
    return { res, html, nonce: cspNonce(res), logs };
  }

  it("are all off in the embedded default", async () => {
    const { res, html, nonce } = await page({});
    expect(res.headers.get("content-security-policy")).toBe(STRICT(nonce));
    for (const host of ["googletagmanager", "cookiebot", "leadinfo"]) expect(html).not.toContain(host);
  });

  it("consent banner alone: Cookiebot's hosts only", async () => {
    const { res, html, nonce } = await page(CONSENT);
    expect(res.headers.get("content-security-policy")).toBe(
      `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic' https://consent.cookiebot.com https://consentcdn.cookiebot.com; style-src 'self' 'unsafe-inline'; ` +
        `img-src 'self' data: https://a.storyblok.com https://imgsct.cookiebot.com; font-src 'self'; ` +
        `connect-src 'self' https://consent.cookiebot.com https://consentcdn.cookiebot.com; frame-src 'self' https://consentcdn.cookiebot.com; ` +
        `media-src 'self' https://a.storyblok.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
    );
    expect(html).toContain('{"cbid":"3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f","culture":"nl"}');
    expect(html).not.toContain("googletagmanager");
    expect(html).not.toContain("leadinfo");
  });

  it("all three: each one's hosts, one nonced loader that starts tracking only on consent", async () => {
    const { res, html, nonce } = await page({ ...GTM, ...CONSENT, ...SALES });
    expect(res.headers.get("content-security-policy")).toBe(
      `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic' https://consent.cookiebot.com https://consentcdn.cookiebot.com https://www.googletagmanager.com https://cdn.leadinfo.net; ` +
        `style-src 'self' 'unsafe-inline'; ` +
        `img-src 'self' data: https://a.storyblok.com https://imgsct.cookiebot.com https://www.googletagmanager.com https://*.google-analytics.com https://collector.leadinfo.net; font-src 'self'; ` +
        `connect-src 'self' https://consent.cookiebot.com https://consentcdn.cookiebot.com https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com https://collector.leadinfo.net; ` +
        `frame-src 'self' https://consentcdn.cookiebot.com; media-src 'self' https://a.storyblok.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
    );
    const loaders = [...html.matchAll(/<script nonce="([^"]+)">([\s\S]*?)<\/script>/g)].filter((m) => m[2]!.includes("Cookiebot"));
    expect(loaders).toHaveLength(1);
    expect(loaders[0]![1]).toBe(nonce);
    const code = loaders[0]![2]!;
    expect(code).toContain(
      '{"cbid":"3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f","culture":"nl","gtm":"GTM-TEST123","leadinfo":"LI-TEST1234ABCD"}',
    );
    // consent defaults come before the tag manager; Leadinfo is only added inside the consent handler
    expect(code.indexOf("'consent','default'")).toBeLessThan(code.indexOf("gtm.js"));
    expect(code.indexOf("ping.js")).toBeGreaterThan(code.indexOf("function consent()"));
    expect(code).toContain("addEventListener('CookiebotOnAccept',consent)");
  });

  it("tag manager and sales tracking without a consent banner: nothing loads, and a warning says why, once per isolate", async () => {
    const { res, html, nonce, logs } = await page({ ...GTM, ...SALES }, "/", 3);
    expect(res.headers.get("content-security-policy")).toBe(STRICT(nonce));
    expect(html).not.toContain("googletagmanager");
    expect(html).not.toContain("leadinfo");
    // once per isolate, not per request
    expect(logs.filter((l) => l.event === "third_party.no_consent")).toHaveLength(1);
  });

  it("the consent banner speaks the page's language (Cookiebot's data-culture), on pages and error screens", async () => {
    const cultures = [];
    for (const path of ["/", "/contact", "/en", "/en/contact", "/bestaat-niet", "/en/does-not-exist"]) {
      const { html } = await page(CONSENT, path);
      const loader = [...html.matchAll(/<script nonce="[^"]+">([\s\S]*?)<\/script>/g)]
        .map((m) => m[1]!)
        .find((code) => code.includes("Cookiebot"))!;
      expect(loader).toContain("add('https://consent.cookiebot.com/uc.js',{id:'Cookiebot','data-cbid':s.cbid,'data-culture':s.culture,");
      cultures.push([path, JSON.parse(loader.match(/\}\)\(window,document,(\{.*\})\);$/)![1]!).culture]);
    }
    expect(cultures).toEqual([
      ["/", "nl"],
      ["/contact", "nl"],
      ["/en", "en"],
      ["/en/contact", "en"],
      ["/bestaat-niet", "nl"],
      ["/en/does-not-exist", "en"],
    ]);
  });

  it("the 404 screen gets them too", async () => {
    const { res, html } = await page({ ...GTM, ...CONSENT, ...SALES }, "/bestaat-niet");
    expect(res.status).toBe(404);
    expect(html).toContain("consent.cookiebot.com/uc.js");
  });

  it.each([
    [{ GTM_ID: "UA-12345" }, "GTM_ID"],
    [{ COOKIE_CONSENT_ID: "not-a-uuid" }, "COOKIE_CONSENT_ID"],
    [{ SALES_TRACKING_ID: '");alert(1);("' }, "SALES_TRACKING_ID"],
  ])("refuses a malformed setting %o (it would end up in a script)", async (settings, name) => {
    expect(() => readConfig({ ...env, ...settings } as AppEnv)).toThrow(new RegExp(`${name} must be`));
    const res = await testApp({ logSink: () => {} }).fetch(
      new Request(`${BASE}/`),
      { ...env, ...settings } as typeof env,
      createExecutionContext(),
    );
    expect(res.status).toBe(500);
    expect(await res.text()).toBe("Something went wrong");
  });
});
