import { type Browser, expect, test } from "@playwright/test";
import { LATE_PORT } from "./servers";

/**
 * Not one layout shift on a first view with everything late: the site of late-content-worker.ts
 * (an empty isolate and cache on every request, listings answered 1.5 s late, so they stream in
 * behind their placeholders) and every image response held back 1.5 s by the browser. Layout
 * shifts are recorded from the first paint (PerformanceObserver, buffered), while the page loads
 * and while it is scrolled to the end (by script, so no shift is excused as following input).
 */
const IMAGE_DELAY_MS = 1500;
const WIDTHS = [375, 1280];
const BASE = `http://127.0.0.1:${LATE_PORT}`;

// one page of every page type, and every page with a listing (true: it has one, streamed late)
const PATHS: Record<string, boolean> = {
  "/": true,
  "/diensten/app-ontwikkeling": false,
  "/cases": true,
  "/cases/linde-roosterapp": false,
  "/insights": true,
  "/insights/streamen-vanaf-de-edge": false,
  "/sectoren": true,
  "/sectoren/mobiliteit": false,
  "/vacatures": true,
  "/vacatures/product-designer": false,
  "/team": true,
  "/over-ons": false,
  "/klanten": false,
  "/contact": false,
  "/en": true,
};

declare global {
  interface Window {
    shifts: Array<{ value: number; sources: string[] }>;
    placeholders: number;
  }
}

function recordShifts() {
  window.shifts = [];
  window.placeholders = 0;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element && node.matches('[aria-busy="true"]')) window.placeholders += 1;
    }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
    >) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources ?? []).map((s) =>
        s.node instanceof Element ? s.node.outerHTML.slice(0, 160) : String(s.node?.nodeName),
      );
      window.shifts.push({ value: entry.value, sources });
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/** Every image shown on screen (or above it: scrolled past) has loaded; hidden or off-screen ones may wait. */
function visibleImagesLoaded() {
  return [...document.images].every((img) => {
    const box = img.getBoundingClientRect();
    const onScreen = box.top < innerHeight && box.right > 0 && box.left < innerWidth && img.checkVisibility();
    return !onScreen || img.complete;
  });
}

/** What a first view of `path` at `width` px shows, loaded and scrolled to its end with every image held back. */
async function firstView(browser: Browser, path: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 800 ? 740 : 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(recordShifts);
    const held: string[] = [];
    await page.route(/\/_storyblok\//, async (route) => {
      held.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, IMAGE_DELAY_MS));
      await route.continue();
    });
    const response = await page.goto(BASE + path, { waitUntil: "load" });
    expect(response?.status(), `${path} at ${width} px`).toBe(200);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // a screen at a time: every part of the page is on screen once, each image held back while it is
    const [height, screen] = await page.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
    for (let y = 0; y < height; y += screen) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForFunction(visibleImagesLoaded);
    }
    return {
      broken: await page.evaluate(() => [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src)),
      held: held.length,
      placeholders: await page.evaluate(() => window.placeholders),
      shifts: await page.evaluate(() => window.shifts),
    };
  } finally {
    await context.close();
  }
}

test.describe("no layout shift with late images and listings", () => {
  test.describe.configure({ timeout: 60_000 });
  for (const [path, listing] of Object.entries(PATHS)) {
    // both widths at once: the test waits on held images and late listings, hardly on the machine
    test(`${path} at ${WIDTHS.join(" and ")} px`, async ({ browser }) => {
      const views = await Promise.all(WIDTHS.map((width) => firstView(browser, path, width)));
      for (const [index, view] of views.entries()) {
        const at = `${path} at ${WIDTHS[index]} px`;
        expect(view.broken, at).toEqual([]);
        expect(view.held, at).toBeGreaterThan(0);
        // the listings did stream in late, behind their placeholders
        expect(view.placeholders > 0, at).toBe(listing);
        expect(view.shifts, at).toEqual([]);
      }
    });
  }
});
