import { expect, test } from "@playwright/test";
import snapshot from "../../.generated/snapshot.js";
import { consoleErrors, hydrated } from "./helpers";

// Page-type stories (see src/shared/page-types.ts); data stories (theme, team) are not pages.
const PAGE_TYPES = new Set(["Page", "CaseDetail", "InsightDetail", "Sector", "Vacancy"]);
const paths = snapshot.stories
  .filter((story) => PAGE_TYPES.has(story.content.component))
  .map((story) => (story.full_slug === "home" ? "/" : `/${story.full_slug.replace(/\/$/, "")}`))
  .sort();

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
        await page.screenshot({
          path: `screenshots/${width}/${path === "/" ? "home" : path.slice(1).replaceAll("/", "__")}.png`,
          fullPage: true,
        });
        expect(errors).toEqual([]);
      });
    }
  });
}
