import type { Page, Request } from "@playwright/test";

/** Console errors and uncaught exceptions of a page, for "no console errors" assertions. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Runs in the page (so self-contained): the page's islands, each with whether React has hydrated it. */
const islands = () =>
  [...document.querySelectorAll<HTMLElement>("[data-island]")].map((root) => ({
    name: root.dataset.island ?? "?",
    hydrated: Object.keys(root.firstElementChild ?? {}).some((key) => key.startsWith("__reactFiber")),
  }));

/**
 * Resolves once every island on the page has hydrated (React attaches its fiber to the root's child).
 * Islands further down hydrate as they come near, so the page is taken past each one in turn, as a
 * visitor scrolling through it would, then back to its top. The jumps are instant: the site's smooth
 * scrolling is an animation whose pace is the machine's, and it would bring every link on its way
 * into view (each one a prefetch). If an island stays inert, the error names it and the requests
 * that failed, since a timeout alone says nothing.
 */
export async function hydrated(page: Page, timeout = 15_000): Promise<void> {
  const failed: string[] = [];
  const onFailed = (request: Request) => failed.push(`${request.url()} (${request.failure()?.errorText})`);
  page.on("requestfailed", onFailed);
  try {
    const count = (await page.evaluate(islands)).length;
    for (let index = 0; index < count; index++) {
      await page.evaluate((index) => {
        const root = document.querySelectorAll("[data-island]")[index];
        (root?.firstElementChild ?? root)?.scrollIntoView({ block: "center", behavior: "instant" });
      }, index);
      await page
        .waitForFunction(
          (index) => {
            const root = document.querySelectorAll("[data-island]")[index];
            return !root || Object.keys(root.firstElementChild ?? {}).some((key) => key.startsWith("__reactFiber"));
          },
          index,
          { timeout },
        )
        .catch(async (error: Error) => {
          const inert = await page.evaluate(islands).then(
            (all) => all.filter((island) => !island.hydrated).map((island) => island.name),
            () => ["(the page is gone)"],
          );
          throw new Error(
            `islands not hydrated after ${timeout} ms: ${inert.join(", ")}; failed requests: ${failed.join(", ") || "none"}`,
            {
              cause: error,
            },
          );
        });
    }
  } finally {
    page.off("requestfailed", onFailed);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}
