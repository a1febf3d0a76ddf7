import { expect, test, type Page, type Route } from "@playwright/test";
import { collectCspViolations, consoleErrors, hydrated } from "./helpers";
import { TRACKING_PORT, TRACKING_SETTINGS, TRACKING_STATE } from "./servers";
import { networkProxy } from "./network-proxy";
import { openVitalsStore } from "./vitals-store";

// The site with GTM_ID, COOKIE_CONSENT_ID and SALES_TRACKING_ID set (the second web server of
// playwright.config.ts). The three vendors are not reachable from here: page.route() stands in for
// their hosts with small scripts that do what the vendors' scripts do as far as the page can
// tell (load more scripts, call home with fetch, image pixels and frames), so the CSP is tested
// against the kinds of requests they make.

test.use({ baseURL: `http://127.0.0.1:${TRACKING_PORT}` });

const js = (body: string) => ({ status: 200, contentType: "application/javascript", body });

/** Tag Manager: takes over dataLayer, pings home, and sends analytics once statistics consent is granted. */
const GTM_STUB = `(function () {
  var layer = window.dataLayer;
  window.google_tag_manager = { ${JSON.stringify(TRACKING_SETTINGS.GTM_ID)}: { dataLayer: layer } };
  new Image().src = "https://www.googletagmanager.com/td?id=" + encodeURIComponent(${JSON.stringify(TRACKING_SETTINGS.GTM_ID)});
  fetch("https://www.googletagmanager.com/a?id=" + encodeURIComponent(${JSON.stringify(TRACKING_SETTINGS.GTM_ID)}), { mode: "no-cors" });
  var sent = false;
  function scan() {
    for (var i = 0; i < layer.length; i++) {
      var entry = layer[i];
      if (entry && entry[0] === "consent" && entry[1] === "update" && entry[2].analytics_storage === "granted" && !sent) {
        sent = true;
        fetch("https://region1.google-analytics.com/g/collect?v=2&tid=G-TEST", { method: "POST", mode: "no-cors", keepalive: true });
      }
    }
  }
  var push = layer.push;
  layer.push = function () { var result = push.apply(layer, arguments); scan(); return result; };
  scan();
})();`;

/** Cookiebot: reads its settings, opens its cross-domain frame, shows a banner, and fires its window events. */
const COOKIEBOT_STUB = `(function () {
  var script = document.getElementById("Cookiebot");
  var cbid = script && script.getAttribute("data-cbid");
  var stored = localStorage.getItem("stub-cookiebot-consent");
  var consent = { necessary: true, preferences: false, statistics: false, marketing: false, stamp: "" };
  window.Cookiebot = { consent: consent, consented: false, declined: false, cbid: cbid };
  fetch("https://consentcdn.cookiebot.com/consentconfig/" + cbid + "/settings.json").then(function (r) { return r.json(); });
  var frame = document.createElement("iframe");
  frame.src = "https://consentcdn.cookiebot.com/sdk/bc-v4.min.html";
  frame.hidden = true;
  document.body.appendChild(frame);
  function decide(all) {
    consent.preferences = consent.statistics = consent.marketing = all;
    window.Cookiebot.consented = all;
    window.Cookiebot.declined = !all;
    localStorage.setItem("stub-cookiebot-consent", all ? "all" : "none");
    var banner = document.getElementById("CybotCookiebotDialog");
    if (banner) banner.remove();
    window.dispatchEvent(new Event(all ? "CookiebotOnAccept" : "CookiebotOnDecline"));
  }
  if (stored) { decide(stored === "all"); return; }
  var banner = document.createElement("div");
  banner.id = "CybotCookiebotDialog";
  banner.setAttribute("role", "dialog");
  banner.setAttribute("aria-label", "Cookies");
  banner.style.cssText = "position:fixed;bottom:0;left:0;right:0;z-index:99;background:#fff;padding:16px";
  var accept = document.createElement("button");
  accept.textContent = "Alle cookies toestaan";
  accept.onclick = function () { decide(true); };
  var decline = document.createElement("button");
  decline.textContent = "Weigeren";
  decline.onclick = function () { decide(false); };
  banner.append(accept, decline);
  document.body.appendChild(banner);
})();`;

/** Leadinfo: reads its queue and site id, then pings its collector with a pixel and a request. */
const LEADINFO_STUB = `(function () {
  var id = window.leadinfo && window.leadinfo.t;
  window.__leadinfoSite = id;
  new Image().src = "https://collector.leadinfo.net/ping.gif?site=" + encodeURIComponent(id);
  fetch("https://collector.leadinfo.net/ping?site=" + encodeURIComponent(id), { method: "POST", mode: "no-cors" });
})();`;

const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

interface Vendors {
  /** Every request to a vendor host, in order. */
  requests: string[];
  /** Requests made after the visitor chose. */
  afterChoice: () => string[];
  markChoice: () => void;
}

