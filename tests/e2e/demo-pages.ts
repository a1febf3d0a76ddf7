import { expect, type Page } from "@playwright/test";
import snapshot from "../../.generated/snapshot.js";
import { axeViolations } from "./axe";
import { hydrated } from "./helpers";

// Page-type stories (see src/shared/pages/page-types.ts); data stories (theme, team) are not pages.
const PAGE_TYPES = new Set(["Page", "CaseDetail", "InsightDetail", "Sector", "Vacancy"]);

/** Every page of the demo space (Dutch), by path. */
export const DEMO_PAGES: readonly string[] = snapshot.stories
  .filter((story) => PAGE_TYPES.has(story.content.component))
  .map((story) => (story.full_slug === "home" ? "/" : `/${story.full_slug.replace(/\/$/, "")}`))
  .sort();

/** The widths every demo page is checked at, and the window height the browser tests give each. */
export const WIDTHS = [375, 1280] as const;
export const viewportAt = (width: number) => ({ width, height: width < 800 ? 740 : 900 });

/**
 * One page of every page type and layout, checked by axe while the page is here anyway (a11y.spec.ts
 * checks home, the error screens and the open menus).
 */
const AXE_PATHS = [
  "/contact",
  "/cases",
  "/cases/domstad-deelfietsen",
  "/insights/streamen-vanaf-de-edge",
  "/sectoren/mobiliteit",
  "/vacatures/product-designer",
  "/over-ons",
  "/diensten/product-design",
];
const missing = AXE_PATHS.filter((path) => !DEMO_PAGES.includes(path));
if (missing.length > 0) throw new Error(`axe would skip pages that are no longer in the demo space: ${missing.join(", ")}`);

/** Full-page screenshots into screenshots/ for a human to look at (nothing compares them): E2E_SCREENSHOTS=1. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

/**
 * What every demo page must be at `width`, loaded: hydrated, no wider than the window, and (on
 * AXE_PATHS) without axe violations. The caller has checked its status and checks its console.
 */
export async function checkPage(page: Page, path: string, width: number): Promise<void> {
  await hydrated(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(width);
  if (AXE_PATHS.includes(path)) expect(await axeViolations(page), path).toEqual([]);
  if (SCREENSHOTS) {
    await page.screenshot({
      path: `screenshots/${width}/${path === "/" ? "home" : path.slice(1).replaceAll("/", "__")}.png`,
      fullPage: true,
    });
  }
}
