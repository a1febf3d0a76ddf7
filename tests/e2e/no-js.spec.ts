import { expect, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("the newsletter form works without JavaScript: a plain post that comes back with the message", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("E-mailadres").fill(`zonder-js-${Date.now()}@voorbeeld.nl`);
  await page.getByRole("button", { name: "Inschrijven" }).click();
  await page.waitForURL((url) => url.pathname === "/contact" && url.searchParams.get("nieuwsbrief") === "geabonneerd");
  await expect(page.locator("#nieuwsbrief [role=status]")).toHaveText("Woehoe, je bent geabonneerd!");
});

const CONSENT = {
  nl: "Met je aanmelding geef je Koraal toestemming om je e-mailadres te gebruiken voor de nieuwsbrief, die we via HubSpot versturen. Afmelden kan altijd. Lees meer in onze privacyverklaring.",
  en: "By signing up you allow Koraal to use your email address for the newsletter, which we send through HubSpot. You can unsubscribe at any time. Read more in our privacy statement.",
};

test("without JavaScript the form shows the editors' consent text, which describes the field and links the privacy statement", async ({
  page,
}) => {
  for (const [path, id, label, lang, link, href] of [
    ["/contact", "nieuwsbrief-toestemming", "E-mailadres", "nl", "privacyverklaring", "/privacy"],
    ["/en/contact", "newsletter-consent", "Email address", "en", "privacy statement", "/en/privacy"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(`#${id}`)).toHaveText(CONSENT[lang]);
    await expect(page.getByLabel(label)).toHaveAccessibleDescription(CONSENT[lang]);
    await expect(page.locator(`#${id}`).getByRole("link", { name: link })).toHaveAttribute("href", href);
  }
});

test("an English page's plain post comes back in English words, at the form", async ({ page }) => {
  await page.goto("/en/contact");
  await page.getByLabel("Email address").fill(`without-js-${Date.now()}@example.nl`);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL((url) => url.pathname === "/en/contact" && url.searchParams.get("newsletter") === "subscribed");
  expect(new URL(page.url()).hash).toBe("#newsletter");
  await expect(page.locator("#newsletter [role=status]")).toHaveText("Woohoo, you're subscribed!");
});

test("without JavaScript the browser refuses an invalid address: nothing is posted", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
  await page.goto("/contact");
  const email = page.getByLabel("E-mailadres");
  for (const bad of ["", "geen-adres", "a@b..nl", `x@${"a".repeat(64)}.nl`, "jan@localhost", "a@b.c0m"]) {
    await email.fill(bad);
    await page.getByRole("button", { name: "Inschrijven" }).click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.valid), bad).toBe(false);
  }
  expect(posts).toEqual([]);
  expect(new URL(page.url()).pathname).toBe("/contact");
});

test("an invalid address posted anyway (an old browser) comes back with the validation message", async ({ page }) => {
  await page.goto("/contact");
  await page.locator("#nieuwsbrief form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
  await page.getByLabel("E-mailadres").fill("geen-adres");
  await page.getByRole("button", { name: "Inschrijven" }).click();
  await page.waitForURL((url) => url.searchParams.get("nieuwsbrief") === "ongeldig");
  await expect(page.locator("#nieuwsbrief [role=status]")).toHaveText("Vul een geldig e-mailadres in");
});

test("without JavaScript a carousel shows no buttons that could do nothing; its track still scrolls", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/over-ons");
  const group = page.locator(".carousel-controls").first();
  await expect(group).toBeAttached();
  await expect(group).toBeHidden();
  await expect(page.getByRole("button", { name: "Volgende" })).toHaveCount(0);
  const track = page.locator(`#${await group.locator("button").first().getAttribute("aria-controls")}`);
  expect(await track.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
});

test("footer link groups open and close without JavaScript", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  const groups = page.locator("footer details.footer-group");
  expect(await groups.count()).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < (await groups.count()); i++) {
    await expect(groups.nth(i).getByRole("link").first()).toBeHidden();
    await groups.nth(i).locator("summary").click();
    await expect(groups.nth(i).getByRole("link").first()).toBeVisible();
  }
});

test.describe("header without JavaScript", () => {
  const overflow = (page: import("@playwright/test").Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

  test("mobile: the toggle opens the menu (scroll locked), items with sublinks open in place, links navigate", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open navigatiemenu" });
    await toggle.click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    expect((await menu.boundingBox())?.width).toBe(375);
    expect(await overflow(page)).toBe("hidden");
    await expect(page.getByRole("button", { name: "Sluit navigatiemenu" })).toBeVisible();
    const item = menu.locator("details").first();
    await item.locator("summary").click();
    const overview = item.getByRole("link").first();
    await expect(overview).toBeVisible();
    await expect(overview).not.toHaveText(/Alles over/);
    const href = await overview.getAttribute("href");
    await overview.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });

  test("mobile: the toggle closes the menu again and scrolling comes back", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open navigatiemenu" }).click();
    await page.getByRole("button", { name: "Sluit navigatiemenu" }).click();
    await expect(page.locator("#mobile-menu")).toBeHidden();
    expect(await overflow(page)).toBe("visible");
  });

  test("desktop: submenu buttons open one panel at a time; the open one's button closes it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const buttons = page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("button");
    const first = page.locator(`#${await buttons.nth(0).getAttribute("aria-controls")}`);
    const second = page.locator(`#${await buttons.nth(1).getAttribute("aria-controls")}`);
    await buttons.nth(0).click();
    await expect(first.getByRole("link").first()).toBeVisible();
    expect(await overflow(page)).toBe("hidden");
    await buttons.nth(1).click();
    await expect(second.getByRole("link").first()).toBeVisible();
    await expect(first).toBeHidden();
    await buttons.nth(1).click();
    await expect(second).toBeHidden();
    expect(await overflow(page)).toBe("visible");
    await buttons.nth(0).click();
    const link = first.getByRole("link").first();
    const href = await link.getAttribute("href");
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
  });
});
