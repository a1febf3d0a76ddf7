import { expect, test } from "./fixtures";
import { consoleErrors, hydrated } from "./helpers";

const bodyOverflow = (page: import("@playwright/test").Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

test.describe("desktop header (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
  });

  test("opens one submenu at a time; clicking the open one closes it", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
    const buttons = nav.getByRole("button");
    expect(await buttons.count()).toBeGreaterThanOrEqual(2);
    const first = buttons.nth(0);
    const second = buttons.nth(1);
    const firstPanel = page.locator(`#${await first.getAttribute("aria-controls")}`);
    const secondPanel = page.locator(`#${await second.getAttribute("aria-controls")}`);

    await expect(first).toHaveAttribute("aria-expanded", "false");
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(firstPanel).toHaveAttribute("data-open", "true");
    await expect(firstPanel.getByRole("link").first()).toBeVisible();
    const columns = await firstPanel.getByRole("heading", { level: 2 }).count();
    expect(columns).toBeGreaterThanOrEqual(2);
    expect(columns).toBeLessThanOrEqual(3);

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(firstPanel).toHaveAttribute("data-open", "false");
    await expect(secondPanel).toHaveAttribute("data-open", "true");

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(secondPanel).toHaveAttribute("data-open", "false");
    await expect(secondPanel).toBeHidden();
  });

  test("opening scrolls to the top and locks scrolling until it closes", async ({ page }) => {
    await page.evaluate(() => window.scrollTo(0, 600));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const button = page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("button").first();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await bodyOverflow(page)).toBe("hidden");
    await button.click();
    expect(await bodyOverflow(page)).toBe("visible");
  });

  test("Escape closes the submenu and returns focus to its button", async ({ page }) => {
    const button = page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("button").first();
    await button.click();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    expect(await bodyOverflow(page)).toBe("visible");
  });

  test("navigation closes the submenu: back/forward, hash change and bfcache restore", async ({ page }) => {
    const button = page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("button").first();
    for (const navigate of [
      () => page.evaluate(() => window.dispatchEvent(new PopStateEvent("popstate"))),
      () => page.evaluate(() => (location.hash = `#n${Date.now()}`)),
      () => page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }))),
    ]) {
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await navigate();
      await expect(button).toHaveAttribute("aria-expanded", "false");
      expect(await bodyOverflow(page)).toBe("visible");
    }
  });

  test("submenu transitions take 1000 ms and expand 300 ms, and honour reduced motion", async ({ page }) => {
    const panel = page.locator(".submenu-panel").first();
    const content = panel.locator(".submenu-content");
    expect(await panel.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain("0.3s");
    expect(await content.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("1s, 1s");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await content.evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration))).toBeLessThan(0.01);
  });

  test("the logo links home", async ({ page }) => {
    await expect(page.locator("header a").first()).toHaveAttribute("href", "/");
  });
});

test.describe("mobile header (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
  });

  test("toggle opens a full-screen menu with drill-down, Social and Contact lists, and locks scrolling", async ({ page }) => {
    const errors = consoleErrors(page);
    const toggle = page.getByRole("button", { name: "Open navigatiemenu" });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toBeHidden();
    await toggle.click();
    const close = page.getByRole("button", { name: "Sluit navigatiemenu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width).toBe(375);
    expect(await bodyOverflow(page)).toBe("hidden");

    await expect(menu.getByRole("heading", { name: "Social" })).toBeVisible();
    await expect(menu.getByRole("heading", { name: "Contact" })).toBeVisible();
    const social = menu.locator("section", { has: page.getByRole("heading", { name: "Social" }) });
    expect(await social.getByRole("link").count()).toBe(3);
    const contact = menu.locator("section", { has: page.getByRole("heading", { name: "Contact" }) });
    expect(await contact.getByRole("link").count()).toBeGreaterThanOrEqual(1);
    expect(await contact.locator("li > span").count()).toBeGreaterThanOrEqual(1);

    const drill = menu.locator("ul button").first();
    const label = (await drill.textContent())!.replace("→", "").trim();
    await drill.click();
    await expect(menu.getByRole("heading", { level: 2, name: label })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Terug" })).toBeFocused();
    expect(await menu.getByRole("link").count()).toBeGreaterThanOrEqual(2);
    await menu.getByRole("button", { name: "Terug" }).click();
    await expect(menu.getByRole("heading", { name: "Social" })).toBeVisible();

    await close.click();
    await expect(page.getByRole("button", { name: "Open navigatiemenu" })).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
    expect(await bodyOverflow(page)).toBe("visible");
    expect(errors).toEqual([]);
  });

  test("focus stays inside the open menu", async ({ page }) => {
    await page.getByRole("button", { name: "Open navigatiemenu" }).click();
    const insideMenu = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return Boolean(
          active && (document.getElementById("mobile-menu")?.contains(active) || active.getAttribute("aria-controls") === "mobile-menu"),
        );
      });
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await insideMenu()).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await insideMenu()).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Open navigatiemenu" })).toBeFocused();
  });

  test("Shift+Tab from the toggle of the open menu goes to the menu's last item, not out of the menu", async ({ page }) => {
    // the toggle's name changes when the menu opens: find it by what it controls
    const toggle = page.locator('button[popovertarget="mobile-menu"]');
    const items = page.locator("#mobile-menu").locator("a[href], button, summary");
    await toggle.click();
    // opening moves focus to the menu's first item (once React has heard the popover's toggle event):
    // only after that is the toggle focused again, or that move could land after it
    await expect(items.first()).toBeFocused();
    await toggle.focus();
    await page.keyboard.press("Shift+Tab");
    await expect(items.last()).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Sluit navigatiemenu" })).toBeFocused();
  });

  test("Shift+Tab on the toggle right after it opened the menu, before React hears of it, still wraps to the last item", async ({
    page,
  }) => {
    // one task: the click opens the popover at once, its toggle event (and React's state) come in a later task
    const focused = await page.evaluate(() => {
      const toggle = document.querySelector<HTMLButtonElement>('button[popovertarget="mobile-menu"]')!;
      toggle.click();
      toggle.focus();
      toggle.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", shiftKey: true, bubbles: true, cancelable: true }));
      const items = document.querySelectorAll("#mobile-menu a[href], #mobile-menu button, #mobile-menu summary");
      return document.activeElement === items[items.length - 1];
    });
    expect(focused).toBe(true);
  });

  test("the menu closes on navigation", async ({ page }) => {
    await page.getByRole("button", { name: "Open navigatiemenu" }).click();
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent("popstate")));
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await page.getByRole("button", { name: "Open navigatiemenu" }).click();
    const link = page.locator("#mobile-menu ul a[href^='/']").first();
    const href = await link.getAttribute("href");
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });
});
