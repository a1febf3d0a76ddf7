#!/usr/bin/env node
// `npm run bench`: builds, starts the Worker locally (wrangler dev = workerd, React's production
// build) and measures, side by side in one run against the same Worker, the site's stylesheet
// served as a static asset and every answer that matters: /robots.txt, the 404 screen, home and
// the largest page of each page type. Each round loads every target in turn (concurrency 8), each
// right after a load of the stylesheet; each target is reported as its throughput divided by the
// stylesheet's just before it (min-max over the rounds, and the median), and by CPU: the CPU time
// per request of the serving wrangler dev's processes and of the load generator, the stylesheet's
// divided by the target's (a second reading of the same loads, and where the time goes). Next to it the
// floor (tests/bench/floor): a second Worker with the same stylesheet that sends a copy of the home
// page as a constant string and as React's stream of that one string, and the 404 screen as
// React's stream, each against its own stylesheet: what an HTML answer of that size can reach
// under wrangler dev on this machine in the same run.
// Then it runs the in-Worker harness (tests/bench/in-worker.bench.ts: the app's fetch in a loop
// inside workerd) and prints its figures: ms per warm page, page-size scaling, memo memory.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { BENCH_ENV, build as buildSite, ROOT, startLocalWorker, waitUntilUp } from "./local-worker.ts";

const port = Number(process.env.BENCH_PORT || 8797);
const base = `http://127.0.0.1:${port}`;
/** The floor (tests/bench/floor): what an HTML answer can reach here, measured in the same run. */
const floorPort = port + 1;
const floorBase = `http://127.0.0.1:${floorPort}`;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 8);
// HTTP rounds and their length; the in-Worker harness has its own count (BENCH_WORKER_ROUNDS, 200)
const ROUND_MS = Number(process.env.BENCH_ROUND_MS || 1500);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const SKIP_HTTP = process.env.BENCH_SKIP_HTTP === "1";

buildSite();
const { default: build } = (await import(new URL("../.generated/build.js", import.meta.url).href)) as { default: { stylesheet: string } };
const { default: snapshot } = (await import(new URL("../.generated/snapshot.js", import.meta.url).href)) as {
  default: { stories: Array<{ full_slug: string; content: { component: string } }> };
};
const { PAGE_CONTENT_TYPES } = await import("../src/shared/page-types.ts");

interface Run {
  requests: number;
  failures: number;
  latencies: number[];
  ms: number;
  /** CPU time of the serving wrangler dev (all its processes) and of this load generator. */
  cpuMs: number;
}

async function load(url: string, ms: number, expected: number, serverPid?: number): Promise<Run> {
  const cpuBefore = treeCpuMs(serverPid) + clientCpuMs();
  const latencies: number[] = [];
  const until = performance.now() + ms;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== expected) failures++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { requests: latencies.length, failures, latencies, ms, cpuMs: treeCpuMs(serverPid) + clientCpuMs() - cpuBefore };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? Number.NaN;

/**
 * CPU time (ms) of a process and everything it started (wrangler dev: its node process and the
 * workerd processes that run the proxy, the entry and the Worker), from /proc; 0 where there is no /proc.
 */
