import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { consoleErrors, hydrated } from "./helpers";

test.describe("footer groups", () => {
  test("are native disclosures that collapse on small screens and animate over 150 ms", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await hydrated(page);
    const groups = page.locator("footer details.footer-group");
    expect(await groups.count()).toBeGreaterThanOrEqual(2);
    const first = groups.first();
    const summary = first.locator("summary");
    await expect(first).not.toHaveAttribute("open");
    await expect(first.getByRole("link").first()).toBeHidden();
    expect(await first.evaluate((el) => getComputedStyle(el, "::details-content").transitionDuration)).toBe("0.15s, 0.15s");
    await summary.click();
    await expect(first).toHaveAttribute("open", "");
    await expect(first.getByRole("link").first()).toBeVisible();
    await summary.click();
    await expect(first).not.toHaveAttribute("open");
    await expect(first.getByRole("link").first()).toBeHidden();
  });

  test("are always open on large screens, under a plain heading", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await hydrated(page);
    const groups = page.locator("footer details.footer-group");
    await expect(groups.first().locator("summary")).toBeHidden();
    for (let i = 0; i < (await groups.count()); i++) await expect(groups.nth(i).getByRole("link").first()).toBeVisible();
    expect(await page.locator("footer nav h2:visible").count()).toBe(await groups.count());
  });
});

test.describe("newsletter form", () => {
  const email = (page: Page) => page.getByLabel("E-mailadres");
  const submit = (page: Page) => page.getByRole("button", { name: "Inschrijven" });
  const status = (page: Page) => page.locator("#nieuwsbrief [role=status]");

  async function open(page: Page, answer?: (route: Route) => Promise<void>) {
    const requests: string[] = [];
    await page.route("**/api/hubspot/create", async (route) => {
      requests.push(route.request().postData() ?? "");
      if (answer) await answer(route);
      else await route.fulfill({ status: 201, contentType: "application/json", body: '{"message":"ok"}' });
    });
    await page.goto("/");
    await hydrated(page);
    return requests;
  }

  test("shows the editors' consent text beside the field once hydrated, as before: it describes the field", async ({ page }) => {
    await open(page);
    const consent =
      "Met je aanmelding geef je Koraal toestemming om je e-mailadres te gebruiken voor de nieuwsbrief, die we via HubSpot versturen. Afmelden kan altijd. Lees meer in onze privacyverklaring.";
    await expect(page.locator("#nieuwsbrief-toestemming")).toHaveText(consent);
    await expect(email(page)).toHaveAccessibleDescription(consent);
    await expect(page.locator("#nieuwsbrief-toestemming").getByRole("link", { name: "privacyverklaring" })).toHaveAttribute(
      "href",
      "/privacy",
    );
  });

  test("refuses an invalid address without sending anything; editing clears the message", async ({ page }) => {
    const requests = await open(page);
    // jan@localhost and a@b.c0m: HubSpot refuses them (issue 54), so the form does before sending
    for (const bad of ["", "geen-adres", "a@b..nl", `x@${"a".repeat(64)}.nl`, "jan@localhost", "a@b.c0m"]) {
      await email(page).fill(bad);
      await submit(page).click();
      await expect(status(page)).toHaveText("Vul een geldig e-mailadres in");
    }
    expect(requests).toEqual([]);
    await email(page).pressSequentially("a");
    await expect(status(page)).toHaveText("");
  });

  test("goes idle -> submitting (disabled) -> success, then empties the field after 2 s", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requests = await open(page, async (route) => {
      await held;
      await route.fulfill({ status: 201, body: "not even json" });
    });
    await email(page).fill("Lotte@Voorbeeld.nl");
    await submit(page).click();
    await expect(email(page)).toBeDisabled();
    await expect(page.getByRole("button", { name: "Bezig…" })).toBeDisabled();
    release();
    await expect(status(page)).toHaveText("Woehoe, je bent geabonneerd!");
    await expect(email(page)).toBeEnabled();
    expect(requests).toEqual(['{"email":"Lotte@Voorbeeld.nl"}']);
    await expect(email(page)).toHaveValue("Lotte@Voorbeeld.nl");
    await expect(email(page)).toHaveValue("", { timeout: 3000 });
    await expect(status(page)).toHaveText("Woehoe, je bent geabonneerd!");
  });

  test("shows the API's JSON message on failure", async ({ page }) => {
    await open(page, (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: '{"message":"Rustig aan, probeer het zo nog eens."}' }),
    );
    await email(page).fill("lotte@voorbeeld.nl");
    await submit(page).click();
    await expect(status(page)).toHaveText("Rustig aan, probeer het zo nog eens.");
    await expect(status(page)).toHaveAttribute("data-kind", "error");
  });

  test("logs an unreadable failure and shows no message", async ({ page }) => {
    const errors = consoleErrors(page);
    await open(page, (route) => route.fulfill({ status: 502, body: "<html>Bad gateway</html>" }));
    await email(page).fill("lotte@voorbeeld.nl");
    await submit(page).click();
    await expect.poll(() => errors.some((e) => e.includes("Create API request failed"))).toBe(true);
    await expect(submit(page)).toBeEnabled();
    await expect(status(page)).toHaveText("");
  });

  test("announces messages in a polite live region", async ({ page }) => {
    await open(page);
    await expect(status(page)).toHaveAttribute("aria-live", "polite");
  });
});
