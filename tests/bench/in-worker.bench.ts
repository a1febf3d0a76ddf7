/**
 * In-Worker cost of a page: the app's fetch called in a loop inside workerd (no HTTP, no
 * wrangler proxy), warm KV. Printed as `BENCH {json}` lines that scripts/bench.ts reads; nothing
 * is asserted (performance claims come from the bench, not from tests).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { createEmulator } from "../../src/server/content/emulator";
import { createApp } from "../../src/server/index";
import { createParsedCache } from "../../src/server/content/parsed-cache";
import { createHtmlMemo } from "../../src/server/render/html-memo";
import type { StoredBlok, StoredStory } from "../helpers/stored";
import { PAGE_CONTENT_TYPES } from "../../src/shared/page-types";
import { recordCacheVersion } from "../helpers/cache-version";

const BASE = "http://www.koraal.test";
const WARMUP = 20;
const ROUNDS = Number(process.env.BENCH_WORKER_ROUNDS ?? 200);

function report(name: string, value: unknown) {
  console.log(`BENCH ${JSON.stringify({ name, value })}`);
}

async function get(app: ReturnType<typeof createApp>, path: string) {
  const ctx = createExecutionContext();
  const started = performance.now();
  const res = await app.fetch(new Request(BASE + path), env, ctx);
  const bytes = (await res.arrayBuffer()).byteLength;
  const ms = performance.now() - started;
  await waitOnExecutionContext(ctx);
  return { ms, bytes, status: res.status, timing: res.headers.get("server-timing") ?? "" };
}

/** A Server-Timing entry's duration (ms), 0 when absent. */
const timingOf = (header: string, name: string) =>
  Number(new RegExp(`(?:^|, )${name}(?:;desc="[^"]*")?;dur=([\\d.]+)`).exec(header)?.[1] ?? 0);

/**
 * Ms per warm request for each path: every path warmed first, then measured in interleaved rounds
 * (one request per path per round), so no path pays alone for the JIT or a collection of garbage
 * the ones before it left (home, measured first on its own, came out at twice its later figure).
 */
async function warmMs(app: ReturnType<typeof createApp>, paths: string[]) {
  const last = new Map<string, Awaited<ReturnType<typeof get>>>();
  for (const path of paths) for (let i = 0; i <= WARMUP; i++) last.set(path, await get(app, path));
  const sums = new Map(paths.map((path) => [path, { total: 0, content: 0, render: 0 }]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const path of paths) {
      const run = await get(app, path);
      const sum = sums.get(path)!;
      sum.total += run.ms;
      sum.content += timingOf(run.timing, "content");
      sum.render += timingOf(run.timing, "render");
    }
  }
  // content: story + theme from the memo/KV; render: to the first byte (shell); the rest is streaming the body
  const r = (n: number) => Math.round((n / ROUNDS) * 100) / 100;
  return paths.map((path) => {
    const { total, content, render } = sums.get(path)!;
    const { bytes, status } = last.get(path)!;
    return { ms: r(total), contentMs: r(content), firstByteRenderMs: r(render), bytes, status };
  });
}

const pagePath = (story: StoredStory) => (story.full_slug === "home" ? "/" : `/${story.full_slug.replace(/\/$/, "")}`);

it("warm pages", async () => {
  const htmlMemo = createHtmlMemo();
  const parsedCache = createParsedCache();
  const app = createApp({ logSink: () => {}, htmlMemo, parsedCache });
  const pages = snapshot.stories.filter((story) => PAGE_CONTENT_TYPES.has(story.content.component));
  // the largest page of each page type, by its HTML
  const largest = new Map<string, { path: string; bytes: number }>();
  for (const story of pages) {
    const path = pagePath(story);
    const { bytes } = await get(app, path);
    const type = story.content.component;
    if (path !== "/" && bytes > (largest.get(type)?.bytes ?? -1)) largest.set(type, { path, bytes });
  }
  const targets = [
    ["home", "/"],
    ["404 screen", "/bestaat-niet"],
    ["robots.txt", "/robots.txt"],
    ...[...largest].map(([type, { path }]) => [type, path]),
  ];
  report("memo", {
    afterEveryPage: true,
    pages: pages.length,
    htmlBytes: htmlMemo.bytes,
    htmlParts: htmlMemo.size,
    parsedBytes: parsedCache.bytes,
    parsedEntries: parsedCache.size,
  });
  const measured = [...targets, ["asset miss", "/favicon.ico"]] as Array<[string, string]>;
  const results = await warmMs(
    app,
    measured.map(([, path]) => path),
  );
  for (const [i, [label, path]] of measured.entries()) report("warm", { label, path, ...results[i] });
});