function treeCpuMs(root: number | undefined): number {
  if (root === undefined) return 0;
  const stats = new Map<number, { parent: number; ticks: number }>();
  let pids: string[] = [];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      // after the command's closing parenthesis: state, ppid, ..., utime (12th), stime (13th)
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      stats.set(Number(pid), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0;
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { parent }] of stats) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  for (const pid of tree) ticks += stats.get(pid)?.ticks ?? 0;
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** This process's CPU time (ms): the load generator, which also decompresses every answer. */
const clientCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function httpBench(): Promise<void> {
  const server = startLocalWorker({ port, persist: ".wrangler/bench-state", logLevel: "error" });
  let floor: ReturnType<typeof startLocalWorker> | undefined;
  try {
    await waitUntilUp(base);
    // one after the other: two wrangler dev starting at once can pick the same free port
    floor = startLocalWorker({
      port: floorPort,
      persist: ".wrangler/bench-floor",
      logLevel: "error",
      config: "tests/bench/floor/wrangler.toml",
    });
    await waitUntilUp(floorBase, build.stylesheet);
    // the floor's copies of the site's home page and 404 screen
    for (const [name, path] of [
      ["home", "/"],
      ["404", "/bestaat-niet"],
    ]) {
      const html = await (await fetch(base + path)).text();
      await fetch(`${floorBase}/${name}`, { method: "POST", body: html });
    }
    // the largest page of each page type, by its HTML (this also fills KV and the isolate's memos)
    const largest = new Map<string, { path: string; bytes: number }>();
    for (const story of snapshot.stories) {
      const type = story.content.component;
      if (!PAGE_CONTENT_TYPES.has(type) || story.full_slug === "home" || story.full_slug.startsWith("team/")) continue;
      const path = `/${story.full_slug.replace(/\/$/, "")}`;
      const bytes = (await (await fetch(base + path)).arrayBuffer()).byteLength;
      if (bytes > (largest.get(type)?.bytes ?? -1)) largest.set(type, { path, bytes });
    }
    const stylesheet = { label: "stylesheet (static asset)", base, path: build.stylesheet, status: 200, pid: server.pid };
    const floorStylesheet = { ...stylesheet, label: "floor: stylesheet (static asset)", base: floorBase, pid: floor?.pid };
    const targets = [
      { label: "/robots.txt", path: "/robots.txt", status: 200 },
      { label: "404 screen", path: "/bestaat-niet", status: 404 },
      { label: "/favicon.ico (asset miss)", path: "/favicon.ico", status: 404 },
      { label: "home", path: "/", status: 200 },
      ...[...largest].map(([type, { path }]) => ({ label: `${type} (largest)`, path, status: 200 })),
    ].map((target) => ({ ...target, base, pid: server.pid, reference: stylesheet }));
    const floorTargets = [
      { label: "floor: home, a constant string", path: "/home/constant" },
      { label: "floor: home, React's stream of it", path: "/home/react" },
      { label: "floor: 404, React's stream of it", path: "/404/react" },
    ].map((target) => ({ ...target, base: floorBase, pid: floor?.pid, status: 200, reference: floorStylesheet }));
    targets.push(...floorTargets);
    for (const target of [stylesheet, floorStylesheet, ...targets]) await load(target.base + target.path, 500, target.status); // warm-up
    const ratios = new Map<string, number[]>();
    const cpuRatios = new Map<string, number[]>();
    const runs = new Map<string, Run[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        // the stylesheet right before each target: a ratio compares two loads a moment apart,
        // so the machine's drift over a round (other work, thermal) does not enter it
        const reference = await load(target.reference.base + target.reference.path, ROUND_MS, 200, target.reference.pid);
        runs.set(target.reference.label, [...(runs.get(target.reference.label) ?? []), reference]);
        const run = await load(target.base + target.path, ROUND_MS, target.status, target.pid);
        runs.set(target.label, [...(runs.get(target.label) ?? []), run]);
        ratios.set(target.label, [...(ratios.get(target.label) ?? []), run.requests / reference.requests]);
        const cpuRatio = reference.cpuMs / reference.requests / (run.cpuMs / run.requests);
        cpuRatios.set(target.label, [...(cpuRatios.get(target.label) ?? []), cpuRatio]);
      }
    }
    console.log(
      `\nHTTP, wrangler dev, concurrency ${CONCURRENCY}, ${ROUNDS} rounds of ${ROUND_MS / 1000} s per target, each after as long a load of the stylesheet`,
    );
    console.log(
      `${"target".padEnd(34)} ${"path".padEnd(36)} ${"req/s".padStart(6)} ${"p50 ms".padStart(6)} ${"CPU ms".padStart(6)}  ratio: throughput (median, min-max) | CPU (median, min-max)`,
    );
    const spread = (r: number[] | undefined) =>
      r ? `${median(r).toFixed(2)} (${Math.min(...r).toFixed(2)}-${Math.max(...r).toFixed(2)})` : "1";
    for (const target of [stylesheet, ...targets.slice(0, -floorTargets.length), floorStylesheet, ...floorTargets]) {
      const all = runs.get(target.label) ?? [];
      const rps = all.reduce((s, r) => s + r.requests, 0) / (all.reduce((s, r) => s + r.ms, 0) / 1000);
      const p50 = pct(
        all.flatMap((r) => r.latencies),
        50,
      );
      const failures = all.reduce((s, r) => s + r.failures, 0);
      const cpu = all.reduce((s, r) => s + r.cpuMs, 0) / all.reduce((s, r) => s + r.requests, 0);
      const ratio = `${spread(ratios.get(target.label)).padEnd(17)} | ${spread(cpuRatios.get(target.label))}`;
      console.log(
        `${target.label.padEnd(34)} ${target.path.slice(0, 36).padEnd(36)} ${rps.toFixed(0).padStart(6)} ${p50.toFixed(1).padStart(6)} ${cpu.toFixed(2).padStart(6)}  ${ratio}${failures ? `  (${failures} unexpected statuses)` : ""}`,
      );
    }
  } finally {
    server.kill("SIGTERM");
    floor?.kill("SIGTERM");
  }
}