async function standInForVendors(page: Page): Promise<Vendors> {
  const requests: string[] = [];
  const record = (route: Route) => requests.push(route.request().url());
  await page.route(/^https:\/\/www\.googletagmanager\.com\//, (route) => {
    record(route);
    const url = new URL(route.request().url());
    if (url.pathname === "/gtm.js") return route.fulfill(js(GTM_STUB));
    if (url.pathname === "/td") return route.fulfill({ status: 200, contentType: "image/gif", body: PIXEL });
    return route.fulfill({ status: 204 });
  });
  await page.route(/^https:\/\/[a-z0-9]+\.google-analytics\.com\//, (route) => {
    record(route);
    return route.fulfill({ status: 204 });
  });
  await page.route(/^https:\/\/consent\.cookiebot\.com\//, (route) => {
    record(route);
    return route.fulfill(js(COOKIEBOT_STUB));
  });
  await page.route(/^https:\/\/consentcdn\.cookiebot\.com\//, (route) => {
    record(route);
    if (route.request().url().endsWith(".json")) return route.fulfill({ status: 200, contentType: "application/json", body: "{}" });
    return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>consent</title>" });
  });
  await page.route(/^https:\/\/cdn\.leadinfo\.net\//, (route) => {
    record(route);
    return route.fulfill(js(LEADINFO_STUB));
  });
  await page.route(/^https:\/\/collector\.leadinfo\.net\//, (route) => {
    record(route);
    if (route.request().url().includes(".gif")) return route.fulfill({ status: 200, contentType: "image/gif", body: PIXEL });
    return route.fulfill({ status: 204 });
  });
  let mark = 0;
  return {
    requests,
    afterChoice: () => requests.slice(mark),
    markChoice: () => {
      mark = requests.length;
    },
  };
}

const host = (url: string) => new URL(url).host + new URL(url).pathname;
const consentUpdates = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer: unknown[] }).dataLayer ?? [])
      .filter((entry): entry is IArguments => Object.prototype.toString.call(entry) === "[object Arguments]")
      .map((entry) => [entry[0], entry[1], entry[2]] as [string, string, Record<string, string>]),
  );

test("with all three on, the page loads with no CSP violation; tracking waits for consent", async ({ page }) => {
  const errors = consoleErrors(page);
  const violations = await collectCspViolations(page);
  const vendors = await standInForVendors(page);

  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const csp = response!.headers()["content-security-policy"]!;
  for (const needed of [
    "https://www.googletagmanager.com",
    "https://consent.cookiebot.com",
    "https://consentcdn.cookiebot.com",
    "https://cdn.leadinfo.net",
  ]) {
    expect(csp).toContain(needed);
  }
  expect(csp.split("; ").find((directive) => directive.startsWith("script-src "))).not.toContain("unsafe-inline");
  const banner = page.getByRole("dialog", { name: "Cookies" });
  await expect(banner).toBeVisible();
  await hydrated(page);
  await page.waitForLoadState("networkidle");

  // before any choice: the consent banner and the tag manager (everything denied), no tracking
  const before = vendors.requests.map(host);
  expect(before).toContain("consent.cookiebot.com/uc.js");
  expect(before).toContain("www.googletagmanager.com/gtm.js");
  expect(before.some((url) => url.includes("leadinfo"))).toBe(false);
  expect(before.some((url) => url.includes("google-analytics"))).toBe(false);
  expect(await page.evaluate(() => (document.getElementById("Cookiebot") as HTMLScriptElement | null)?.dataset.cbid)).toBe(
    TRACKING_SETTINGS.COOKIE_CONSENT_ID,
  );
  // the banner in the page's language
  expect(await page.evaluate(() => (document.getElementById("Cookiebot") as HTMLScriptElement | null)?.dataset.culture)).toBe("nl");
  const defaults = (await consentUpdates(page)).filter(([, kind]) => kind === "default");
  expect(defaults).toHaveLength(1);
  expect(defaults[0]![2]).toMatchObject({
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "denied",
  });
  // the loader handed the nonce on to the scripts it added
  expect(
    await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>("script[src^='https://']")].every((s) => Boolean(s.nonce))),
  ).toBe(true);

  vendors.markChoice();
  await banner.getByRole("button", { name: "Alle cookies toestaan" }).click();
  await expect
    .poll(() => vendors.afterChoice().map(host))
    .toEqual(
      expect.arrayContaining([
        "cdn.leadinfo.net/ping.js",
        "collector.leadinfo.net/ping.gif",
        "collector.leadinfo.net/ping",
        "region1.google-analytics.com/g/collect",
      ]),
    );
  expect(await page.evaluate(() => (window as unknown as { __leadinfoSite?: string }).__leadinfoSite)).toBe(
    TRACKING_SETTINGS.SALES_TRACKING_ID,
  );
  const updates = (await consentUpdates(page)).filter(([, kind]) => kind === "update");
  expect(updates.at(-1)![2]).toMatchObject({ ad_storage: "granted", analytics_storage: "granted" });
  await page.waitForLoadState("networkidle");

  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});

