// `npm run profile:native [path]` (default the 404 screen, `/bestaat-niet`): where a page's CPU goes
// over HTTP beyond what V8's profiler (`npm run profile`) can see, side by side with React's floor
// for the same page (the bench's floor Worker, tests/bench/floor). Both are served by wrangler dev
// as the bench serves them and loaded in turn by 8 clients. For each it prints:
//
// - CPU ms per request of each process: the workerd that runs the Worker, wrangler's proxy (a
//   second workerd), wrangler (node) and this load generator; from the scheduler (/proc).
// - the Worker's workerd by part of the runtime, from Linux perf's samples with their call chains
//   (perf-samples.ts): JavaScript, the Web APIs it called (headers, streams, text
//   encoding, ...), garbage collection, the answer's gzip, and the request's entry and I/O.
//
// Needs Linux perf (`apt-get install linux-perf`) and the right to profile these processes (root,
// or kernel.perf_event_paranoid <= 1). PROFILE_SECONDS (default 6) per side and round, PROFILE_ROUNDS
// (default 2; which side goes first alternates).
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, copyPageToFloor, startFloorWorker, startLocalWorker, waitUntilUp } from "../local/local-worker.ts";
import { load, type Run } from "./http-load.ts";
import { parsePerfScript, perRequestByCategory } from "./perf-samples.ts";
import { processesCpuMs, wranglerDevRoles } from "./proc-cpu.ts";

const SECONDS = Number(process.env.PROFILE_SECONDS || 6);
const ROUNDS = Number(process.env.PROFILE_ROUNDS || 2);
const port = Number(process.env.BENCH_PORT || 8805);

interface Side {
  label: string;
  url: string;
  /** What every answer's status must be. */
  status: number;
  server: ChildProcess;
  requests: number;
  /** CPU ms by process role, summed over rounds. */
  cpu: Map<string, number>;
  /** The Worker's workerd: CPU ms by part of the runtime, summed over rounds (divided by requests at the end). */
  parts: Map<string, number>;
}

const add = (into: Map<string, number>, key: string, ms: number) => into.set(key, (into.get(key) ?? 0) + ms);
/** `run` on `side`: the answers it counted, each with the status the side answers (a side that fails fast is not faster). */
async function loadSide(side: Side, ms: number): Promise<Run> {
  const run = await load(side.url, ms, side.status);
  if (run.failures) throw new Error(`${side.url} answered other than ${side.status} (${run.failures} times)`);
  return run;
}

/** perf recording the given processes into `file` (call chains by frame pointer, 999 samples a second); resolves once it writes. */
async function startPerf(pids: number[], file: string): Promise<ChildProcess> {
  const perf = spawn("perf", ["record", "-g", "-F", "999", "-o", file, "-p", pids.join(",")], { stdio: ["ignore", "ignore", "pipe"] });
  const failed = new Promise<never>((_, reject) => perf.on("exit", (code) => reject(new Error(`perf record ended (${code})`))));
  for (let i = 0; i < 100; i++) {
    await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 50))]);
    if (statSync(file, { throwIfNoEntry: false })?.size) return perf;
  }
  throw new Error("perf record did not start within 5 s");
}

async function measure(side: Side, dir: string, round: number): Promise<void> {
  const roles = wranglerDevRoles(side.server.pid!);
  const file = join(dir, `${side.label}-${round}.data`);
  const perf = await startPerf(roles.runtime, file);
  const before = { runtime: processesCpuMs(roles.runtime), proxy: processesCpuMs(roles.proxy), wrangler: processesCpuMs(roles.wrangler) };
  // no server named: the run's CPU is the load generator's own
  const { requests, cpuMs: client } = await loadSide(side, SECONDS * 1000);
  add(side.cpu, "load generator (node)", client);
  add(side.cpu, "the Worker's workerd", processesCpuMs(roles.runtime) - before.runtime);
  add(side.cpu, "wrangler's proxy (workerd)", processesCpuMs(roles.proxy) - before.proxy);
  add(side.cpu, "wrangler (node)", processesCpuMs(roles.wrangler) - before.wrangler);
  const stopped = new Promise((resolve) => perf.on("exit", resolve));
  perf.kill("SIGINT");
  await stopped;
  const script = execFileSync("perf", ["script", "-F", "pid,period,ip,sym", "-i", file], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
    stdio: ["ignore", "pipe", "ignore"],
  });
  const samples = parsePerfScript(script);
  for (const pid of roles.runtime) for (const [part, ms] of perRequestByCategory(samples, pid, 1)) add(side.parts, part, ms);
  side.requests += requests;
}

