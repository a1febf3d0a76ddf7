import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { hydrated } from "./helpers";
import { PORT } from "./servers";

/**
 * The site behind a proxy that sends a page's head and its site header at once and holds the rest
 * of the body back until `sendBody`: what a visitor gets whose page has painted its first part while
 * the rest of the HTML is still streaming in (the bundle loads after the first frame:
 * src/server/render/entry-loader.ts). Everything else (the bundle, its chunks, images) passes
 * straight through.
 */
async function headFirstProxy() {
  const site = `http://127.0.0.1:${PORT}`;
  let sendBody!: () => void;
  const bodySent = new Promise<void>((resolve) => (sendBody = resolve));
  const server = createServer(async (req, res) => {
    const upstream = await fetch(site + req.url, { method: req.method, headers: { accept: req.headers.accept ?? "*/*" } }).catch(
      () => undefined,
    );
    if (!upstream) return res.writeHead(502).end(); // the site is gone: the test fails on its own
    // fetch has already undone the compression: the length and encoding no longer apply
    const passed = [...upstream.headers].filter(([name]) => !["content-encoding", "content-length", "transfer-encoding"].includes(name));
    res.writeHead(upstream.status, Object.fromEntries(passed));
    if (!upstream.headers.get("content-type")?.startsWith("text/html")) return res.end(Buffer.from(await upstream.arrayBuffer()));
    const html = await upstream.text();
    const rest = html.indexOf("</header>") + "</header>".length;
    res.write(html.slice(0, rest));
    await bodySent;
    res.end(html.slice(rest));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sendBody,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

test("a bundle that runs before the page's body has fully arrived still hydrates every island and prefetches its links", async ({
  page,
}) => {
  const proxy = await headFirstProxy();
  try {
    await page.goto(`${proxy.base}/`, { waitUntil: "commit" });
    // the bundle has run (its mark on the document) after the first frame, with the site header
    // painted and nothing of the page's content or footer there yet
    await page.waitForFunction(() => document.documentElement.classList.contains("js"), undefined, { polling: 50 });
    expect(await page.evaluate(() => [Boolean(document.querySelector("header")), document.querySelector("main, footer")])).toEqual([
      true,
      null,
    ]);
    proxy.sendBody();
    await hydrated(page);
    // the links the body brought are watched too: those in view are prefetched
    await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
  } finally {
    proxy.sendBody();
    await proxy.close();
  }
});
