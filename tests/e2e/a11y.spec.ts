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
