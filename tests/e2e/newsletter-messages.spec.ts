import { expect, test } from "./fixtures";
import { hydrated } from "./helpers";

// An address HubSpot would refuse (issue 54: jan@localhost was "subscribed", then lost) is refused
// by the form itself, with JavaScript before anything is sent and without it by the server, in the
// same words, on a phone, in both languages. Screenshots: test-results/newsletter-invalid-*.png.
const PAGES = [
  {
    lang: "nl",
    path: "/contact",
    section: "#nieuwsbrief",
    label: "E-mailadres",
    button: "Inschrijven",
    message: "Vul een geldig e-mailadres in",
  },
  {
    lang: "en",
    path: "/en/contact",
    section: "#newsletter",
    label: "Email address",
    button: "Subscribe",
    message: "Please enter a valid email address",
  },
] as const;

test.use({ viewport: { width: 375, height: 740 } });

for (const { lang, path, section, label, button, message } of PAGES) {
  test(`${path}: with JavaScript jan@localhost is refused without a request`, async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await page.goto(path);
    await hydrated(page);
    await page.getByLabel(label).fill("jan@localhost");
    await page.getByRole("button", { name: button }).click();
    await expect(page.locator(`${section} [role=status]`)).toHaveText(message);
    expect(posts).toEqual([]);
    await page.locator(section).screenshot({ path: `test-results/newsletter-invalid-js-${lang}.png` });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  for (const { lang, path, section, label, button, message } of PAGES) {
    test(`${path}: jan@localhost posted past the browser's own check comes back with the same words`, async ({ page }) => {
      await page.goto(path);
      // the browser's pattern already refuses it (no-js.spec.ts); an old browser would post it
      await page.locator(`${section} form`).evaluate((form: HTMLFormElement) => (form.noValidate = true));
      await page.getByLabel(label).fill("jan@localhost");
      await page.getByRole("button", { name: button }).click();
      await page.waitForURL((url) => url.pathname === path && /[?&](nieuwsbrief=ongeldig|newsletter=invalid)/.test(url.search));
      await expect(page.locator(`${section} [role=status]`)).toHaveText(message);
      await page.locator(section).screenshot({ path: `test-results/newsletter-invalid-nojs-${lang}.png` });
    });
  }
});
