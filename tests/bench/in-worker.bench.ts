/**
 * In-Worker cost of a page, for `npm run bench`: the default exports of the site and of the floor
 * called in a loop inside workerd by the bench entry (tests/bench/entry.ts), one request per batch
 * of calls (no HTTP, no wrangler proxy), warm KV and memos. Three clocks read the same batches:
 *
 * - CPU: the CPU time (the scheduler's ns per thread, /proc) of every workerd process of the run, read from Node
 *   (the BENCH_PROC binding) before and after each batch, divided by the batch's calls. What a
 *   request costs, and what Cloudflare bills.
 * - per call: `performance.now()` around each call, summed. Inside workerd the clock only moves
 *   at I/O, so this reads low (React's stream yields to timers between chunks).
 * - fenced wall: the batch between two `setTimeout(0)`. Counts idle waits on timers too, so it
 *   reads high for React's stream.
 *
 * Every path is warmed first, then measured in interleaved rounds (one batch per path per round),
 * so no path pays alone for the JIT or a collection of garbage the others left. KV round trips of
 * a warm request are counted through a wrapper on the KV binding. Printed as `BENCH {json}` lines
 * that tools/perf/bench.ts reads; nothing is asserted (performance claims come from the bench).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { createEmulator } from "../../src/server/demo/emulator";
import { createParsedCache } from "../../src/server/content/parsed-cache";
import { createApp } from "../../src/server/index";
import { createHtmlMemo } from "../../src/server/render/html-memo";
import type { StoredBlok, StoredStory } from "../helpers/stored";
import { PAGE_CONTENT_TYPES } from "../../src/shared/pages/page-types";
import { recordCacheVersion } from "../helpers/cache-version";
import { migrateD1 } from "../helpers/d1";

const BASE = "http://www.koraal.test";
const FLOOR = "http://floor.internal";
const WARMUP = 20;
const benchEnv = env as unknown as Record<string, string | undefined>;
const ROUNDS = Number(benchEnv.BENCH_WORKER_ROUNDS ?? 64);
const BATCH = Number(benchEnv.BENCH_WORKER_BATCH ?? 25);
/** Calls made to count a warm request's KV round trips. */
const KV_SAMPLE = 10;

// the schema every local run and production have (D1 read once per cache version by a path that is no page)
await migrateD1();

function report(name: string, value: unknown) {
  console.log(`BENCH ${JSON.stringify({ name, value })}`);
}

/** One call of the bench entry's default export, its answer read to the end. */
async function call(url: string, init?: RequestInit) {
  const res = await exports.default.fetch(new Request(url, init));
  const bytes = (await res.arrayBuffer()).byteLength;
  return { bytes, status: res.status, timing: res.headers.get("server-timing") ?? "" };
}

/** One batch of `BATCH` calls of `url`, run inside workerd by the bench entry, read by the three clocks. */
async function batch(url: string): Promise<{ cpu: number; perCall: number; fenced: number; processes: number; clock: string }> {
  const query = new URLSearchParams({ url, n: String(BATCH) });
  return (await exports.default.fetch(new Request(`http://bench.internal/batch?${query}`))).json();
}

/** A Server-Timing entry's duration (ms), 0 when absent. */
const timingOf = (header: string, name: string) =>
  Number(new RegExp(`(?:^|, )${name}(?:;desc="[^"]*")?;dur=([\\d.]+)`).exec(header)?.[1] ?? 0);

interface Target {
  label: string;
  url: string;
  /** The site's own answers (KV round trips counted), or a floor's. */
  site: boolean;
}

/** Ms per call by the three clocks, every target warmed first, then measured in interleaved rounds. */
async function measure(targets: Target[]) {
  for (const { url } of targets) for (let i = 0; i < WARMUP; i++) await call(url);
  const sums = new Map(targets.map((t) => [t.url, { cpu: 0, perCall: 0, fenced: 0, batches: [] as number[] }]));
  let processes = 0;
  let clock = "";
  for (let round = 0; round < ROUNDS; round++) {
    for (const { url } of targets) {
      const run = await batch(url);
      const sum = sums.get(url)!;
      sum.cpu += run.cpu;
      sum.perCall += run.perCall;
      sum.fenced += run.fenced;
      sum.batches.push(run.cpu / BATCH);
      processes = run.processes;
      clock = run.clock;
    }
  }
  const calls = ROUNDS * BATCH;
  const r = (n: number) => Math.round(n * 1000) / 1000;
  /** The batches' CPU per call, lowest, median and highest: how far one batch strays from the mean. */
  const spread = (batches: number[]) => {
    const sorted = batches.toSorted((a, b) => a - b);
    return { low: r(sorted[0]!), median: r(sorted[sorted.length >> 1]!), high: r(sorted.at(-1)!) };
  };
  return {
    processes,
    clock,
    calls,
    byUrl: new Map(
      [...sums].map(([url, s]) => [
        url,
        { cpuMs: r(s.cpu / calls), cpuBatches: spread(s.batches), perCallMs: r(s.perCall / calls), fencedMs: r(s.fenced / calls) },
      ]),
    ),
  };
}

