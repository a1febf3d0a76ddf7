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

/**
 * The Content-Security-Policy violations a page reports, collected from its first script on (for
 * every page the page object opens after this call): call the answer to read them so far.
 */
export async function collectCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/** Runs in the page (so self-contained): the page's islands, each with whether React has hydrated it. */
const islands = () =>
  [...document.querySelectorAll<HTMLElement>("[data-island]")].map((root) => ({
    name: root.dataset.island ?? "?",
    hydrated: Object.keys(root.firstElementChild ?? {}).some((key) => key.startsWith("__reactFiber")),
  }));

/**
 * Runs in the page: what an island's hydration depends on there. Islands below the fold hydrate
 * from an IntersectionObserver, whose callbacks come with the page's rendering updates: whether
 * the page is producing frames at all (and is visible) tells a stalled renderer from a stalled
 * script; the scripts the page has loaded tell whether the island's chunk arrived, and the bundle's
 * mark on the document whether it ran at all.
 */
const pageState = async () => {
  let frames = 0;
  const counting = (): void => {
    frames++;
    requestAnimationFrame(counting);
  };
  requestAnimationFrame(counting);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const scripts = performance
    .getEntriesByType("resource")
    .filter((entry) => entry.name.endsWith(".js"))
    .map((entry) => `${entry.name.split("/").pop()} ${Math.round(entry.duration)} ms`);
  // client/main.tsx marks the document first thing: without the mark the bundle never ran
  const ran = document.documentElement.classList.contains("js") ? "the bundle ran" : "the bundle did not run";
  return `${document.visibilityState}, ${document.readyState}, scrollY ${Math.round(scrollY)}, ${frames} frames in 500 ms, ${ran}, scripts: ${scripts.join(" / ") || "none"}`;
};

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
  const pending = new Set<Request>();
  const onRequest = (request: Request) => void pending.add(request);
  const onFinished = (request: Request) => void pending.delete(request);
  const onFailed = (request: Request) => {
    pending.delete(request);
    failed.push(`${request.url()} (${request.failure()?.errorText})`);
  };
  page.on("request", onRequest);
  page.on("requestfinished", onFinished);
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
          // polled every 50 ms, not every animation frame (the default): frames on demand cost the
          // renderer ~0.3 s of CPU per second waited, and an island that has hydrated is seen at once
          { timeout, polling: 50 },
        )
        .catch(async (error: Error) => {
          const inert = await page.evaluate(islands).then(
            (all) => all.filter((island) => !island.hydrated).map((island) => island.name),
            () => ["(the page is gone)"],
          );
          const state = await page.evaluate(pageState).catch(() => "(the page is gone)");
          const open = [...pending].map((request) => request.url());
          throw new Error(
            `islands not hydrated after ${timeout} ms: ${inert.join(", ")}; failed requests: ${failed.join(", ") || "none"}; ` +
              `pending requests: ${open.join(", ") || "none"}; page: ${state}`,
            { cause: error },
          );
        });
    }
  } finally {
    page.off("request", onRequest);
    page.off("requestfinished", onFinished);
    page.off("requestfailed", onFailed);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}
