import { expect, test } from "./fixtures";
import { hydrated } from "./helpers";
import { TURNSTILE_PORT, TURNSTILE_STAND_IN } from "./servers";

// The signup with the bot check on (issue 53): the widget's script (the stand-in's, as Cloudflare's
// cannot load offline) is fetched once the visitor moves into the form; its token goes along and
// Siteverify (the stand-in) passes it. Without JavaScript the plain post still signs up, under the
// tokenless limit. This site has HubSpot's double opt-in on (HUBSPOT_DOUBLE_OPT_IN, issue 54): the
// visitor is told to confirm from the inbox, with and without JavaScript alike. Both languages.
const CONFIRM = {
  nl: "Bijna klaar! Kijk in je inbox en bevestig je inschrijving met de link in onze e-mail.",
  en: "Almost there! Check your inbox and confirm your subscription with the link in our email.",
};
const SITE = `http://127.0.0.1:${TURNSTILE_PORT}`;
const verified = async () =>
  (await (await fetch(`${TURNSTILE_STAND_IN}/_stand-in/verified`)).json()) as Array<{ token: string; codes: string[] }>;

for (const [path, label, button, message, shot] of [
  ["/contact", "E-mailadres", "Inschrijven", CONFIRM.nl, "nl"],
  ["/en/contact", "Email address", "Subscribe", CONFIRM.en, "en"],
] as const) {
  test(`${path}: with JavaScript the widget's token is checked and the signup kept`, async ({ page }) => {
    const widget = page.waitForRequest((request) => request.url().startsWith(`${TURNSTILE_STAND_IN}/turnstile/v0/api.js`));
    await page.goto(`${SITE}${path}`);
    await hydrated(page);
    const field = page.getByLabel(label);
    await field.click();
    await widget;
    const tokenField = page.locator('[data-turnstile] input[name="cf-turnstile-response"]');
    await expect(tokenField).toHaveValue(/^stand-in\./);
    const token = await tokenField.inputValue();
    await field.fill(`met-js-${shot}-${Date.now()}@voorbeeld.nl`);
    await page.getByRole("button", { name: button }).click();
    await expect(page.locator("footer [role=status]")).toHaveText(message);
    // Siteverify (the stand-in) was asked about exactly this token, once, and passed it
    expect((await verified()).filter((v) => v.token === token)).toEqual([{ token, codes: [] }]);
    await page.locator("footer").screenshot({ path: `test-results/turnstile-js-${shot}.png` });
  });
}

test.describe("without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
  for (const [path, label, button, param, code, message, shot] of [
    ["/contact", "E-mailadres", "Inschrijven", "nieuwsbrief", "bevestigen", CONFIRM.nl, "nl"],
    ["/en/contact", "Email address", "Subscribe", "newsletter", "confirm", CONFIRM.en, "en"],
  ] as const) {
    test(`${path}: the plain post signs up without a token`, async ({ page }) => {
      await page.goto(`${SITE}${path}`);
      await page.getByLabel(label).fill(`zonder-js-${shot}-${Date.now()}@voorbeeld.nl`);
      await page.getByRole("button", { name: button }).click();
      await page.waitForURL((url) => url.pathname === path && url.searchParams.get(param) === code);
      await expect(page.locator("footer [role=status]")).toHaveText(message);
      // the section's id is the parameter's word (nieuwsbrief, newsletter)
      await page.locator(`#${param}`).screenshot({ path: `test-results/turnstile-nojs-${shot}.png` });
    });
  }
});