/** KV round trips per warm call of `url` (the wrapper on the KV binding), and which. */
async function kvRoundTrips(url: string) {
  await call("http://bench.internal/kv"); // clears what came before
  for (let i = 0; i < KV_SAMPLE; i++) await call(url);
  const calls = (await (await exports.default.fetch(new Request("http://bench.internal/kv"))).json()) as string[];
  return { kvPerRequest: calls.length / KV_SAMPLE, kvCalls: [...new Set(calls)] };
}

const pagePath = (story: StoredStory) => (story.full_slug === "home" ? "/" : `/${story.full_slug.replace(/\/$/, "")}`);

/** Home, the 404 screen, robots.txt, an asset miss and the largest page of each page type (by its HTML). */
async function siteTargets(): Promise<Target[]> {
  const largest = new Map<string, { path: string; bytes: number }>();
  for (const story of snapshot.stories.filter((s) => PAGE_CONTENT_TYPES.has(s.content.component))) {
    const path = pagePath(story);
    const { bytes } = await call(BASE + path);
    const type = story.content.component;
    if (path !== "/" && bytes > (largest.get(type)?.bytes ?? -1)) largest.set(type, { path, bytes });
  }
  return [
    ["home", "/"],
    ["404 screen", "/bestaat-niet"],
    ["robots.txt", "/robots.txt"],
    ["asset miss", "/favicon.ico"],
    ...[...largest].map(([type, { path }]) => [`${type} (largest)`, path]),
  ].map(([label, path]) => ({ label: label!, url: BASE + path, site: true }));
}

/** The floor Worker's copies of the site's home page and 404 screen: a constant string, and React's stream of it. */
async function floorTargets(): Promise<Target[]> {
  for (const [name, path] of [
    ["home", "/"],
    ["404", "/bestaat-niet"],
  ]) {
    const html = await (await exports.default.fetch(new Request(BASE + path))).text();
    await call(`${FLOOR}/${name}`, { method: "POST", body: html });
  }
  return [
    ["floor: home, a constant string", "/home/constant"],
    ["floor: home, React's stream of it", "/home/react"],
    ["floor: 404, a constant string", "/404/constant"],
    ["floor: 404, React's stream of it", "/404/react"],
  ].map(([label, path]) => ({ label: label!, url: FLOOR + path, site: false }));
}

it("warm pages: CPU per request, the floors in the same run, KV round trips", async () => {
  const targets = [...(await siteTargets()), ...(await floorTargets())];
  const { processes, clock, calls, byUrl } = await measure(targets);
  for (const target of targets) {
    const last = await call(target.url);
    const kv = target.site ? await kvRoundTrips(target.url) : {};
    report("cpu", {
      label: target.label,
      path: target.url.replace(/^https?:\/\/[^/]+/, ""),
      ...byUrl.get(target.url),
      calls,
      processes,
      clock,
      bytes: last.bytes,
      status: last.status,
      contentMs: timingOf(last.timing, "content"),
      renderMs: timingOf(last.timing, "render"),
      ...kv,
    });
  }
});

/** The page-size test drives its own app (its own emulator and clock): one call of its fetch, timed by `performance.now()`. */
async function get(app: ReturnType<typeof createApp>, path: string) {
  const ctx = createExecutionContext();
  const started = performance.now();
  const res = await app.fetch(new Request(BASE + path), env, ctx);
  const bytes = (await res.arrayBuffer()).byteLength;
  const ms = performance.now() - started;
  await waitOnExecutionContext(ctx);
  return { ms, bytes, status: res.status, timing: res.headers.get("server-timing") ?? "" };
}

/** Mean ms per warm call of `path` (per-call clock), after a warm-up. */
async function warmMs(app: ReturnType<typeof createApp>, path: string) {
  for (let i = 0; i < WARMUP; i++) await get(app, path);
  let total = 0;
  let last = await get(app, path);
  for (let i = 0; i < ROUNDS * 4; i++) {
    last = await get(app, path);
    total += last.ms;
  }
  return { ms: Math.round((total / (ROUNDS * 4)) * 100) / 100, bytes: last.bytes, status: last.status };
}

it("memo memory after visiting every page", async () => {
  const htmlMemo = createHtmlMemo();
  const parsedCache = createParsedCache();
  const app = createApp({ logSink: () => {}, htmlMemo, parsedCache });
  const pages = snapshot.stories.filter((story) => PAGE_CONTENT_TYPES.has(story.content.component));
  for (const story of pages) await get(app, pagePath(story));
  report("memo", {
    pages: pages.length,
    htmlBytes: htmlMemo.bytes,
    htmlParts: htmlMemo.size,
    parsedBytes: parsedCache.bytes,
    parsedEntries: parsedCache.size,
  });
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
    const warm = await warmMs(app, path);
    // the same page from a fresh isolate memo with KV warm: what filling the HTML memo costs
    const fresh = createApp({ logSink: () => {}, contentFetch: emulator.fetch, now: () => Date.now() + clockOffset });
    const memoCold = await get(fresh, path);
    report("size", {
      blocks: Number(story.slug.split("-")[1]),
      bytes: warm.bytes,
      status: warm.status,
      coldMs: cold.ms,
      coldTiming: cold.timing,
      memoColdMs: memoCold.ms,
      memoColdTiming: memoCold.timing,
      warmMs: warm.ms,
    });
  }
});
