import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { PORT } from "./servers";

/**
 * A streamed page can be painted before all of it has arrived: under load the network cuts the
 * HTML anywhere, and the browser paints what it has. A page's opening header (hero, sector,
 * vacancy) has its text first and its image after it; if the text's place depended on the image
 * (centred beside it), the text would move when the image arrives (seen once in CI, under load,
 * as a layout shift of the hero's text on /diensten/app-ontwikkeling at 1280 px). Here a proxy
 * hands the browser each page in two parts, cut between the text and the image, and holds the
 * second until the test has seen the first painted.
 */
const SITE = `http://127.0.0.1:${PORT}`;
/** A page of each opening header with an image beside its text. */
const PATHS = ["/", "/diensten/app-ontwikkeling", "/sectoren/mobiliteit", "/vacatures/product-designer"];

let proxy: Server;
let base = "";
/** Lets the proxy send the rest of the page it holds. */
let releaseRest: () => void = () => {};

test.beforeAll(async () => {
  proxy = createServer(async (req, res) => {
    const upstream = await fetch(SITE + req.url, { headers: { accept: String(req.headers.accept ?? "*/*") } });
    const type = upstream.headers.get("content-type") ?? "application/octet-stream";
    const body = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(upstream.status, { "content-type": type });
    if (!type.startsWith("text/html")) return void res.end(body);
    const html = body.toString("utf8");
    // the opening header's image: the first <img> after the page's <h1>
    const cut = html.indexOf("<img", html.indexOf("<h1"));
    if (cut === -1) return void res.end(html);
    res.write(html.slice(0, cut));
    await new Promise<void>((resolve) => {
      releaseRest = resolve;
    });
    res.end(html.slice(cut));
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

declare global {
  interface Window {
    shifts: Array<{ value: number; sources: string[] }>;
  }
}

function recordShifts() {
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }>) {
      const sources = (entry.sources ?? []).map((s) =>
        s.node instanceof Element ? s.node.outerHTML.slice(0, 120) : String(s.node?.nodeName),
      );
      window.shifts.push({ value: entry.value, sources });
    }
  }).observe({ type: "layout-shift", buffered: true });
}

for (const width of [375, 1280]) {
  test.describe(`a page painted before its opening image arrives, ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 740 : 900 } });
    for (const path of PATHS) {
      test(`${path}: nothing moves when the image arrives`, async ({ page }) => {
        await page.addInitScript(recordShifts);
        const nextFrame = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const loaded = page.goto(base + path, { waitUntil: "load" });
        // the first part on screen, painted, with no image in it yet
        await expect(page.locator("h1")).toBeVisible();
        expect(await page.locator("main img").count()).toBe(0);
        await nextFrame();
        releaseRest();
        expect((await loaded)?.status()).toBe(200);
        // the image is in, and laid out
        await expect(page.locator("main img").first()).toBeVisible();
        await nextFrame();
        expect(await page.evaluate(() => window.shifts)).toEqual([]);
      });
    }
  });
}
