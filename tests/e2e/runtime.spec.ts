import { expect, test } from "@playwright/test";
import { loadedByEntryLoader } from "../../src/server/render/entry-loader";
import { hydrated } from "./helpers";

test("a chunk that fails to load reloads the page, at most once per path within 10 s", async ({ page, request }) => {
  let loads = 0;
  page.on("load", () => loads++);
  // the chunks the entry imports statically are loaded with it; the lazily loaded footer chunk is not
  const preloaded = new Set(loadedByEntryLoader(await (await request.get("/")).text()));
  await page.route("**/assets/chunk.*.js", (route) =>
    preloaded.has(new URL(route.request().url()).pathname) ? route.continue() : route.abort(),
  );
  // the reloaded page may come back scrolled to the footer and fail at once: listen from the start
  const refused = page.waitForEvent("console", (message) => message.text().includes("not reloading again"));
  await page.goto("/");
  // the guard is the bundle's, which starts after the first paint: its mark on the document says it ran
  await page.waitForFunction(() => document.documentElement.classList.contains("js"));
  // the footer chunk is requested when the footer comes near: its failure reloads the page once
  await page.keyboard.press("End");
  await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
  await page.waitForLoadState("load");
  await page.keyboard.press("End");
  // the second failure within 10 s says so instead of reloading
  await refused;
  expect(loads).toBe(2);
  expect(await page.evaluate(() => sessionStorage.getItem("koraal:reloaded:/"))).toMatch(/^\d+$/);
});

test("an hourly build check turns the next internal navigation into a full load of the new build", async ({ page }) => {
  await page.clock.install();
  let checks = 0;
  await page.route("**/builds/latest.json", (route) => {
    checks++;
    return route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ id: "a-newer-build", timestamp: new Date().toISOString() }),
    });
  });
  await page.goto("/");
  await hydrated(page);
  // loading and hydrating took some (real) seconds of the hour already
  await page.clock.runFor(3_500_000);
  expect(checks).toBe(0);
  await page.clock.runFor(100_000);
  await expect(page.locator("html")).toHaveAttribute("data-build-outdated", "true");
  expect(checks).toBe(1);
  await expect(page.locator('script[type="speculationrules"]')).toHaveCount(0);
  const link = page.locator('footer a[href^="/"]:not([href="/"])').first();
  const target = new URL((await link.getAttribute("href"))!, "http://x");
  await Promise.all([page.waitForURL((url) => url.pathname === target.pathname && url.searchParams.get("_build") === "new"), link.click()]);
});

test("the build check is quiet while the build is current", async ({ page }) => {
  await page.clock.install();
  // counts build descriptions the page has read: the check compares right after, in the same task
  await page.addInitScript(() => {
    const json = Response.prototype.json;
    Response.prototype.json = async function (this: Response) {
      const value = await json.call(this);
      if (new URL(this.url).pathname === "/builds/latest.json") {
        const counted = window as unknown as { __buildChecks?: number };
        counted.__buildChecks = (counted.__buildChecks ?? 0) + 1;
      }
      return value;
    };
  });
  await page.goto("/");
  await hydrated(page);
  await page.clock.runFor(3_601_000);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __buildChecks?: number }).__buildChecks)).toBe(1);
  expect(await page.locator("html").getAttribute("data-build-outdated")).toBeNull();
});

test("the worker serves the build description files", async ({ request, page }) => {
  await page.goto("/");
  const buildId = await page.locator('meta[name="build-id"]').getAttribute("content");
  const latest = await (await request.get("/builds/latest.json")).json();
  expect(latest.id).toBe(buildId);
  const meta = await request.get(`/builds/meta/${buildId}.json`);
  expect(meta.status()).toBe(200);
  expect((await meta.json()).id).toBe(buildId);
});

test("internal links are prefetched when they become visible, not before the page has loaded", async ({ page }) => {
  // what the document's state was when the first rules were written (a prefetch while the page
  // still loads competes with its own images and, on the server, with their rendering)
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('script[type="speculationrules"]')) return;
      document.documentElement.dataset.prefetchedWhen = document.readyState;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  // the page's images held back until its header has hydrated: the page has not loaded yet when the bundle runs
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_storyblok/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  await page.waitForFunction(
    () =>
      Object.keys(document.querySelector('[data-island="SiteHeader"]')?.firstElementChild ?? {}).some((key) =>
        key.startsWith("__reactFiber"),
      ),
    undefined,
    { polling: 50 },
  );
  expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
  release();
  await expect(page.locator("html")).toHaveAttribute("data-prefetched-when", "complete");
  await page.unroute("**/_storyblok/**");
  await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
  const rules = JSON.parse((await page.locator('script[type="speculationrules"]').textContent())!);
  const urls: string[] = rules.prefetch[0].urls;
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.every((u) => u.startsWith("/"))).toBe(true);
  const before = urls.length;
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect
    .poll(async () => JSON.parse((await page.locator('script[type="speculationrules"]').textContent())!).prefetch[0].urls.length)
    .toBeGreaterThan(before);
});

test("the visitor bundle is fetched only after the page's first contentful paint, and then hydrates the islands", async ({ page }) => {
  await page.goto("/diensten/app-ontwikkeling");
  await hydrated(page);
  const [paint, bundle] = await page.evaluate(() => [
    performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/(main|chunk)\./.test(entry.name))
        .map((entry) => entry.startTime),
    ),
  ]);
  expect(paint).toBeGreaterThan(0);
  expect(bundle).toBeGreaterThan(paint);
});
