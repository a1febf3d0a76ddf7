// `npm run bench:cold` (and the end of `npm run bench`): what a fresh isolate costs. Starts the
// built Worker with `wrangler dev` (workerd, the minified bundle wrangler.toml deploys, the log
// settings npm start uses), waits until it serves a static asset (which never reaches the Worker),
// then times the first request for the home page (the isolate's first: its code compiled lazily,
// memos empty, the embedded space loaded) and the five after it. Reports the first minus the median
// of those five (the warm cost), median of `BENCH_COLD_STARTS` (3) starts. One start before them, not counted, fills local KV, so every
// counted start finds KV warm as a new isolate in production does; and before its first request each
// counted start reads one entry through wrangler dev's own local KV service (warmLocalKv), whose
// first read after a start is a cost of the local simulator, not of the isolate. Each start is followed by one of
// the floor Worker (React's stream of a copy of the page): what wrangler dev and React's first
// render cost a fresh isolate here, whatever the site does.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SITE_ENV, build, WRANGLER, startFloorWorker, startLocalWorker, waitUntilUp, warmLocalKv } from "../local/local-worker.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { median } from "./http-load.ts";

async function timed(url: string): Promise<{ ms: number; timing: string }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - started, timing: res.headers.get("server-timing") ?? "" };
}

/** How many requests after the first make the warm figure (their median). */
const WARM_REQUESTS = 5;

/** One start: ms of the first request for `/`, the second, and a warm one. */
interface Start {
  first: number;
  second: number;
  /**
   * The median of the WARM_REQUESTS after the first: what a request costs once the isolate is
   * warm. The second alone would flatter the first: the first's background work (its cache-version
   * check, started once the first page has gone out) runs beside the second.
   */
  warm: number;
  /** Server-Timing of the first request (content, render). */
  firstTiming: string;
  /** ms of the local KV service's first read, before the first request (warmLocalKv). */
  kvWarmUp?: number;
}

/**
 * One start: ms of the first request for `/` and of those after it. The floor (tests/bench/floor): the
 * same for React's stream of a copy of the home page, its first request after the copy was put
 * in; it pays wrangler dev's own first HTML answer (its proxy rewrites and compresses HTML) and
 * React's first render, nothing of the site.
 */
async function start(port: number, stylesheet: string, floorHtml?: string): Promise<Start> {
  const base = `http://127.0.0.1:${port}`;
  const server = floorHtml ? startFloorWorker(port) : startLocalWorker({ port, persist: ".wrangler/bench-cold", logLevel: "info" });
  try {
    await waitUntilUp(base, stylesheet);
    if (floorHtml) await fetch(`${base}/home`, { method: "POST", body: floorHtml });
    const kvWarmUp = await warmLocalKv(base);
    const path = floorHtml ? "/home/react" : "/";
    const first = await timed(base + path);
    const after: number[] = [];
    for (let i = 0; i < WARM_REQUESTS; i++) after.push((await timed(base + path)).ms);
    return { first: first.ms, second: after[0]!, warm: median(after), firstTiming: first.timing, kvWarmUp };
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

/** The modules `wrangler deploy` would upload (a dry run, wrangler.toml's production settings), KB raw. */
export function bundleSizes(): Array<{ module: string; kb: number }> {
  const out = mkdtempSync(join(tmpdir(), "bench-bundle-"));
  try {
    execFileSync(process.execPath, [WRANGLER, "deploy", "--dry-run", "--outdir", out], { cwd: REPO_ROOT, env: SITE_ENV, stdio: "ignore" });
    return readdirSync(out, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".js"))
      .map((file) => ({ module: file, kb: statSync(join(out, file)).size / 1024 }));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The home page's HTML, from a start of the site (for the floor's copy). */
async function homeHtml(port: number, stylesheet: string): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const server = startLocalWorker({ port, persist: ".wrangler/bench-cold", logLevel: "info" });
  try {
    await waitUntilUp(base, stylesheet);
    return await (await fetch(`${base}/`)).text();
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

export async function coldBench(port: number, starts = Number(process.env.BENCH_COLD_STARTS || 3)) {
  const modules = bundleSizes();
  console.log(
    `\nWorker bundle (wrangler deploy --dry-run): ${modules.map((m) => `${m.module} ${m.kb.toFixed(1)} KB`).join(", ")} raw; the main module (index.js) goal <= 450 KB, the embedded space is loaded only without a token`,
  );
  const { default: manifest } = (await import(pathToFileURL(join(REPO_ROOT, ".generated/build.js")).href)) as {
    default: { stylesheet: string };
  };
  await start(port, manifest.stylesheet); // fills local KV; not counted
  const runs: Start[] = [];
  const floors: Start[] = [];
  let home = "";
  for (let i = 0; i < starts; i++) {
    runs.push(await start(port, manifest.stylesheet));
    if (!home) home = await homeHtml(port, manifest.stylesheet);
    floors.push(await start(port, manifest.stylesheet, home));
  }
  const extra = median(runs.map((r) => r.first - r.warm));
  const floorExtra = median(floors.map((r) => r.first - r.warm));
  console.log(
    `\nCold start (wrangler dev, home page, KV and wrangler's local KV service warm): first request minus the median of the ${WARM_REQUESTS} after it, ${starts} starts, each next to a start of the floor`,
  );
  for (const [i, r] of runs.entries()) {
    const f = floors[i]!;
    console.log(
      `  start ${i + 1}: first ${r.first.toFixed(1)} ms, second ${r.second.toFixed(1)}, warm ${r.warm.toFixed(1)}, first minus warm ${(r.first - r.warm).toFixed(1)} ms (first: ${r.firstTiming}; the local KV service's first read before it ${r.kvWarmUp?.toFixed(1) ?? "-"} ms); floor: ${f.first.toFixed(1)} - ${f.warm.toFixed(1)} = ${(f.first - f.warm).toFixed(1)} ms`,
    );
  }
  console.log(
    `  median difference ${extra.toFixed(1)} ms (goal <= 20 ms); the floor's (React's stream of the same page) ${floorExtra.toFixed(1)} ms`,
  );
  return { runs, extraMs: extra, floorExtraMs: floorExtra };
}

/** `npm run bench:cold`: builds, then the cold start alone (`npm run bench` measures it last, on the same port). */
export async function main(): Promise<number> {
  build();
  await coldBench(Number(process.env.BENCH_PORT || 8797) + 2);
  return 0;
}