function report(path: string, site: Side, floor: Side): void {
  const row = (label: string, a: number, b: number) =>
    `${label.padEnd(46)} ${a.toFixed(3).padStart(7)} ${b.toFixed(3).padStart(7)} ${(a - b).toFixed(3).padStart(7)}`;
  const header = (title: string) =>
    console.log(`\n${title.padEnd(46)} ${"site".padStart(7)} ${"floor".padStart(7)} ${"extra".padStart(7)}`);
  const per = (side: Side, map: Map<string, number>, key: string) => (map.get(key) ?? 0) / side.requests;
  console.log(`\n${path}: ${site.requests} requests of the site, ${floor.requests} of React's floor for the same page`);
  header("CPU ms per request, by process");
  for (const key of site.cpu.keys()) console.log(row(key, per(site, site.cpu, key), per(floor, floor.cpu, key)));
  header("the Worker's workerd by part (perf samples)");
  const parts = [...new Set([...site.parts.keys(), ...floor.parts.keys()])];
  const extra = (key: string) => per(site, site.parts, key) - per(floor, floor.parts, key);
  for (const key of parts.sort((a, b) => extra(b) - extra(a))) {
    console.log(row(key, per(site, site.parts, key), per(floor, floor.parts, key)));
  }
  const total = (side: Side) => [...side.parts.values()].reduce((sum, ms) => sum + ms, 0) / side.requests;
  console.log(row("all sampled", total(site), total(floor)));
}

/** `npm run profile:native [-- /path]` (default the 404 screen); 2 without Linux perf. */
export async function main([path = "/bestaat-niet"]: string[]): Promise<number> {
  if (spawnSync("perf", ["--version"]).status !== 0) {
    console.error("profile:native needs Linux perf on the PATH (Debian: apt-get install linux-perf)");
    return 2;
  }
  build();
  const base = `http://127.0.0.1:${port}`;
  const floorBase = `http://127.0.0.1:${port + 1}`;
  const siteServer = startLocalWorker({ port, persist: ".wrangler/bench-state", logLevel: "info" });
  let floorServer: ChildProcess | undefined;
  const dir = mkdtempSync(join(tmpdir(), "profile-native-"));
  try {
    await waitUntilUp(base);
    floorServer = startFloorWorker(port + 1);
    // the floor has no robots.txt: it is up once it serves the stylesheet
    const { default: manifest } = (await import(new URL("../../.generated/build.js", import.meta.url).href)) as {
      default: { stylesheet: string };
    };
    await waitUntilUp(floorBase, manifest.stylesheet);
    await copyPageToFloor(floorBase, "page", base + path);
    // the site's page answers as it does (the 404 screen 404), the floor's copy of it 200
    const first = await fetch(base + path);
    await first.arrayBuffer();
    const { status } = first;
    const site: Side = { label: "site", url: base + path, status, server: siteServer, requests: 0, cpu: new Map(), parts: new Map() };
    const floor: Side = {
      label: "floor",
      url: `${floorBase}/page/react`,
      status: 200,
      server: floorServer,
      requests: 0,
      cpu: new Map(),
      parts: new Map(),
    };
    for (const side of [site, floor]) await loadSide(side, 1500); // warm: KV, memos, JIT
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 ? [floor, site] : [site, floor]) await measure(side, dir, round);
    }
    report(path, site, floor);
    return 0;
  } finally {
    siteServer.kill("SIGTERM");
    floorServer?.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}
