import { expect, test } from "./fixtures";
import { consoleErrors, hydrated } from "./helpers";

// Islands whose server HTML comes from the isolate's HTML memo hydrate against it without a
// mismatch: React's production build reports one as a console error (minified #418/#425).
for (const path of ["/", "/cases/werfkeldermuseum-app", "/contact?nieuwsbrief=geabonneerd"]) {
  test(`${path}: memoised header and footer parts hydrate with a clean console`, async ({ page, request }) => {
    await request.get(path); // the first request of this isolate fills the memo; the page below reads it
    const errors = consoleErrors(page);
    await page.goto(path);
    await hydrated(page);
    expect(await page.locator("[data-island]").count()).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
  });
}

test("the memoised header works after hydration (mobile menu)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const errors = consoleErrors(page);
  await page.goto("/");
  await hydrated(page);
  const toggle = page.getByRole("button", { name: /menu/i }).first();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  expect(errors).toEqual([]);
});
