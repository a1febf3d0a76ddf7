#!/usr/bin/env node
// `npm run bench`: builds, starts the Worker locally (wrangler dev = workerd) and measures, side by
// side in one run, (a) a static asset served by the same Worker and (b) the SSR home page with a
// warm KV cache. Rounds alternate a and b so both see the same machine conditions.
import { spawn, execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = Number(process.env.BENCH_PORT || 8797);
const base = `http://127.0.0.1:${port}`;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 8);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS || 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);

// measure what is deployed: React's production build (wrangler dev defaults to the development one)
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", NODE_ENV: "production" };
execFileSync(process.execPath, ["scripts/build.ts"], { cwd: root, stdio: "inherit", env });
execFileSync(
  process.execPath,
  ["node_modules/wrangler/bin/wrangler.js", "d1", "migrations", "apply", "DB", "--local", "--persist-to", ".wrangler/bench-state"],
  {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env,
  },
);
const server = spawn(
  process.execPath,
  [
    "node_modules/wrangler/bin/wrangler.js",
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--show-interactive-dev-session=false",
    "--log-level",
    "error",
    "--persist-to",
    ".wrangler/bench-state",
    "--var",
    "LOG_LEVEL:error",
  ],
  { cwd: root, stdio: ["ignore", "ignore", "inherit"], env },
);

/** One round of load on one path: every request's latency (ms), and how many were not 200. */
interface Run {
  latencies: number[];
  failures: number;
  ms: number;
}

interface Summary {
  requests: number;
  failures: number;
  rps: number;
  p50: number;
  p99: number;
}

async function waitUntilUp(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/robots.txt`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("worker did not start");
}

async function load(path: string, ms: number): Promise<Run> {
  const latencies: number[] = [];
  const until = performance.now() + ms;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await fetch(base + path);
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, failures, ms };
}

// NaN only when a round measured nothing (it always has at least one request per worker)
const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

function summarise(runs: Run[]): Summary {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((s, r) => s + r.ms, 0) / 1000;
  return {
    requests: latencies.length,
    failures: runs.reduce((s, r) => s + r.failures, 0),
    rps: latencies.length / seconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
  };
}

try {
  await waitUntilUp();
  const asset = "/favicon.svg";
  const page = "/";
  // warm up both (fills KV with the home page and theme)
  await load(asset, 1000);
  await load(page, 1500);
  const results: { asset: Run[]; page: Run[] } = { asset: [], page: [] };
  for (let round = 0; round < ROUNDS; round++) {
    results.asset.push(await load(asset, ROUND_MS));
    results.page.push(await load(page, ROUND_MS));
  }
  const a = summarise(results.asset);
  const b = summarise(results.page);
  const fmt = (name: string, s: Summary) =>
    `${name.padEnd(28)} ${s.rps.toFixed(0).padStart(7)} req/s   p50 ${s.p50.toFixed(1).padStart(6)} ms   p99 ${s.p99.toFixed(1).padStart(6)} ms   (${s.requests} requests, ${s.failures} non-200)`;
  console.log(`\nconcurrency ${CONCURRENCY}, ${ROUNDS} alternating rounds of ${ROUND_MS / 1000} s each\n`);
  console.log(fmt(`(a) static ${asset}`, a));
  console.log(fmt(`(b) SSR ${page} (warm KV)`, b));
  console.log(
    `\nratio b/a: throughput ${(b.rps / a.rps).toFixed(2)}, p50 latency ${(b.p50 / a.p50).toFixed(2)}, p99 latency ${(b.p99 / a.p99).toFixed(2)}`,
  );
} finally {
  server.kill("SIGTERM");
}
