import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./helpers";

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("home page has no axe violations with menus closed and open (desktop)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await hydrated(page);
  expect(await violations(page)).toEqual([]);
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("button").first().click();
  await expect(page.locator('.submenu-panel[data-open="true"] .submenu-content')).toHaveCSS("opacity", "1");
  expect(await violations(page)).toEqual([]);
});

test("home page has no axe violations with the mobile menu closed and open", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await hydrated(page);
  expect(await violations(page)).toEqual([]);
  await page.getByRole("button", { name: "Open navigatiemenu" }).click();
  expect(await violations(page)).toEqual([]);
  await page.locator("#mobile-menu ul button").first().click();
  expect(await violations(page)).toEqual([]);
});

const PAGE_TYPES = [
  "/contact",
  "/cases",
  "/cases/domstad-deelfietsen",
  "/insights/streamen-vanaf-de-edge",
  "/sectoren/mobiliteit",
  "/vacatures/product-designer",
  "/over-ons",
  "/diensten/product-design",
  "/bestaat-niet",
  "/%E0%A4%A",
];

for (const width of [375, 1280]) {
  test(`every page type has no axe violations at ${width} px, its menu open and closed`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    for (const path of PAGE_TYPES) {
      await page.goto(path);
      await hydrated(page);
      expect(await violations(page), path).toEqual([]);
    }
    await page.goto("/over-ons");
    await hydrated(page);
    if (width < 1024) {
      await page.getByRole("button", { name: "Open navigatiemenu" }).click();
      expect(await violations(page), "menu open").toEqual([]);
    } else {
      await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("button").last().click();
      await expect(page.locator('.submenu-panel[data-open="true"] .submenu-content')).toHaveCSS("opacity", "1");
      expect(await violations(page), "submenu open").toEqual([]);
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
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("button").first().click();
    await expect(page.locator(".submenu-panel:popover-open .submenu-content")).toHaveCSS("opacity", "1");
    expect(await violations(page)).toEqual([]);
  });
});
