import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { collectCspViolations, consoleErrors, hydrated } from "./helpers";

// Live editing in the visual editor, with the local stand-in of Storyblok's bridge
// (public/preview/bridge.js) firing the events the editor would send.

const DRAFT_TITLE = "Van idee tot app in de stores, samen met Koraal";
const PUBLISHED_TITLE = "Wij bouwen apps en websites die mensen graag gebruiken";

/** A preview link exactly as a developer gets it: `npm run preview:link -- <path> --base <site>`. */
function previewLinkFor(path: string, base: string): string {
  return execFileSync(process.execPath, [join(REPO_ROOT, "scripts/preview-link.ts"), path, "--base", base], { encoding: "utf8" }).trim();
}

async function openPreview(page: Page, baseURL: string, path = "/") {
  const response = await page.goto(previewLinkFor(path, baseURL));
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("data-preview", "live");
  return response!;
}

test("a local preview link shows the draft with editor markers, framed only by Storyblok, never cached or indexed", async ({
  page,
  baseURL,
}) => {
  const errors = consoleErrors(page);
  const violations = await collectCspViolations(page);
  const response = await openPreview(page, baseURL!);
  const headers = response.headers();
  expect(headers["cache-control"]).toBe("private, no-store");
  expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'self' https://app.storyblok.com");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex,nofollow");
  await expect(page.locator("main h1")).toHaveText(DRAFT_TITLE);
  expect(await page.locator("main [data-blok-c][data-blok-uid]").count()).toBeGreaterThan(5);
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});

test("every kind of page hydrates in preview exactly as the server rendered it", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const errors = consoleErrors(page);
  const violations = await collectCspViolations(page);
  for (const path of [
    "/cases",
    "/cases/domstad-deelfietsen",
    "/insights/streamen-vanaf-de-edge",
    "/team",
    "/contact",
    "/vacatures",
    "/klanten",
    "/sectoren/zorg",
    "/over-ons",
    "/diensten/app-ontwikkeling",
  ]) {
    await openPreview(page, baseURL!, path);
    // hydrated: React owns the preview root's content
    expect(
      await page.evaluate(() =>
        Object.keys(document.querySelector("[data-preview-root]")!.firstElementChild!).some((key) => key.startsWith("__reactFiber")),
      ),
      path,
    ).toBe(true);
    expect(await violations(), path).toEqual([]);
  }
  expect(errors).toEqual([]);
});

/** Every image of the page loaded (lazy ones made eager): the sources that did not, and how many did. */
async function imagesLoaded(page: Page): Promise<{ broken: string[]; loaded: number }> {
  return page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = "eager";
    await Promise.all(
      images.map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener("load", resolve);
              image.addEventListener("error", resolve);
            }),
      ),
    );
    const broken = images.filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src);
    return { broken, loaded: images.length - broken.length };
  });
}

/** The document's height once every image and font is in (lazy images loaded eagerly), so two pages compare fairly. */
async function settledDocumentHeight(page: Page): Promise<number> {
  await imagesLoaded(page);
  return page.evaluate(async () => {
    // every declared face, not only those already loading: fonts.ready does not wait for a face
    // the layout has yet to ask for, so a busy machine could measure before a late one swaps in
    await Promise.all([...document.fonts].map((face) => face.load().catch(() => undefined)));
    await document.fonts.ready;
    return document.documentElement.scrollHeight;
  });
}

test("the preview lays a page out exactly as visitors see it: the editor markers add no wrappers", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/klanten");
  // as a visitor sees it once the islands have hydrated (the bundle loads after the first paint)
  await hydrated(page);
  const visitorHeight = await settledDocumentHeight(page);
  await openPreview(page, baseURL!, "/klanten");
  expect(await page.locator("main [data-blok-uid]").count()).toBeGreaterThan(5);
  expect(await settledDocumentHeight(page)).toBe(visitorHeight);
});

