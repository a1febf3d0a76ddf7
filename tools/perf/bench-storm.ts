// `npm run bench:storm`: builds, starts the Worker locally (wrangler dev = workerd, local KV) and
// plays the attack the bounded content hot path was built against (docs/decisions/005) on a warm site, side by side in one run:
//   (1) cached pages alone, then (2) the same cached pages during a storm of 200 unique unknown
//   URLs, 100 out-of-range listing pages and 150 unique misses timed 3 s before the cache
//   version in KV expires.
// It reports (a) KV entries added by the storm, counted with `wrangler kv key list` on the local
// persist directory (the same store the Worker writes; no debug route in the Worker), (b) origin
// calls made, counted from the Worker's own `content.origin` log lines (one per API request),
// and (c) p50/max latency of the cached pages with and without the storm.
// Only 127.0.0.1 is asked; at most ~1,000 requests in well under two minutes.
import { type ChildProcess, execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { SITE_ENV, build, startLocalWorker, WRANGLER, waitUntilUp } from "../local/local-worker.ts";
import { REPO_ROOT } from "../repo-root.ts";

const port = Number(process.env.BENCH_PORT || 8761);
const base = `http://127.0.0.1:${port}`;
const persist = ".wrangler/bench-storm-state";
const CACHED = ["/", "/contact", "/cases"];
// long enough to span the cv expiry plus the isolate's 10 s memo, so the background refresh falls inside
const PROBE_MS = 16_000;
/** Storm requests in flight at once (BENCH_STORM_CONCURRENCY): wrangler dev runs one workerd thread, so this is CPU sharing too. */
const STORM_CONCURRENCY = Number(process.env.BENCH_STORM_CONCURRENCY || 8);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function run(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: REPO_ROOT, env: SITE_ENV, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

interface KvKey {
  name: string;
  expiration?: number;
}

function kvKeys(): KvKey[] {
  return JSON.parse(run([WRANGLER, "kv", "key", "list", "--binding", "CONTENT_CACHE", "--local", "--persist-to", persist])) as KvKey[];
}

async function timedGet(path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(base + path, { redirect: "manual" });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** Asks for the cached pages one after another, round after round, for `ms`. */
async function probe(ms: number): Promise<{ latencies: number[]; statuses: number[] }> {
  const latencies: number[] = [];
  const statuses: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    for (const path of CACHED) {
      const { status, ms: took } = await timedGet(path);
      latencies.push(took);
      statuses.push(status);
    }
  }
  return { latencies, statuses };
}

/** Sends every path with at most `concurrency` in flight; returns the statuses seen. */
async function flood(paths: string[], concurrency: number): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const { status } = await timedGet(paths[next++]!);
        counts.set(status, (counts.get(status) ?? 0) + 1);
      }
    }),
  );
  return counts;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const summary = (latencies: number[]) => ({ p50: percentile(latencies, 50), max: Math.max(...latencies), n: latencies.length });
const statusText = (counts: Map<number, number>) => [...counts].map(([status, n]) => `${n}x ${status}`).join(", ");

/** How many `content.origin` lines (one per API request) the Worker has logged so far. */
function originCallCounter(server: ChildProcess): () => number {
  let originCalls = 0;
  let buffered = "";
  server.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line.includes('"event":"content.origin"')) originCalls++;
  });
  return () => originCalls;
}

/** The cached pages probed while unknown URLs and listing pages flood in, and misses start 3 s before the cv expires. */
async function storm(expiry: number) {
  const unknown = Array.from({ length: 200 }, (_, i) => `/onbekend-${i}-${Date.now()}`);
  const listing = Array.from({ length: 100 }, (_, i) => (i % 2 ? `/?pagina=${10 + i}` : `/cases?pagina=${10 + i}`));
  const misses = Array.from({ length: 150 }, (_, i) => `/cases/gemist-${i}`);
  const since = (at: number) => `${((Date.now() - at) / 1000).toFixed(1)} s after the cv expired`;
  const [stormy, unknownStatus, listingStatus, missStatus] = await Promise.all([
    probe(PROBE_MS),
    flood(unknown, STORM_CONCURRENCY / 2).finally(() => console.log(`unknown URLs done ${since(expiry)}`)),
    flood(listing, STORM_CONCURRENCY / 2).finally(() => console.log(`listing pages done ${since(expiry)}`)),
    sleep(expiry - 3000 - Date.now()).then(() =>
      flood(misses, STORM_CONCURRENCY).finally(() => console.log(`misses done ${since(expiry)}`)),
    ),
  ]);
  console.log(
    `\nstorm (${STORM_CONCURRENCY} in flight): 200 unknown URLs (${statusText(unknownStatus)}), 100 listing pages (${statusText(listingStatus)}), 150 misses (${statusText(missStatus)})`,
  );
  return stormy;
}

function printLatencies(quiet: number[], stormy: { latencies: number[]; statuses: number[] }): void {
  const a = summary(quiet);
  const b = summary(stormy.latencies);
  const fmt = (label: string, s: ReturnType<typeof summary>) =>
    `${label.padEnd(34)} p50 ${s.p50.toFixed(1).padStart(7)} ms   max ${s.max.toFixed(1).padStart(7)} ms   (${s.n} requests)`;
  console.log(`(c) cached pages ${CACHED.join(" ")}:`);
  console.log(fmt("    without the storm", a));
  console.log(fmt("    during the storm", b));
  console.log(
    `    ratio during/without: p50 ${(b.p50 / a.p50).toFixed(2)}, max ${(b.max / a.max).toFixed(2)}; non-200 during the storm: ${stormy.statuses.filter((s) => s !== 200).length}`,
  );
}

/** `npm run bench:storm`. */
export async function main(): Promise<number> {
  rmSync(`${REPO_ROOT}/${persist}`, { recursive: true, force: true });
  build();
  const server = startLocalWorker({ port, persist, logLevel: "info", stdout: "pipe" });
  const originCalls = originCallCounter(server);
  try {
    await waitUntilUp(base);
    for (let round = 0; round < 3; round++) for (const path of CACHED) await timedGet(path);
    // a live site's warm state: a publish's webhook kept the cache version's learned redirects
    // (one KV entry per version); here the first path that is no page does it
    await timedGet("/bestaat-niet");
    const quiet = await probe(PROBE_MS);

    const keysBefore = kvKeys();
    const cvExpires = keysBefore.find((key) => key.name === "cv:current")?.expiration;
    if (!cvExpires) throw new Error("cv:current has no expiration in KV");
    const callsBefore = originCalls();
    console.log(
      `\nwarm: ${keysBefore.length} KV entries, ${callsBefore} origin calls; cv:current expires in ${((cvExpires * 1000 - Date.now()) / 1000).toFixed(1)} s, storm starts 4 s before`,
    );
    await sleep(cvExpires * 1000 - 4000 - Date.now());
    const stormy = await storm(cvExpires * 1000);
    await sleep(500); // deferred KV writes (waitUntil) land
    const keysAfter = kvKeys();
    const added = keysAfter.filter((key) => !keysBefore.some((before) => before.name === key.name)).map((key) => key.name);

    console.log(`(a) KV entries added by the storm:  ${added.length}${added.length ? ` (${added.join(", ")})` : ""}`);
    console.log(`(b) origin calls during the storm:  ${originCalls() - callsBefore}`);
    printLatencies(quiet.latencies, stormy);
    return 0;
  } finally {
    server.kill("SIGTERM");
  }
}
