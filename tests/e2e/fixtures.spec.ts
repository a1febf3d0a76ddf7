import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The reused tab (fixtures.ts): the next test gets the same tab, and nothing the last one left in it.
 * Serial: both tests in one worker, one after the other.
 */
test.describe("a reused tab", () => {
  test.describe.configure({ mode: "serial" });
  let first: Page | undefined;
  let leakedListenerCalls = 0;

  test("a test leaves a cookie, storage, a route, an init script, a listener and emulated media behind", async ({ page, context }) => {
    first = page;
    await page.goto("/");
    await context.addCookies([{ name: "left", value: "behind", url: page.url() }]);
    await page.evaluate(() => {
      localStorage.setItem("left", "behind");
      sessionStorage.setItem("left", "behind");
    });
    await page.addInitScript(() => {
      (window as unknown as { leaked: boolean }).leaked = true;
    });
    await page.route("**/contact", (route) => route.fulfill({ status: 418, body: "routed" }));
    page.on("console", () => {
      leakedListenerCalls += 1;
    });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await context.newPage();
    expect(context.pages()).toHaveLength(2);
  });

  test("the next test gets the same tab as a new one would be", async ({ page, context }) => {
    expect(page, "the tab is reused").toBe(first);
    expect(context.pages()).toHaveLength(1);
    expect(await context.cookies()).toEqual([]);
    const response = await page.goto("/contact");
    expect(response?.status(), "no route left").toBe(200);
    expect(
      await page.evaluate(() => ({
        local: localStorage.length,
        session: sessionStorage.length,
        leaked: "leaked" in window,
        reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
      })),
    ).toEqual({ local: 0, session: 0, leaked: false, reducedMotion: false });
    await page.evaluate(() => console.log("heard by no listener of the last test"));
    expect(leakedListenerCalls).toBe(0);
  });
});