test("an edit in the editor is visible in under 200 ms, without a reload or a server round trip", async ({ page, baseURL }) => {
  const errors = consoleErrors(page);
  await openPreview(page, baseURL!);
  let loads = 0;
  page.on("load", () => loads++);
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));

  const marker = `Live bewerkt ${Date.now()}`;
  const timing = await page.evaluate(async (title) => {
    const root = document.querySelector<HTMLElement>("[data-preview-root]")!;
    const props = JSON.parse(root.dataset.props!) as { storyId: number; content: { body: Array<Record<string, unknown>> } };
    const content = structuredClone(props.content);
    const hero = content.body.find((blok) => blok.component === "HeroBanner")!;
    hero.title = title;
    const shows = () => document.querySelector("main h1")?.textContent === title;

    let domAt: number | undefined;
    const observer = new MutationObserver(() => {
      if (domAt === undefined && shows()) domAt = performance.now();
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    const bridge = (window as unknown as { __storyblokBridge: { emit(action: string, payload: unknown): number } }).__storyblokBridge;
    const start = performance.now();
    const delivered = bridge.emit("input", { story: { id: props.storyId, content } });
    await new Promise<void>((resolve) => {
      const check = () => (domAt !== undefined || shows() ? resolve() : requestAnimationFrame(check));
      check();
    });
    domAt ??= performance.now();
    observer.disconnect();
    // the frame holding the change has been painted once the frame after it starts
    const paintedAt = await new Promise<number>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))),
    );
    return { delivered, dom: domAt - start, visible: paintedAt - start };
  }, marker);

  console.log(`preview edit -> visible: ${timing.visible.toFixed(1)} ms (in the DOM after ${timing.dom.toFixed(1)} ms)`);
  expect(timing.delivered).toBe(1);
  await expect(page.locator("main h1")).toHaveText(marker);
  expect(timing.visible).toBeLessThan(200);
  expect(loads).toBe(0);
  expect(requests).toEqual([]);
  // the rest of the page is the same story, still editable
  expect(await page.locator("main [data-blok-c]").count()).toBeGreaterThan(5);
  expect(errors).toEqual([]);
});

test("edits of another story are ignored", async ({ page, baseURL }) => {
  await openPreview(page, baseURL!);
  await page.evaluate(() => {
    const root = document.querySelector<HTMLElement>("[data-preview-root]")!;
    const props = JSON.parse(root.dataset.props!) as { storyId: number; content: { body: Array<Record<string, unknown>> } };
    const content = structuredClone(props.content);
    content.body.find((blok) => blok.component === "HeroBanner")!.title = "Een ander verhaal";
    (window as unknown as { __storyblokBridge: { emit(action: string, payload: unknown): number } }).__storyblokBridge.emit("input", {
      story: { id: props.storyId + 1, content },
    });
  });
  await expect(page.locator("main h1")).toHaveText(DRAFT_TITLE);
});

for (const action of ["change", "published"] as const) {
  test(`'${action}' from the editor reloads the page from the server`, async ({ page, baseURL }) => {
    await openPreview(page, baseURL!);
    const storyId = await page.evaluate(
      () => JSON.parse(document.querySelector<HTMLElement>("[data-preview-root]")!.dataset.props!).storyId as number,
    );
    // another story's event changes nothing: the bridge calls its listeners synchronously and a
    // reload would start a navigation at once (the Navigation API's navigate event is synchronous)
    const navigatedFor = (id: number) =>
      page.evaluate(
        ([name, story]) => {
          let navigated = false;
          const listener = () => {
            navigated = true;
          };
          (window as unknown as { navigation: EventTarget }).navigation.addEventListener("navigate", listener);
          (window as unknown as { __storyblokBridge: { emit(a: string, p: unknown): number } }).__storyblokBridge.emit(name, {
            storyId: story,
          });
          (window as unknown as { navigation: EventTarget }).navigation.removeEventListener("navigate", listener);
          return navigated;
        },
        [action, id] as const,
      );
    expect(await navigatedFor(storyId + 1)).toBe(false);
    await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));

    const reloaded = page.waitForEvent("load");
    await page.evaluate(
      ([name, id]) =>
        (window as unknown as { __storyblokBridge: { emit(a: string, p: unknown): number } }).__storyblokBridge.emit(name, { storyId: id }),
      [action, storyId] as const,
    );
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBeUndefined();
    await expect(page.locator("html")).toHaveAttribute("data-preview", "live");
    await expect(page.locator("main h1")).toHaveText(DRAFT_TITLE);
  });
}

