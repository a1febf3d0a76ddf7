import { expect, test } from "@playwright/test";

test.use({ javaScriptEnabled: false });

test("the newsletter form works without JavaScript: a plain post that comes back with the message", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("E-mailadres").fill(`zonder-js-${Date.now()}@voorbeeld.nl`);
  await page.getByRole("button", { name: "Inschrijven" }).click();
  await page.waitForURL((url) => url.pathname === "/contact" && url.searchParams.get("nieuwsbrief") === "geabonneerd");
  await expect(page.locator("#nieuwsbrief [role=status]")).toHaveText("Woehoe, je bent geabonneerd!");
});

test("an invalid address without JavaScript comes back with the validation message", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("E-mailadres").fill("geen-adres");
  await page.getByRole("button", { name: "Inschrijven" }).click();
  await page.waitForURL((url) => url.searchParams.get("nieuwsbrief") === "ongeldig");
  await expect(page.locator("#nieuwsbrief [role=status]")).toHaveText("Vul een geldig e-mailadres in");
});

test("footer link groups stay open without JavaScript", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  const panels = page.locator("footer .collapsible");
  for (let i = 0; i < (await panels.count()); i++) await expect(panels.nth(i).getByRole("link").first()).toBeVisible();
});
