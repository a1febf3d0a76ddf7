import type { Page } from "@playwright/test";
import { viewportAt, WIDTHS } from "./demo-pages";
import { expect, test, withTab } from "./fixtures";
import { consoleErrors, hydrated } from "./helpers";
import { recordShifts } from "./layout-shifts";
import { LATE_PORT } from "./servers";

/**
 * Not one layout shift on a first view with everything late: the site of late-content-worker.ts
 * (an empty isolate and cache on every request, listings answered 1.5 s late, so they stream in
 * behind their placeholders) and every image response held back by the browser until the whole
 * document, late listings included, is there. Two checks:
 * - every <img> keeps its box when its image arrives: each box is measured while every image is
 *   still held, and again once the page has been scrolled to its end with the images let through
 *   (an unsized image grows when it loads, wherever it is, on screen or not: this does not depend
 *   on where the page happens to be scrolled when a response lands);
 * - layout shifts are recorded from the first paint (PerformanceObserver, buffered), while the page
 *   loads, its listings stream in and it is scrolled to the end a screen at a time (by script, so no
 *   shift is excused as following input), each screen's images loading while it is shown, and
 *   while its islands hydrate.
 * No console error either. The pages' other checks (axe, width) are pages.spec.ts's, on the site as
 * `npm start` serves it.
 */
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
    placeholders: number;
  }
}

/** An init script: counts the listing placeholders (`aria-busy`) the page shows while it streams in. */
function countPlaceholders() {
  window.placeholders = 0;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element && node.matches('[aria-busy="true"]')) window.placeholders += 1;
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Resolves once every image shown on screen (or above it: scrolled past) has loaded; hidden or
 * off-screen ones may wait. Checked at once and again on every image's load or error, as it
 * happens (waitForFunction's default, polling on every animation frame, kept the renderer busy).
 */
function visibleImagesLoaded(): Promise<void> {
  const loaded = () =>
    [...document.images].every((img) => {
      const box = img.getBoundingClientRect();
      const onScreen = box.top < innerHeight && box.right > 0 && box.left < innerWidth && img.checkVisibility();
      return !onScreen || img.complete;
    });
  return new Promise((resolve) => {
    const check = () => {
      if (!loaded()) return;
      document.removeEventListener("load", check, true);
      document.removeEventListener("error", check, true);
      resolve();
    };
    // an image's load and error events do not bubble: caught on their way down
    document.addEventListener("load", check, true);
    document.addEventListener("error", check, true);
    check();
  });
}

/** An <img> and its box's size. */
interface Box {
  src: string;
  width: number;
  height: number;
}

/**
 * The images whose box changed size by a pixel or more when their image arrived (less is rounding:
 * an image resized to a whole number of pixels keeps its original's ratio only to within a pixel).
 */
function grown(before: Box[], after: Box[]): string[] {
  const size = (box: Box | undefined) => (box ? `${box.width.toFixed(1)}x${box.height.toFixed(1)}` : "no image");
  return after.flatMap((image, index) => {
    const was = before[index];
    const same = was && Math.abs(was.width - image.width) < 1 && Math.abs(was.height - image.height) < 1;
    return same ? [] : [`${image.src}: ${size(was)} before its image, ${size(image)} after`];
  });
}

/**
 * Every <img> of the page with its box's size as the page is painted, by position in the document:
 * once its stylesheets have loaded (DOMContentLoaded does not wait for them) and two frames have
 * been rendered since.
 */
async function imageBoxes(): Promise<Box[]> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  await Promise.all(
    links.map((link) => (link.sheet ? null : new Promise((resolve) => link.addEventListener("load", resolve, { once: true })))),
  );
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return [...document.images].map((img) => {
    const { width, height } = img.getBoundingClientRect();
    return { src: img.getAttribute("src") ?? "", width, height };
  });
}

/**
 * What a first view of `path` at `width` px shows: loaded with every image held back, then scrolled
 * to its end with them let through, then its islands hydrated.
 */
async function firstView(page: Page, path: string, width: number) {
  const errors = consoleErrors(page);
  await page.addInitScript(recordShifts);
  await page.addInitScript(countPlaceholders);
  let held = 0;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_storyblok\//, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  // the document has streamed to its end (no "load": that waits for the held images)
  const response = await page.goto(BASE + path, { waitUntil: "domcontentloaded" });
  expect(response?.status(), `${path} at ${width} px`).toBe(200);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const before = await page.evaluate(imageBoxes);
  release();
  // a screen at a time: every part of the page is on screen once, its images arriving while it is
  const [height, screen] = await page.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
  for (let y = 0; y < height; y += screen) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(visibleImagesLoaded);
  }
  const after = await page.evaluate(imageBoxes);
  await hydrated(page);
  return {
    errors,
    broken: await page.evaluate(() => [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src)),
    held,
    grown: grown(before, after),
    placeholders: await page.evaluate(() => window.placeholders),
    shifts: await page.evaluate(() => window.shifts),
  };
}

test.describe("no layout shift with late images and listings", () => {
  test.describe.configure({ timeout: 60_000 });
  for (const [path, listing] of Object.entries(PATHS)) {
    // both widths at once: the test waits on the late listings, hardly on the machine
    test(`${path} at ${WIDTHS.join(" and ")} px`, async ({ browser, tabs }) => {
      const views = await Promise.all(
        WIDTHS.map((width) => withTab(tabs, browser, { slot: `${width}` }, viewportAt(width), (page) => firstView(page, path, width))),
      );
      for (const [index, view] of views.entries()) {
        const at = `${path} at ${WIDTHS[index]} px`;
        expect(view.broken, at).toEqual([]);
        expect(view.held, at).toBeGreaterThan(0);
        expect(view.grown, at).toEqual([]);
        // the listings did stream in late, behind their placeholders
        expect(view.placeholders > 0, at).toBe(listing);
        expect(view.shifts, at).toEqual([]);
        expect(view.errors, at).toEqual([]);
      }
    });
  }
});