/** A published page of `count` blocks, cycled from the home page's body. */
function generatedStory(count: number): StoredStory {
  const home = snapshot.stories.find((story) => story.full_slug === "home")!;
  const body = ((home.content as StoredBlok).body as StoredBlok[]) ?? [];
  const blocks = Array.from({ length: count }, (_, i) => ({ ...structuredClone(body[i % body.length]!), _uid: `bench-${count}-${i}` }));
  return {
    ...structuredClone(home),
    id: 990_000 + count,
    uuid: `bench0000-0000-4000-8000-${String(count).padStart(12, "0")}`,
    name: `Bench ${count}`,
    slug: `blocks-${count}`,
    full_slug: `bench/blocks-${count}`,
    is_startpage: false,
    content: { ...home.content, _uid: `bench-page-${count}`, title: `Bench ${count}`, body: blocks },
  };
}

it("render time by page size: first request after a publish, and warm", async () => {
  const sizes = [10, 50, 200];
  const stories = sizes.map(generatedStory);
  const emulator = createEmulator({ ...snapshot, stories: [...snapshot.stories, ...stories] });
  let clockOffset = 0;
  const app = createApp({ logSink: () => {}, contentFetch: emulator.fetch, now: () => Date.now() + clockOffset });
  for (const story of stories) {
    const path = `/${story.full_slug}`;
    await get(app, path);
    // A publish moves the cache version; once the site has noticed (its cv check is due again),
    // the first request for the page finds nothing cached for the new version: a content miss.
    emulator.publish(story.full_slug);
    // what the publish webhook records (KV and the cv authority); the isolate's next check sees it
    await recordCacheVersion(emulator.cacheVersion, Date.now() + clockOffset);
    clockOffset += 15 * 60_000;
    let cold = await get(app, path);
    for (let i = 0; i < 5 && !cold.timing.includes('content;desc="miss"'); i++) cold = await get(app, path);
    const [warm] = await warmMs(app, [path]);
    // the same page from a fresh isolate memo with KV warm: what filling the HTML memo costs
    const fresh = createApp({ logSink: () => {}, contentFetch: emulator.fetch, now: () => Date.now() + clockOffset });
    const memoCold = await get(fresh, path);
    report("size", {
      blocks: Number(story.slug.split("-")[1]),
      bytes: warm!.bytes,
      status: warm!.status,
      coldMs: cold.ms,
      coldTiming: cold.timing,
      memoColdMs: memoCold.ms,
      memoColdTiming: memoCold.timing,
      warmMs: warm!.ms,
    });
  }
});

/**
 * Where a warm page's time goes, measured in pieces: the middleware and content layer alone (an
 * asset-like miss runs every middleware, the redirects included), React's streaming renderer on a
 * document that is one ready-made 55 KB string (its fixed cost plus encoding), and a Response of
 * the same string (the ceiling).
 */
it("floor: React streaming a ready-made document, and a constant string", async () => {
  const { createElement } = await import("react");
  const { renderToReadableStream } = await import("react-dom/server.edge");
  const html = `<p>${"x".repeat(54_000)}</p>`;
  const loop = async (label: string, run: () => Promise<unknown>) => {
    for (let i = 0; i < WARMUP; i++) await run();
    const started = performance.now();
    for (let i = 0; i < ROUNDS; i++) await run();
    report("floor", { label, ms: Math.round(((performance.now() - started) / ROUNDS) * 100) / 100 });
  };
  const doc = () =>
    createElement(
      "html",
      null,
      createElement("head", null, createElement("title", null, "x")),
      createElement("body", null, createElement("main", { dangerouslySetInnerHTML: { __html: html } })),
    );
  await loop("renderToReadableStream of one 55 KB string", async () =>
    new Response(await renderToReadableStream(doc(), { nonce: "n" })).arrayBuffer(),
  );
  await loop("Response of a constant 55 KB string", async () => new Response(html).arrayBuffer());
});
