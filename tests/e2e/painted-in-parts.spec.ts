import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { viewportAt, WIDTHS } from "./demo-pages";
import { expect, test } from "./fixtures";
import { recordShifts } from "./layout-shifts";
import { PORT } from "./servers";

/**
 * A streamed page can be painted before all of it has arrived: under load the network cuts the
 * HTML anywhere, and the browser paints what it has. Nothing painted may move when the rest comes:
 * - a page's opening header (hero, sector, vacancy) has its text first and its image after it; if
 *   the text's place depended on the image (centred beside it), the text would move when the image
 *   arrives (seen once in CI, under load, on /diensten/app-ontwikkeling at 1280 px);
 * - the site header's row: a centred menu painted with some of its items moved as the others
 *   arrived, and the language switcher as its link did (seen once in CI, the menu on
 *   /diensten/app-ontwikkeling at 1280 px, a shift of 0.0015). The row now shows once complete.
 * Here a proxy hands the browser the page in two parts, cut at such a place, and holds the second
 * until the test has seen the first painted.
 */
const SITE = `http://127.0.0.1:${PORT}`;

/** Where a page is cut: the offset in its HTML the first part ends at (-1: no such place). */
type Cut = (html: string) => number;

/** Just before the first `<img` after the page's `<h1>`: the opening header's image. */
const beforeOpeningImage: Cut = (html) => html.indexOf("<img", html.indexOf("<h1"));
/** Just after the last of `markers`, each found after the one before it. */
const justAfter =
  (...markers: string[]): Cut =>
  (html) => {
    let at = 0;
    for (const marker of markers) {
      const found = html.indexOf(marker, at);
      if (found === -1) return -1;
      at = found + marker.length;
    }
    return at;
  };

const CASES: Array<{ path: string; name: string; cut: Cut; imageAfterCut?: boolean; painted?: string }> = [
  // a page of each opening header with an image beside its text
  ...["/", "/diensten/app-ontwikkeling", "/sectoren/mobiliteit", "/vacatures/product-designer"].map((path) => ({
    path,
    name: "before the opening image",
    cut: beforeOpeningImage,
    imageAfterCut: true,
  })),
  // the site header's row, the same on every page: inside the logo's link, after the menu's first
  // item, after the language switcher's current language
  { path: "/", name: "inside the logo's link", cut: justAfter('class="site-header-row', "<a ", ">") },
  { path: "/", name: "after the menu's first item", cut: justAfter('aria-label="Hoofdmenu"', "</li>") },
  { path: "/", name: "after the switcher's current language", cut: justAfter('class="lang-switcher', "</span>") },
  // an article's header, its title there and its intro and author not yet: its decoration, anchored
  // to the header's bottom, moved down as the rest arrived (a shift of 0.005 in a Lighthouse first view)
  { path: "/insights/streamen-vanaf-de-edge", name: "after the article's title", cut: justAfter("<h1", "</h1>"), painted: "h1" },
];

let proxy: Server;
let base = "";
/** The navigation the proxy cuts next (later requests for the page, such as prefetches, pass whole). */
let held: { path: string; cut: Cut } | null = null;
/** Lets the proxy send the rest of the page it holds. */
let releaseRest: () => void = () => {};

test.beforeAll(async () => {
  proxy = createServer(async (req, res) => {
    const upstream = await fetch(SITE + req.url, { headers: { accept: String(req.headers.accept ?? "*/*") } });
    const type = upstream.headers.get("content-type") ?? "application/octet-stream";
    const body = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(upstream.status, { "content-type": type });
    const html = body.toString("utf8");
    const at = held && held.path === req.url && type.startsWith("text/html") ? held.cut(html) : -1;
    // (a page without the place to cut leaves `held` set: the test fails)
    if (at === -1) return void res.end(body);
    held = null;
    res.write(html.slice(0, at));
    await new Promise<void>((resolve) => {
      releaseRest = resolve;
    });
    res.end(html.slice(at));
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

test.afterAll(() => {
  // the browser's keep-alive connections would hold close() open
  proxy.closeAllConnections();
  return new Promise<void>((resolve) => proxy.close(() => resolve()));
});

for (const width of WIDTHS) {
  test.describe(`a page painted before all of it has arrived, ${width} px`, () => {
    test.use({ viewport: viewportAt(width) });
    for (const { path, name, cut, imageAfterCut, painted } of CASES) {
      test(`${path}, cut ${name}: nothing moves when the rest arrives`, async ({ page }) => {
        await page.addInitScript(recordShifts);
        const nextFrame = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        held = { path, cut };
        const loaded = page.goto(base + path, { waitUntil: "load" });
        // the first part on screen and painted
        await expect(page.locator(painted ?? (imageAfterCut ? "h1" : "header"))).toBeAttached();
        if (imageAfterCut) {
          await expect(page.locator("h1")).toBeVisible();
          expect(await page.locator("main img").count()).toBe(0);
        }
        await nextFrame();
        expect(held, "the proxy cut the page").toBeNull();
        releaseRest();
        expect((await loaded)?.status()).toBe(200);
        // the rest is in, and laid out: the header's row shown, the opening image there
        await expect(page.locator("header a").first()).toBeVisible();
        if (imageAfterCut) await expect(page.locator("main img").first()).toBeVisible();
        await nextFrame();
        expect(await page.evaluate(() => window.shifts)).toEqual([]);
      });
    }
  });
}
