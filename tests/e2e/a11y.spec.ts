import { expect, test } from "./fixtures";
import { axeViolations } from "./axe";
import { hydrated } from "./helpers";

test("home page has no axe violations with menus closed and open (desktop)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await hydrated(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("button").first().click();
  await expect(page.locator('.submenu-panel[data-open="true"] .submenu-content')).toHaveCSS("opacity", "1");
  expect(await axeViolations(page)).toEqual([]);
});

test("home page has no axe violations with the mobile menu closed and open", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await hydrated(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Open navigatiemenu" }).click();
  expect(await axeViolations(page)).toEqual([]);
  await page.locator("#mobile-menu ul button").first().click();
  expect(await axeViolations(page)).toEqual([]);
});

// Every content page type is checked by axe at each width where pages.spec.ts checks the demo
// pages (demo-pages.ts); here the error screens (a missing page, a malformed path) and a menu
// opened on a content page.
const ERROR_PATHS = ["/bestaat-niet", "/%E0%A4%A"];

for (const width of [375, 1280]) {
  test(`the error screens have no axe violations at ${width} px, nor a page with its menu open`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ERROR_PATHS) {
      await page.goto(path);
      await hydrated(page);
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.goto("/over-ons");
    await hydrated(page);
    if (width < 1024) {
      await page.getByRole("button", { name: "Open navigatiemenu" }).click();
      expect(await axeViolations(page), "menu open").toEqual([]);
    } else {
      await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("button").last().click();
      await expect(page.locator('.submenu-panel[data-open="true"] .submenu-content')).toHaveCSS("opacity", "1");
      expect(await axeViolations(page), "submenu open").toEqual([]);
    }
  });
}

// axe itself needs JavaScript in the page, so here the site's own scripts are blocked instead:
// the markup every visitor has before (or without) the bundle.
test.describe("before the site's JavaScript runs", () => {
  test("the open menus have no axe violations (375 and 1280 px)", async ({ page }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open navigatiemenu" }).click();
    await page.locator("#mobile-menu details summary").first().click();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("button").first().click();
    await expect(page.locator(".submenu-panel:popover-open .submenu-content")).toHaveCSS("opacity", "1");
    expect(await axeViolations(page)).toEqual([]);
  });
});
