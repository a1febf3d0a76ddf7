import type { Page } from "@playwright/test";

/** Console errors and uncaught exceptions of a page, for "no console errors" assertions. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Resolves once every island on the page has hydrated (React attaches its fiber to the root's child). */
export async function hydrated(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-island]")].every((root) => {
      const child = root.firstElementChild;
      return child && Object.keys(child).some((key) => key.startsWith("__reactFiber"));
    }),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}
