import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { hydrated } from "./helpers";
import { networkProxy } from "./network-proxy";
import { VITALS_PORT, VITALS_STATE as STATE } from "./servers";
import { openVitalsStore, type VitalsStore } from "./vitals-store";

// Field measurements as a visitor's Chromium makes them (client/vitals.ts): one beacon per page
// view, sent when the page is left, stored in the local D1 store (VITALS_STORE=d1, as npm start has
// it) and shown by `npm run vitals`. Against a site of its own (servers.ts: in a shared store the
// other tests' views would be counted too), started on an empty state with the others.

/** One page of each page type (src/shared/pages/page-types.ts). */
const PAGES = {
  Page: "/",
  CaseDetail: "/cases/linde-roosterapp",
  InsightDetail: "/insights/streamen-vanaf-de-edge",
  Sector: "/sectoren/mobiliteit",
  Vacancy: "/vacatures/product-designer",
} as const;
/** The doubles of a data point: LCP, CLS, INP, FCP, TTFB (src/server/vitals/data-point.ts). */
const METRICS = ["LCP", "CLS", "INP", "FCP", "TTFB"];
const DOUBLES = ["double1", "double2", "double3", "double4", "double5"];

/**
 * The test counts every data point its site stores: it has the site to itself. A second run of it at
 * the same time (`--repeat-each`, in another worker) waits until the first is done. The lock is a
 * folder in the site's state, which sites.ts empties at every start (so no lock outlives a run).
 */
const LOCK = join(REPO_ROOT, STATE, "vitals-test.lock");
async function ownTheSite(): Promise<void> {
  mkdirSync(join(REPO_ROOT, STATE), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** A view of `path`, measured, with a click on an island (the desktop header's first submenu button) for INP. */
async function viewWithAClick(page: Page, path: string) {
  await page.goto(BASE + path);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("data-vitals", "measuring");
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  const button = page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("button").first();
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  // the browser times an interaction up to the next frame it paints: a view left before that frame
  // has no timing of the click, so no INP (a second run through warm pages left within it)
  await page.waitForFunction(() => performance.getEntriesByType("first-input").length > 0, undefined, { polling: 50 });
}

// the views come from a network of their own per run (a network counts once per page type and day)
let proxy: Awaited<ReturnType<typeof networkProxy>>;
let BASE = "";
test.beforeAll(async () => {
  proxy = await networkProxy(VITALS_PORT);
  BASE = proxy.base;
});
test.afterAll(() => proxy.close());

test.describe("field measurements (desktop, 1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  let store: VitalsStore;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await ownTheSite();
    store = await openVitalsStore(STATE);
    // `npm run vitals` reports the last hour: a run of this test before (a repeat, a retry) would count too
    await store.clear();
  });
  test.afterAll(async () => {
    await store?.close();
    rmSync(LOCK, { recursive: true, force: true });
  });

  test("five views of five page types, each left: one data point each with every metric, and npm run vitals shows them", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const started = Date.now();
    for (const path of Object.values(PAGES)) await viewWithAClick(page, path);
    await page.goto("about:blank"); // leaving the last one

    await expect.poll(async () => (await store.since(started)).length, { timeout: 30_000 }).toBe(5);
    const rows = await store.since(started);
    const build = /<meta name="build-id" content="([0-9a-f]+)"/.exec(await (await page.request.get(`${BASE}/`)).text())?.[1];
    expect(rows.map((row) => row.blob1)).toEqual(Object.keys(PAGES));
    for (const row of rows) {
      expect(row).toMatchObject({ index1: row.blob1, blob2: "nl", blob3: "desktop", blob4: "navigate", blob6: build });
      expect(["slow-2g", "2g", "3g", "4g", "unknown"]).toContain(row.blob5);
      // every metric measured (none -1): LCP, FCP and TTFB of the load, CLS, INP of the click
      for (const double of DOUBLES) expect(row[double], `${row.blob1} ${double}`).toBeGreaterThanOrEqual(0);
      expect(row.double1).toBeGreaterThan(0);
      expect(row.double4).toBeGreaterThan(0);
    }

    // the report as the operator reads it: one line per page type, language, device class and metric
    const table = execFileSync(process.execPath, ["scripts/vitals.ts", "--persist-to", STATE, "--since", "1h"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    });
    console.log(table);
    const lines = [...table.matchAll(/^(\w+)\s+(nl|en)\s+(mobile|tablet|desktop)\s+([A-Z]+)\s+(\d+)\s/gm)].map((m) => m.slice(1).join(" "));
    expect(lines).toEqual(Object.keys(PAGES).flatMap((pageType) => METRICS.map((metric) => `${pageType} nl desktop ${metric} 1`)));
  });

  test("a throttled view left 1 s after its first paint sends a beacon with its LCP and FCP", async ({ page }) => {
    // after the test above (its report counts the last hour), of a page type it does not view: one network (here every
    // view is the proxy's) counts once per page type and day
    const path = "/vacatures";
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    // a slow phone on a slow network (DevTools' "Slow 3G" round trips and bandwidth, a CPU four times slower): the page's
    // images and scripts take seconds after its first paint, so a visitor may well leave before the load event
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1024) / 8,
      uploadThroughput: (400 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const started = Date.now();
    // the page reports its first paint and, leaving, whether its load event had come (the console outlives neither)
    const said = (prefix: string) =>
      new Promise<number>((resolve) =>
        page.on("console", (message) => {
          if (message.text().startsWith(prefix)) resolve(Number(message.text().slice(prefix.length)));
        }),
      );
    const paint = said("painted at ");
    const leaving = said("leaving; load event at ");
    await page.goto(BASE + path, { waitUntil: "commit" });
    // the visitor leaves one second after the first paint (by the page's own clock: a view that ends, not a test that waits)
    await page.evaluate(() =>
      new PerformanceObserver((list, observer) => {
        const fcp = list.getEntriesByName("first-contentful-paint")[0];
        if (!fcp) return;
        observer.disconnect();
        console.log(`painted at ${fcp.startTime}`);
        setTimeout(
          () => {
            console.log(
              `leaving; load event at ${(performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart}`,
            );
            location.href = "about:blank";
          },
          fcp.startTime + 1000 - performance.now(),
        );
      }).observe({ type: "paint", buffered: true }),
    );
    const [painted, loaded] = [await paint, await leaving];
    await page.waitForURL("about:blank");
    // measuring from `load` (plus a task and the chunk's fetch), as before issue 54, sent nothing for this view
    console.log(`first paint ${Math.round(painted)} ms, left 1 s later, load event ${loaded ? `at ${Math.round(loaded)} ms` : "not yet"}`);

    await expect.poll(async () => (await store.since(started)).length, { timeout: 30_000 }).toBe(1);
    const [row] = await store.since(started);
    expect(row).toMatchObject({ blob1: "Listing", blob2: "nl", blob3: "desktop", blob4: "navigate" });
    expect(row!.double1, "LCP").toBeGreaterThan(0);
    expect(row!.double4, "FCP").toBeGreaterThan(0);
    expect(row!.double4).toBeCloseTo(painted, -1);
  });

  test("an error screen loads no field measurements (nothing there is measured)", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const res = await page.goto(`${BASE}/bestaat-niet`, { waitUntil: "load" });
    expect(res?.status()).toBe(404);
    await hydrated(page);
    expect(scripts.some((path) => /^\/assets\/main\.[A-Z0-9]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => path.includes("vitals"))).toEqual([]);
    await expect(page.locator("html")).not.toHaveAttribute("data-vitals");
  });
});