test("visitors get the published page with neither the bridge nor the preview bundle", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await expect(page.locator("main h1")).toHaveText(PUBLISHED_TITLE);
  await page.waitForLoadState("networkidle");
  expect(scripts.some((path) => path.startsWith("/assets/preview/") || path.startsWith("/preview/"))).toBe(false);
  expect(await page.locator("[data-blok-c], [data-preview-root]").count()).toBe(0);
  expect(await page.evaluate(() => "StoryblokBridge" in window)).toBe(false);
});

test("a forged preview link gets the visitor's page", async ({ page, baseURL }) => {
  const link = new URL(previewLinkFor("/", baseURL!));
  const token = link.searchParams.get("_storyblok_tk[token]")!;
  link.searchParams.set("_storyblok_tk[token]", (token[0] === "0" ? "1" : "0") + token.slice(1));
  const response = await page.goto(link.href);
  expect(response?.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
  await expect(page.locator("main h1")).toHaveText(PUBLISHED_TITLE);
  expect(await page.locator("[data-blok-c]").count()).toBe(0);
});

// The theme story (header, footer, customers) in the visual editor, and the theme's draft around a page.

const DRAFT_FOOTER_TITLE = "Samen bouwen aan digitale producten die blijven werken";
const DRAFT_MENU_TITLE = "Onze diensten";

type Bridge = { __storyblokBridge: { emit(action: string, payload: unknown): number } };
interface ThemeProps {
  storyId: number;
  kind: string;
  content: { header: Array<Record<string, unknown>>; footer: Array<Record<string, unknown>>; customers: Array<Record<string, unknown>> };
  theme: { storyId: number };
}

test("the theme story previews as a page: draft header, footer and customers, each clickable for the editor", async ({ page, baseURL }) => {
  const errors = consoleErrors(page);
  const violations = await collectCspViolations(page);
  const response = await openPreview(page, baseURL!, "/theme/theme");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'self' https://app.storyblok.com");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex,nofollow");
  await expect(page.locator("main h1")).toHaveText("Header, footer en klanten");
  await expect(page.locator("footer").getByText(DRAFT_FOOTER_TITLE)).toBeVisible();
  await expect(page.locator("header[data-blok-c] nav[aria-label='Hoofdmenu'] button").first()).toHaveText(DRAFT_MENU_TITLE);
  await expect(page.locator("footer[data-blok-c]")).toHaveCount(1);
  await expect(page.locator("main article h2")).toHaveText([
    "Polderstroom Energie",
    "Zorggroep De Linde",
    "Kade Logistiek",
    "Tulpbank",
    "Molenaar Bouw",
    "Fietsfabriek Domstad",
  ]);
  expect(await page.locator("main [data-blok-c]").count()).toBe(6);
  // the header works as on any page: the preview bundle hydrated it
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator("nav[aria-label='Hoofdmenu'] button").first().click();
  await expect(page.locator("nav[aria-label='Hoofdmenu'] button").first()).toHaveAttribute("aria-expanded", "true");
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});

test("edits of header, footer and customers in the theme preview show at once, without a reload or a request", async ({
  page,
  baseURL,
}) => {
  const errors = consoleErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPreview(page, baseURL!, "/theme/theme");
  let loads = 0;
  page.on("load", () => loads++);
  // no round trip: nothing is asked of the server but what any page asks as it gets shorter
  // (lazy images and the prefetch of links that come into view)
  const requests: string[] = [];
  page.on("request", (request) => {
    const prefetch = /prefetch/.test(request.headers()["sec-purpose"] ?? request.headers().purpose ?? "");
    if (request.resourceType() !== "image" && !prefetch) requests.push(request.url());
  });

  const delivered = await page.evaluate(() => {
    const props = JSON.parse(document.querySelector<HTMLElement>("[data-preview-root]")!.dataset.props!) as ThemeProps;
    const content = structuredClone(props.content);
    (content.header[0]!.desktopNavigationMenu as Array<{ title: string }>)[0]!.title = "Live menu";
    content.footer[0]!.title = "Live footer";
    content.customers[0]!.name = "Live klant";
    content.customers.pop();
    return (window as unknown as Bridge).__storyblokBridge.emit("input", { story: { id: props.storyId, content } });
  });
  expect(delivered).toBe(1);
  await expect(page.locator("nav[aria-label='Hoofdmenu'] button").first()).toHaveText("Live menu");
  await expect(page.locator("footer").getByText("Live footer", { exact: true })).toBeVisible();
  await expect(page.locator("main article h2")).toHaveText([
    "Live klant",
    "Zorggroep De Linde",
    "Kade Logistiek",
    "Tulpbank",
    "Molenaar Bouw",
  ]);
  await expect(page.locator("main h1 + p")).toContainText("Hieronder de klanten (5).");
  // still the editor's: every edited blok keeps its marker
  await expect(page.locator("header[data-blok-c], footer[data-blok-c]")).toHaveCount(2);
  expect(await page.locator("main [data-blok-c]").count()).toBe(5);
  expect(requests).toEqual([]);

  // an edit of another story changes nothing
  await page.evaluate(() => {
    const props = JSON.parse(document.querySelector<HTMLElement>("[data-preview-root]")!.dataset.props!) as ThemeProps;
    const content = structuredClone(props.content);
    content.footer[0]!.title = "Een ander verhaal";
    (window as unknown as Bridge).__storyblokBridge.emit("input", { story: { id: props.storyId + 1, content } });
  });
  await expect(page.locator("footer").getByText("Live footer", { exact: true })).toBeVisible();
  expect(loads).toBe(0);
  // and the header still works after the re-render
  await page.locator("nav[aria-label='Hoofdmenu'] button").first().click();
  await expect(page.locator("nav[aria-label='Hoofdmenu'] button").first()).toHaveAttribute("aria-expanded", "true");
  expect(errors).toEqual([]);
});

test("a page's preview shows the theme's draft header and footer, and page edits stay live", async ({ page, baseURL }) => {
  const errors = consoleErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPreview(page, baseURL!, "/klanten");
  await expect(page.locator("footer").getByText(DRAFT_FOOTER_TITLE)).toBeVisible();
  await expect(page.locator("nav[aria-label='Hoofdmenu'] button").first()).toHaveText(DRAFT_MENU_TITLE);
  // the theme belongs to another story: its header and footer are not the editor's to click here
  await expect(page.locator("header[data-blok-c], footer[data-blok-c]")).toHaveCount(0);
  const props = await page.evaluate(
    () =>
      JSON.parse(document.querySelector<HTMLElement>("[data-preview-root]")!.dataset.props!) as ThemeProps & {
        content: { body: Array<Record<string, unknown>> };
      },
  );
  expect(props.kind).toBe("page");

  await page.evaluate((storyId) => {
    const root = JSON.parse(document.querySelector<HTMLElement>("[data-preview-root]")!.dataset.props!) as {
      content: { body: Array<Record<string, unknown>> };
    };
    const content = structuredClone(root.content);
    const hero = content.body.find((blok) => blok.component === "HeroBanner")!;
    hero.title = "Live klantenpagina";
    (window as unknown as Bridge).__storyblokBridge.emit("input", { story: { id: storyId, content } });
  }, props.storyId);
  await expect(page.locator("main h1")).toHaveText("Live klantenpagina");
  // the header and footer around it are untouched by a page edit
  await expect(page.locator("footer").getByText(DRAFT_FOOTER_TITLE)).toBeVisible();
  expect(errors).toEqual([]);
});

test("a team member previews as its card; visitors get 404 for it and for the theme", async ({ page, baseURL }) => {
  const errors = consoleErrors(page);
  await openPreview(page, baseURL!, "/team/daan-verhoeven");
  await expect(page.locator("main h1")).toHaveText("Teamlid");
  await expect(page.locator("main [data-blok-c] h2")).toHaveText("Daan Verhoeven");
  expect(errors).toEqual([]);
  for (const path of ["/team/daan-verhoeven", "/theme/theme"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  }
});

test("a preview in the editor's language (_storyblok_lang=en) shows the English draft and live-edits it, in English", async ({
  page,
  baseURL,
}) => {
  const errors = consoleErrors(page);
  const link = new URL(previewLinkFor("/", baseURL!));
  link.searchParams.set("_storyblok_lang", "en");
  const response = await page.goto(link.href);
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("data-preview", "live");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("main h1")).toHaveText("From idea to app in the stores, together with Koraal");
  await expect(page.getByRole("banner").getByRole("button", { name: "Services" })).toBeVisible();
  await page.evaluate(() => {
    const root = document.querySelector<HTMLElement>("[data-preview-root]")!;
    const props = JSON.parse(root.dataset.props!) as { storyId: number; content: { body: Array<Record<string, unknown>> } };
    const content = structuredClone(props.content);
    content.body.find((blok) => blok.component === "HeroBanner")!.title = "Edited live, in English";
    (window as unknown as Bridge).__storyblokBridge.emit("input", { story: { id: props.storyId, content } });
  });
  await expect(page.locator("main h1")).toHaveText("Edited live, in English");
  // the rest of the page stays in the preview's language after the re-render
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("banner").getByRole("button", { name: "Services" })).toBeVisible();
  expect(errors).toEqual([]);
});

