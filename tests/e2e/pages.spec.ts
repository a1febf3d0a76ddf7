import { expect, test } from "@playwright/test";
import snapshot from "../../.generated/snapshot.js";
import { axeViolations } from "./axe";
import { consoleErrors, hydrated } from "./helpers";

// Page-type stories (see src/shared/page-types.ts); data stories (theme, team) are not pages.
const PAGE_TYPES = new Set(["Page", "CaseDetail", "InsightDetail", "Sector", "Vacancy"]);
const paths = snapshot.stories
  .filter((story) => PAGE_TYPES.has(story.content.component))
  .map((story) => (story.full_slug === "home" ? "/" : `/${story.full_slug.replace(/\/$/, "")}`))
  .sort();

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
const missing = AXE_PATHS.filter((path) => !paths.includes(path));
if (missing.length > 0) throw new Error(`axe would skip pages that are no longer in the demo space: ${missing.join(", ")}`);

/** Full-page screenshots into screenshots/ for a human to look at (nothing compares them): E2E_SCREENSHOTS=1. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

for (const width of [375, 1280]) {
  test.describe(`every demo page at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 740 : 900 } });
    for (const path of paths) {
      test(`${path}`, async ({ page }) => {
        const errors = consoleErrors(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await hydrated(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        if (AXE_PATHS.includes(path)) expect(await axeViolations(page)).toEqual([]);
        if (SCREENSHOTS) {
          await page.screenshot({
            path: `screenshots/${width}/${path === "/" ? "home" : path.slice(1).replaceAll("/", "__")}.png`,
            fullPage: true,
          });
        }
        expect(errors).toEqual([]);
      });
    }
  });
}