test("declining keeps tracking off; a visitor who accepted before is tracked from the first page view", async ({ page }) => {
  const violations = await collectCspViolations(page);
  const vendors = await standInForVendors(page);
  await page.goto("/contact");
  await page.getByRole("dialog", { name: "Cookies" }).getByRole("button", { name: "Weigeren" }).click();
  // the choice is handled once Consent Mode has its update: whatever it loads, it has asked for by then
  const lastUpdate = async () => (await consentUpdates(page)).filter(([, kind]) => kind === "update").at(-1)?.[2];
  await expect.poll(lastUpdate).toMatchObject({ ad_storage: "denied", analytics_storage: "denied" });
  expect(vendors.requests.some((url) => url.includes("leadinfo") || url.includes("google-analytics"))).toBe(false);

  // consent given on an earlier visit: Cookiebot fires CookiebotOnAccept while the page loads
  await page.evaluate(() => localStorage.setItem("stub-cookiebot-consent", "all"));
  vendors.markChoice();
  await page.goto("/");
  await expect.poll(() => vendors.afterChoice().map(host)).toContain("cdn.leadinfo.net/ping.js");
  await expect(page.getByRole("dialog", { name: "Cookies" })).toHaveCount(0);
  expect(await violations()).toEqual([]);
});

test("the preview for editors carries no third-party scripts", async ({ page }) => {
  const vendors = await standInForVendors(page);
  const { execFileSync } = await import("node:child_process");
  const { join } = await import("node:path");
  const { REPO_ROOT } = await import("../../tools/repo-root.ts");
  const link = execFileSync(
    process.execPath,
    [join(REPO_ROOT, "scripts/preview-link.ts"), "/", "--base", `http://127.0.0.1:${TRACKING_PORT}`],
    { encoding: "utf8" },
  ).trim();
  const response = await page.goto(link);
  expect(response?.headers()["content-security-policy"]).not.toContain("cookiebot");
  await expect(page.locator("html")).toHaveAttribute("data-preview", "live");
  await page.waitForLoadState("networkidle");
  expect(vendors.requests).toEqual([]);
});

test("field measurements wait for statistics consent: nothing stored before it, one data point for the view it was given on", async ({
  page,
}) => {
  // Read from the tracking site's store: a beacon of a page being left is sent after the page is gone,
  // where Playwright sees no request. The other tests here view "/" and "/contact" only (type Page).
  const started = Date.now();
  const store = await openVitalsStore(TRACKING_STATE);
  // from a network of its own per run: a network counts once per page type and day (network-proxy.ts)
  const proxy = await networkProxy(TRACKING_PORT);
  const at = (path: string) => proxy.base + path;
  const stored = async (types: string[]) => (await store.since(started)).filter((row) => types.includes(String(row.blob1)));
  try {
    await standInForVendors(page);
    // no choice made: the measurements wait, and leaving the page sends nothing
    await page.goto(at("/sectoren/mobiliteit"));
    await expect(page.getByRole("dialog", { name: "Cookies" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-vitals", "awaiting-consent");
    // declined: still nothing
    await page.getByRole("dialog", { name: "Cookies" }).getByRole("button", { name: "Weigeren" }).click();
    await page.goto(at("/vacatures/product-designer"));
    await expect(page.locator("html")).toHaveAttribute("data-vitals", "awaiting-consent");

    // accepted on this view: it is measured from then on, and sent when it is left
    await page.evaluate(() => localStorage.removeItem("stub-cookiebot-consent"));
    await page.goto(at("/insights/streamen-vanaf-de-edge"));
    await expect(page.locator("html")).toHaveAttribute("data-vitals", "awaiting-consent");
    await page.getByRole("dialog", { name: "Cookies" }).getByRole("button", { name: "Alle cookies toestaan" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-vitals", "measuring");
    await page.goto("about:blank");
    await expect.poll(async () => (await stored(["InsightDetail"])).length, { timeout: 30_000 }).toBe(1);
    // the two views left before consent (and the declined one) sent nothing
    expect(await stored(["Sector", "Vacancy"])).toEqual([]);

    // consent withdrawn on a measured view (the visitor changes the choice in Cookiebot's dialog): nothing is sent
    await page.goto(at("/cases/linde-roosterapp"));
    await expect(page.locator("html")).toHaveAttribute("data-vitals", "measuring");
    await page.evaluate(() => {
      const cookiebot = (window as unknown as { Cookiebot: { consent: { statistics: boolean } } }).Cookiebot;
      cookiebot.consent.statistics = false;
      localStorage.setItem("stub-cookiebot-consent", "none");
      window.dispatchEvent(new Event("CookiebotOnDecline"));
    });
    await page.goto(at("/over-ons")); // leaving the case; this view waits again (declined)
    await expect(page.locator("html")).toHaveAttribute("data-vitals", "awaiting-consent");
    // consent given again on a later view: once its data point is stored, the withdrawn view's would be too
    await page.evaluate(() => localStorage.removeItem("stub-cookiebot-consent"));
    await page.goto(at("/vacatures/product-designer"));
    await page.getByRole("dialog", { name: "Cookies" }).getByRole("button", { name: "Alle cookies toestaan" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-vitals", "measuring");
    await page.goto("about:blank");
    await expect.poll(async () => (await stored(["Vacancy"])).length, { timeout: 30_000 }).toBe(1);
    expect(await stored(["CaseDetail"])).toEqual([]);
  } finally {
    await store.close();
    await proxy.close();
  }
});