// Offline, the embedded space's images come from the site itself (`/_storyblok/...`, its image
// service), in the editor's preview as for visitors: nothing may point at Storyblok's asset host,
// which an offline machine cannot reach.

test("the offline preview shows every image, served by the site itself, before and after a live edit: no request fails", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const failed: string[] = [];
  // A preview prefetches nothing, but the tab is shared (./fixtures): a visitor's page of an earlier
  // test prefetched the links it showed (Speculation Rules, `Sec-Purpose: prefetch`), and one still
  // under way can be cut off (net::ERR_ABORTED) while this test runs: seen twice under load, for
  // /diensten/webontwikkeling (a footer link, in view on a short page such as the 404 screen; an
  // earlier test of this file visits two). That is no failure of the site; a
  // prefetch the site answers with an error still counts (below), as does any other failure.
  const failures: Array<Promise<void>> = [];
  page.on("requestfailed", (request) =>
    failures.push(
      (async () => {
        const error = request.failure()?.errorText;
        const prefetch = (await request.headerValue("sec-purpose").catch(() => null))?.startsWith("prefetch");
        if (!(prefetch && error === "net::ERR_ABORTED")) failed.push(`${request.url()} (${error})`);
      })(),
    ),
  );
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} (${response.status()})`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [path, least] of [
    ["/", 10],
    ["/cases", 5],
    ["/theme/theme", 6],
  ] as const) {
    await openPreview(page, baseURL!, path);
    const served = await imagesLoaded(page);
    expect(served.broken, path).toEqual([]);
    expect(served.loaded, path).toBeGreaterThanOrEqual(least);
    // the preview bundle renders the page again on an edit: the same images, from the same place
    await page.evaluate(() => {
      const props = JSON.parse(document.querySelector<HTMLElement>("[data-preview-root]")!.dataset.props!) as {
        storyId: number;
        content: Record<string, unknown>;
      };
      const content = { ...structuredClone(props.content), _edited: true };
      (window as unknown as Bridge).__storyblokBridge.emit("input", { story: { id: props.storyId, content } });
    });
    const edited = await imagesLoaded(page);
    expect(edited.broken, path).toEqual([]);
    expect(edited.loaded, path).toBe(served.loaded);
    const origins = await page.evaluate(() => [...document.images].map((image) => new URL(image.currentSrc || image.src).origin));
    expect(new Set(origins), path).toEqual(new Set([new URL(baseURL!).origin]));
  }
  await Promise.all(failures);
  expect(failed).toEqual([]);
});