/** The in-Worker harness: `BENCH {json}` lines from vitest inside workerd. */
function inWorkerBench(): Array<{ name: string; value: Record<string, unknown> }> {
  const out = execFileSync(
    process.execPath,
    ["node_modules/vitest/vitest.mjs", "run", "-c", "vitest.bench.config.ts", "tests/bench/in-worker.bench.ts"],
    {
      cwd: ROOT,
      env: BENCH_ENV,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return out
    .split("\n")
    .map((line) => /BENCH (\{.*\})/.exec(line)?.[1])
    .filter((json): json is string => Boolean(json))
    .map((json) => JSON.parse(json));
}

if (!SKIP_HTTP) await httpBench();
const lines = inWorkerBench();
const of = (name: string) => lines.filter((line) => line.name === name).map((line) => line.value);
console.log("\nIn-Worker (the app's fetch in a loop inside workerd, warm KV and memos), ms per request:");
console.log(
  `${"page".padEnd(16)} ${"path".padEnd(44)} ${"ms".padStart(6)} ${"content".padStart(8)} ${"to 1st byte".padStart(12)} ${"bytes".padStart(8)}`,
);
for (const v of of("warm")) {
  console.log(
    `${String(v.label).padEnd(16)} ${String(v.path).padEnd(44)} ${String(v.ms).padStart(6)} ${String(v.contentMs).padStart(8)} ${String(v.firstByteRenderMs).padStart(12)} ${String(v.bytes).padStart(8)}`,
  );
}
for (const v of of("floor")) console.log(`floor: ${v.label}: ${v.ms} ms`);
console.log(
  "\nPage size (generated story, blocks cycled from home): first request after a publish (KV and memo cold), memo cold with KV warm, warm:",
);
for (const v of of("size")) {
  console.log(
    `${String(v.blocks).padStart(4)} blocks ${String(v.bytes).padStart(7)} bytes: after publish ${v.coldMs} ms (${v.coldTiming}), memo cold ${v.memoColdMs} ms, warm ${v.warmMs} ms`,
  );
}
for (const v of of("memo")) {
  const mb = (n: unknown) => (Number(n) / 1024 / 1024).toFixed(2);
  console.log(
    `\nMemo after visiting every page (${v.pages} pages): HTML ${mb(v.htmlBytes)} MB in ${v.htmlParts} parts, parsed KV ${mb(v.parsedBytes)} MB in ${v.parsedEntries} entries (bounds 8 MB and 24 MB; isolate limit 128 MB)`,
  );
}
