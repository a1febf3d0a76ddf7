import { expect, test } from "./fixtures";
import { axeViolations } from "./axe";
import { consoleErrors, hydrated } from "./helpers";

// The English site walked as a visitor at both widths: menus, newsletter and error screen, in
// English, with axe clean and no console errors. (Routing, hreflang and the sitemap are covered in
// tests/integration/languages.test.ts; the switcher in language-switcher.spec.ts; valid HTML of
// every English page in sitemap-pages.spec.ts.)

for (const width of [375, 1280]) {
  test.describe(`English at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
    });

    test("a page with its menu closed and open, in English, axe clean", async ({ page }) => {
      const errors = consoleErrors(page);
      const response = await page.goto("/en/services/web-development");
      expect(response?.status()).toBe(200);
      await hydrated(page);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web development");
      expect(await axeViolations(page)).toEqual([]);
      if (width < 1024) {
        await page.getByRole("button", { name: "Open navigation menu" }).click();
        await expect(page.getByRole("button", { name: "Close navigation menu" })).toBeVisible();
        await page
          .locator("#mobile-menu")
          .getByRole("button", { name: /^Services/ })
          .click();
        await expect(page.locator("#mobile-menu").getByRole("button", { name: "Back" })).toBeVisible();
      } else {
        await page.getByRole("banner").getByRole("button", { name: "Services" }).click();
        await expect(page.getByRole("banner").getByRole("link", { name: "Web development" }).first()).toBeVisible();
        // axe measures contrast when the panel's 1000 ms fade-in has ended
        await expect(page.locator(".submenu-panel:popover-open .submenu-content")).toHaveCSS("opacity", "1");
      }
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });

    test("listings show Dutch-only stories labelled 'In Dutch', described to screen readers, axe clean", async ({ page }) => {
      for (const [path, title] of [
        ["/en/cases", "Een rooster dat zorgmedewerkers zelf in de hand hebben"],
        ["/en/jobs", "Senior React Native developer"],
      ] as const) {
        await page.goto(path);
        await hydrated(page);
        const link = page.getByRole("link", { name: title });
        await expect(link).toHaveAttribute("hreflang", "nl");
        await expect(link).toHaveAccessibleDescription("In Dutch");
        await expect(page.locator("article[lang=nl]").filter({ has: link }).getByText("In Dutch")).toBeVisible();
        expect(await axeViolations(page), path).toEqual([]);
      }
    });

    test("the newsletter form speaks English", async ({ page }) => {
      await page.goto("/en/contact");
      await hydrated(page);
      const form = page.locator("#newsletter");
      await form.getByLabel("Email address").fill("no-address");
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(form.getByRole("status")).toHaveText("Please enter a valid email address");
      await form.getByLabel("Email address").fill(`english.${width}@example.nl`);
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(form.getByRole("status")).toHaveText("Woohoo, you're subscribed!");
    });

    test("the error screen is English, links to the English home and contact, axe clean", async ({ page }) => {
      const response = await page.goto("/en/does-not-exist");
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("404: Page not found: /en/does-not-exist");
      await expect(page.getByRole("main").getByRole("link", { name: "Home" })).toHaveAttribute("href", "/en");
      await expect(page.getByRole("main").getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/en/contact");
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
