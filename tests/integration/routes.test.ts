import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { testApp } from "../helpers/site";
import { ROUTE_RULES } from "../../src/server/middleware/route-rules";

const BASE = "http://www.koraal.test";
const get = (path: string, init?: RequestInit) => exports.default.fetch(new Request(BASE + path, { redirect: "manual", ...init }));
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("pages", () => {
  it("renders the home page as a Dutch, themed, indexable document", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("x-robots-tag")).toBeNull();
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("server-timing")).toMatch(/^content;desc="(hit|miss)";dur=[\d.]+, origin;desc="emulator", render;dur=[\d.]+$/);
    const html = await res.text();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('<meta name="theme-color" content="#FF7979"/>');
    expect(html).toContain('<meta name="robots" content="index,follow"/>');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/"/>`);
    expect(html).toContain(`<meta property="og:image" content="${BASE}/images/og-banner.png"/>`);
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/site\.[0-9a-f]{10}\.css"\/>/);
    expect(html).toMatch(/<header[^>]*>[\s\S]*<main id="main"[\s\S]*<\/main><footer/);
  });

  it("uses the story's title and description in the head", async () => {
    const html = await (await get("/contact")).text();
    expect(html).toMatch(/<title>[^<]+ \| Koraal<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"\/>/);
    expect(html).toContain(`<link rel="canonical" href="${BASE}/contact"/>`);
  });

  it("does not repeat the brand in a title that names it", async () => {
    expect(await (await get("/diensten")).text()).toContain("<title>Diensten — Koraal</title>");
    expect(await (await get("/contact")).text()).toContain("<title>Contact | Koraal</title>");
  });

  it("shares a raster image: a sector's photo as the image service's 1200x630 JPEG, never an SVG", async () => {
    const html = await (await get("/sectoren/mobiliteit")).text();
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/www\.koraal\.test\/_storyblok\/f\/287341\/1600x1200\/[0-9a-f]{10}\/mobiliteit\.jpg\/m\/1200x630\/filters:format\(jpeg\)"\/>/,
    );
    expect(html).toContain('<meta property="og:image:width" content="1200"/><meta property="og:image:height" content="630"/>');
    expect(html).not.toMatch(/og:image" content="[^"]+\.svg"/);
  });

  it("serves a page over several path segments", async () => {
    const res = await get("/diensten/app-ontwikkeling");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>App-ontwikkeling | Koraal</title>");
    expect(html).toContain(`<link rel="canonical" href="${BASE}/diensten/app-ontwikkeling"/>`);
    expect(html).toContain(
      '<meta name="description" content="Koraal bouwt native en cross-platform apps voor iOS en Android, en houdt ze na de lancering veilig en actueel."/>',
    );
  });

  it("answers HEAD like GET without a body", async () => {
    const res = await get("/", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"])("refuses %s on pages with 405", async (method) => {
    const res = await get("/contact", { method });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("route rules", () => {
  // the site's own rules name no middleware today: these rules use both that exist, on real pages
  const withRules = testApp({
    routeRules: [...ROUTE_RULES, { path: "/contact", middleware: ["noindex"] }, { path: "/cases/*", middleware: ["no-store", "noindex"] }],
  });
  const fetchWithRules = async (path: string) => {
    const ctx = createExecutionContext();
    const res = await withRules.fetch(new Request(BASE + path, { redirect: "manual" }), env, ctx);
    await res.arrayBuffer();
    await waitOnExecutionContext(ctx);
    return res;
  };

  it("runs a rule's middleware on its exact path, in both languages", async () => {
    for (const path of ["/contact", "/en/contact"]) {
      const res = await fetchWithRules(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
    }
  });

  it("runs a prefix rule's middleware on the prefix and below it, in order", async () => {
    for (const path of ["/cases", "/cases/werfkeldermuseum-app"]) {
      const res = await fetchWithRules(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      expect(res.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
    }
  });

  it("leaves every other path alone", async () => {
    const res = await fetchWithRules("/over-ons");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBeNull();
    expect(res.headers.get("cache-control")).not.toBe("private, no-store");
  });
});

describe("redirects", () => {
  it.each([
    ["/home", 301, "/"],
    ["/over-ons/", 301, "/over-ons"],
    ["/over-ons/?utm_source=x", 301, "/over-ons?utm_source=x"],
    ["/diensten///", 301, "/diensten"],
    ["//evil.example/", 301, "/evil.example"],
    ["/werken-bij", 301, "/vacatures"],
    ["/github", 302, "https://github.com/"],
    ["/oude-pagina", 301, "/over-ons"],
    ["/oude-pagina?x=1", 301, "/over-ons?x=1"],
  ])("%s -> %i %s", async (path, status, location) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get("location")).toBe(location);
  });

  it("lets browsers keep a redirect from the CMS for 5 minutes only, so an editor's change reaches them", async () => {
    const res = await get("/oude-pagina");
    expect(res.status).toBe(301);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("follows an external redirect from the CMS datasource", async () => {
    const res = await get("/linkedin");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toMatch(/^https:\/\/www\.linkedin\.com\//);
  });
});

describe("errors", () => {
  it("shows the 404 screen with the unknown-route message and links home and to contact", async () => {
    const res = await get("/bestaat-niet");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found: /bestaat-niet");
    expect(html).toContain('<a href="/" class="btn-primary">Home</a>');
    expect(html).toContain('<a href="/contact" class="btn-secondary">Contact</a>');
    expect(html).toMatch(/<header[\s\S]*<footer/);
  });

  it("shows the validation message for paths no story can have, escaped", async () => {
    const html = await (await get("/%3Cscript%3Ealert(1)%3C/script%3E")).text();
    expect(html).toContain("Page Not Found: /&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
  });

  it.each(["/theme/theme", "/Contact", "/foo.php", "/a_/b"])("fails validation for %s with 404", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(`Page Not Found: ${path}`);
  });

  it.each([
    ["/%00", 400],
    ["/contact%00", 400],
    ["/%E0%A4%A", 400],
    ["/%ZZ", 400],
    ["/a%5C..%5Cb", 400],
    [`/${"a".repeat(4000)}`, 414],
  ])("refuses the odd path %.40s with %i", async (path, status) => {
    const res = await get(path);
    expect(res.status).toBe(status);
  });

  it.each([
    ["a broken escape", "/%E0%A4%A", 400, "GET"],
    ["a NUL", "/contact%00", 400, "GET"],
    ["an over-long path", `/${"a".repeat(4000)}`, 414, "GET"],
    ["a POST to a page", "/contact", 405, "POST"],
  ])("shows browsers the error screen for %s, not bare text", async (_name, path, status, method) => {
    const res = await get(path, { method });
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    if (status === 405) expect(res.headers.get("allow")).toBe("GET, HEAD");
    const html = await res.text();
    expect(html).toContain(
      `<p class="font-display text-8xl font-bold leading-none text-koraal-500 sm:text-9xl" aria-hidden="true">${status}</p>`,
    );
    expect(html).toContain(`<span class="sr-only">${status}<!-- -->: </span>Something went wrong</h1>`);
    expect(html).toContain('<a href="/" class="btn-primary">Home</a>');
    expect(html).toContain('<a href="/contact" class="btn-secondary">Contact</a>');
    expect(html).toMatch(/<header[\s\S]*<footer/);
  });

  it.each([
    ["a broken escape", "/%E0%A4%A", 400, "GET"],
    ["an over-long path", `/${"a".repeat(4000)}`, 414, "GET"],
    ["a POST to a page", "/contact", 405, "POST"],
  ])("gives crawlers only the status for %s", async (_name, path, status, method) => {
    const res = await get(path, { method, headers: { "user-agent": GOOGLEBOT } });
    expect(res.status).toBe(status);
    expect(await res.text()).toBe("");
  });

  it.each([
    ["a broken escape", "/api/%E0%A4%A", 400, "Bad Request: malformed percent-encoding"],
    ["a NUL", "/api/hubspot/create%00", 400, "Bad Request: control character in path"],
    ["an over-long path", `/api/${"a".repeat(4000)}`, 414, "URI Too Long"],
  ])("answers API paths with JSON for %s", async (_name, path, status, message) => {
    const res = await get(path, { method: "POST" });
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({ message });
  });

  it("marks the error screen noindex, with no canonical link", async () => {
    const res = await get("/bestaat-niet");
    const html = await res.text();
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(html).toContain('<meta name="robots" content="noindex,nofollow"/>');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('property="og:url"');
  });

  // URL parsing already resolves encoded dot segments (/%2e%2e/x is /x): they can never climb out.
  it.each(["/%2e%2e/etc/passwd", "/a/%2E/b", "/%2e%2e%2f%2e%2e%2fetc"])("answers the encoded dot path %s with a 4xx", async (path) => {
    const res = await get(path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it("gives crawlers the status without the error screen", async () => {
    for (const ua of [
      GOOGLEBOT,
      "facebookexternalhit/1.1",
      "LinkedInBot/1.0",
      "Slackbot-LinkExpanding 1.0",
      "WhatsApp/2.23",
      "TelegramBot (like TwitterBot)",
    ]) {
      const res = await get("/bestaat-niet", { headers: { "user-agent": ua } });
      expect(res.status, ua).toBe(404);
      expect(await res.text(), ua).toBe("");
    }
  });

  it("gives crawlers complete pages", async () => {
    const res = await get("/", { headers: { "user-agent": GOOGLEBOT } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("</html>");
  });
});

describe("robots", () => {
  it("blocks indexing on preview hosts", async () => {
    const res = await exports.default.fetch(new Request("https://koraal-site.koraal.workers.dev/"));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await res.text()).toContain('<meta name="robots" content="noindex,nofollow"/>');
  });

  it("serves robots.txt that disallows everything on preview hosts", async () => {
    const res = await exports.default.fetch(new Request("https://koraal-site.koraal.workers.dev/robots.txt"));
    expect(await res.text()).toBe("User-agent: *\nDisallow: /\n");
  });

  it("serves robots.txt that allows everything on the production host", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("User-agent: *\nAllow: /\n\nSitemap: http://www.koraal.test/sitemap.xml\n");
  });
});
