import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("home page renders header, content and footer without console errors", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.locator("header").first()).toBeVisible();
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator("footer")).toBeVisible();
  expect(errors).toEqual([]);
});

test("an unknown page shows the 404 screen with links home and to contact", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const response = await page.goto("/bestaat-niet");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Page not found: /bestaat-niet");
  const onward = page.getByRole("navigation", { name: "Verder naar" });
  await expect(onward.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
  await expect(onward.getByRole("link", { name: "Contact", exact: true })).toHaveAttribute("href", "/contact");
  // the browser itself reports the 404 document load as a console error; nothing else may appear
  expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
});
