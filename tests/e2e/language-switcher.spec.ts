import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations } from "./axe";
import { hydrated } from "./helpers";

// The language switcher: a plain link to the other language, reachable by keyboard, named in the
// page's language ("Taal: English"), saying its language (hreflang, lang); in the desktop header
// and in the mobile menu. It leads to the same page in the other language where that exists,
// else to that language's home.

/** Tabs from the top of the page until the focused element matches, at most `limit` times. */
async function tabTo(page: Page, name: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute("aria-label") ?? el.textContent ?? "").trim() : "";
    });
    if (focused === name) return;
  }
  throw new Error(`${name} not reached within ${limit} tabs`);
}

test("desktop (1280 px): the switcher follows the main menu, is reached by keyboard and leads to English", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/diensten");
  await hydrated(page);
  const link = page.getByRole("banner").getByRole("link", { name: "Taal: English" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("hreflang", "en");
  await expect(link).toHaveAttribute("lang", "en");
  await expect(link).toHaveAttribute("href", "/en/services");
  await expect(page.locator(".site-header .lang-switcher").first()).toHaveText("NLTaal: English");
  await tabTo(page, "Taal: English");
  await expect(link).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/services$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const back = page.getByRole("banner").getByRole("link", { name: "Language: Nederlands" });
  await expect(back).toBeVisible();
  await expect(back).toHaveAttribute("hreflang", "nl");
  await expect(back).toHaveAttribute("href", "/diensten");
  await hydrated(page);
  expect(await axeViolations(page)).toEqual([]);
});

test("mobile (375 px): the switcher is in the open menu, reached by keyboard, axe clean", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/diensten");
  await hydrated(page);
  // the header's switcher is for wide screens; the menu's is hidden until the menu opens
  await expect(page.locator('.site-header a[hreflang="en"]')).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Taal: English" })).toHaveCount(0);
  await page.getByRole("button", { name: "Open navigatiemenu" }).click();
  const link = page.locator("#mobile-menu").getByRole("link", { name: "Taal: English" });
  await expect(link).toBeVisible();
  await tabTo(page, "Taal: English");
  await expect(link).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/services$/);
  await hydrated(page);
  await page.getByRole("button", { name: "Open navigation menu" }).click();
  await expect(page.locator("#mobile-menu").getByRole("link", { name: "Language: Nederlands" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

  test("the switcher is a working link", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("banner").getByRole("link", { name: "Taal: English" }).click();
    await expect(page).toHaveURL(/\/en\/contact$/);
    await page.getByRole("banner").getByRole("link", { name: "Language: Nederlands" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  });
});
