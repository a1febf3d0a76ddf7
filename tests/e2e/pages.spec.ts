import { expect, test } from "./fixtures";
import { checkPage, DEMO_PAGES, viewportAt, WIDTHS } from "./demo-pages";
import { consoleErrors } from "./helpers";

/**
 * Every demo page at each width: 200, hydrated, no wider than the window, no console error, axe on
 * one page of every type and layout (demo-pages.ts), on the site as `npm start` serves it.
 */
const paths = DEMO_PAGES;

/**
 * The pages are visited in a few groups per width, each group in one browser page, one path after
 * another: a fresh browser context per path cost ~0.3 s of CPU to make and ~0.15 s more to load a
 * page into an empty cache, about a third of this spec's CPU (measured: 212 -> 136 s of CPU for the
 * whole spec run, servers' start included). Every path is still loaded, hydrated and checked on its own.
 */
const GROUPS = 2;

for (const width of WIDTHS) {
  test.describe(`every demo page at ${width} px`, () => {
    test.use({ viewport: viewportAt(width) });
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
            await checkPage(page, path, width);
            expect(errors.slice(before), path).toEqual([]);
          });
        }
      });
    }
  });
}
