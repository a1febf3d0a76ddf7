import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { loadedByEntryLoader } from "../../src/server/render/entry-loader";
import { hydrated } from "./helpers";

/** Holds back every lazily loaded chunk (not the chunks the entry's loader imports with it) until `release`. */
async function holdLazyChunks(page: Page) {
  const preloaded = new Set(loadedByEntryLoader(await (await page.request.get("/")).text()));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route("**/assets/chunk.*.js", async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!preloaded.has(path)) {
      held.push(path);
      await released;
    }
    await route.continue();
  });
  return { held, release };
}

const overflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

test.describe("before the footer island has hydrated (chunk held back)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a jump to the footer: the group opens, an invalid address is refused, nothing is lost", async ({ page }) => {
    const { held, release } = await holdLazyChunks(page);
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await page.route("**/api/hubspot/create", (route) => route.fulfill({ status: 201, body: "{}" }));
    await page.goto("/");
    await page.keyboard.press("End");
    await expect.poll(() => held.length).toBeGreaterThan(0);

    const group = page.locator("footer details.footer-group").first();
    await group.locator("summary").click();
    await expect(group.getByRole("link").first()).toBeVisible();
    const email = page.getByLabel("E-mailadres");
    await email.fill("geen-adres");
    await page.getByRole("button", { name: "Inschrijven" }).click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
    await email.fill("lotte@voorbeeld.nl");
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/");

    release();
    await hydrated(page);
    await expect(group).toHaveAttribute("open", "");
    await expect(email).toHaveValue("lotte@voorbeeld.nl");
    await page.getByRole("button", { name: "Inschrijven" }).click();
    await expect(page.locator("#nieuwsbrief [role=status]")).toHaveText("Woehoe, je bent geabonneerd!");
    expect(posts.map((url) => new URL(url).pathname)).toEqual(["/api/hubspot/create"]);
  });

  test("once hydrated the form shows its own message instead of the browser's", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByLabel("E-mailadres").fill("geen-adres");
    await page.getByRole("button", { name: "Inschrijven" }).click();
    await expect(page.locator("#nieuwsbrief [role=status]")).toHaveText("Vul een geldig e-mailadres in");
  });
});

test("a carousel button tapped before its island has hydrated still scrolls", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { held, release } = await holdLazyChunks(page);
  await page.goto("/over-ons");
  const next = page.getByRole("button", { name: "Volgende" }).first();
  await next.scrollIntoViewIfNeeded();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const track = page.locator(`#${await next.getAttribute("aria-controls")}`);
  await next.click();
  expect(await track.evaluate((el) => el.scrollLeft)).toBe(0);
  release();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Vorige" }).first().click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);
});

// A page that grows when its bundle runs moves whatever a visitor who scrolled on meanwhile is
// reading: the carousel's buttons (52 px at 1280) once came only with the bundle's mark on the
// document. With JavaScript on they are there from the first layout (`@media (scripting: enabled)`).
for (const path of ["/klanten", "/over-ons"]) {
  for (const width of [375, 1280]) {
    test(`${path} at ${width} px is as tall before its bundle runs as once its islands have hydrated`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let heldBack = 0;
      await page.route("**/assets/*.js", async (route) => {
        if (!new URL(route.request().url()).pathname.includes("/vitals.")) {
          heldBack++;
          await released;
        }
        await route.continue();
      });
      await page.goto(path, { waitUntil: "load" });
      await expect.poll(() => heldBack).toBeGreaterThan(0);
      const height = () => page.evaluate(() => document.documentElement.scrollHeight);
      const before = await height();
      expect(await page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(false);
      release();
      await hydrated(page);
      expect(await height()).toBe(before);
    });
  }
}

test("widening the window past the desktop breakpoint closes the mobile menu and frees scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Open navigatiemenu" }).click();
  expect(await overflow(page)).toBe("hidden");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.locator("#mobile-menu")).toBeHidden();
  await expect.poll(() => overflow(page)).toBe("visible");
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(page.getByRole("button", { name: "Open navigatiemenu" })).toHaveAttribute("aria-expanded", "false");
  expect(await overflow(page)).toBe("visible");
});

test("the mobile drill-down names each overview link from the CMS", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Open navigatiemenu" }).click();
  const menu = page.locator("#mobile-menu");
  const texts: string[] = [];
  for (let i = 0; i < (await menu.locator("ul button").count()); i++) {
    await menu.locator("ul button").nth(i).click();
    texts.push((await menu.locator("ul a").first().textContent()) ?? "");
    await menu.getByRole("button", { name: "Terug" }).click();
  }
  expect(texts).toEqual(["Alle diensten", "Al ons werk", "Meer over Koraal"]);
  const address = menu.locator("section li > span").first();
  expect(await address.innerText()).toBe("Oudegracht 231\n3511 NK Utrecht");
});

test("the footer logo is the CMS image", async ({ page }) => {
  await page.goto("/");
  // the theme's asset, served offline by the Worker's image service (the embedded space's path)
  await expect(page.locator("footer img").first()).toHaveAttribute(
    "src",
    /^\/_storyblok\/f\/287341\/132x32\/[0-9a-f]{10}\/logo-light\.svg$/,
  );
});

test.describe("error screens in the browser", () => {
  for (const [path, status] of [
    ["/%E0%A4%A", 400],
    ["/bestaat-niet", 404],
  ] as const) {
    test(`${status}: the error screen with header, footer, Home and Contact`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(status);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        status === 404 ? `${status}: Page not found: /bestaat-niet` : `${status}: Something went wrong`,
      );
      await expect(page.locator("header").first()).toBeVisible();
      await expect(page.locator("footer")).toBeAttached();
      await expect(page.getByRole("navigation", { name: "Verder naar" }).getByRole("link")).toHaveText(["Home", "Contact"]);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex,nofollow");
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    });
  }

  test("405: a form posted to a page gets the error screen", async ({ page }) => {
    await page.goto("/contact");
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/contact") && r.request().method() === "POST"),
      page.evaluate(() => {
        document.body.insertAdjacentHTML("beforeend", '<form id="post-to-page" method="post" action="/contact"></form>');
        (document.getElementById("post-to-page") as HTMLFormElement).submit();
      }),
    ]);
    expect(res.status()).toBe(405);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("405: Something went wrong");
  });
});
