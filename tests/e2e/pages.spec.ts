import { expect, test } from "./fixtures";
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

/**
 * The pages are visited in a few groups per width, each group in one browser page, one path after
 * another: a fresh browser context per path cost ~0.3 s of CPU to make and ~0.15 s more to load a
 * page into an empty cache, about a third of this spec's CPU (measured: 212 -> 136 s of CPU for the
 * whole spec run, servers' start included). Every path is still loaded, hydrated and checked on its own.
 */
const GROUPS = 4;

for (const width of [375, 1280]) {
  test.describe(`every demo page at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 740 : 900 } });
    for (let group = 0; group < GROUPS; group++) {
      const mine = paths.filter((_, index) => index % GROUPS === group);
      test(`group ${group + 1} of ${GROUPS}: ${mine.join(", ")}`, async ({ page }) => {
        test.setTimeout(30_000 * mine.length);
        const errors = consoleErrors(page);
        for (const path of mine) {
          await test.step(path, async () => {
            const before = errors.length;
            const response = await page.goto(path);
            expect(response?.status(), path).toBe(200);
            await hydrated(page);
            expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(width);
            if (AXE_PATHS.includes(path)) expect(await axeViolations(page), path).toEqual([]);
            if (SCREENSHOTS) {
              await page.screenshot({
                path: `screenshots/${width}/${path === "/" ? "home" : path.slice(1).replaceAll("/", "__")}.png`,
                fullPage: true,
              });
            }
            expect(errors.slice(before), path).toEqual([]);
          });
        }
      });
    }
  });
}
