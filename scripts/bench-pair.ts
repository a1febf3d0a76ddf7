#!/usr/bin/env node
// `npm run bench:pair -- <checkout A> <checkout B> [path ...]`: two builds of the site side by side
// over HTTP, for a change whose effect is smaller than the spread between two `npm run bench` runs.
// Each checkout must be built (`NODE_ENV=production node scripts/build.ts` in it; a git worktree
// with this one's node_modules linked will do). Both are served by wrangler dev the way the bench
// serves the site; then, per path, rounds alternate which of the two is loaded first (8 clients,
// PAIR_ROUND_MS each), and each round's throughput of B is divided by A's just before or after it.
// Prints per path the median ratio B/A with its range, and the median CPU per request of each
// wrangler dev's processes. The same checkout twice shows the harness's own spread (about +-0.03
// here).
import { BENCH_ENV, startLocalWorker, waitUntilUp } from "./local-worker.ts";
import { treeCpuMs } from "./proc-cpu.ts";

const [dirA, dirB, ...paths] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error("usage: npm run bench:pair -- <checkout A> <checkout B> [path ...]");
const ROUNDS = Number(process.env.PAIR_ROUNDS || 12);
const ROUND_MS = Number(process.env.PAIR_ROUND_MS || 2000);
const CONCURRENCY = 8;
const port = Number(process.env.BENCH_PORT || 8771);

/** Requests answered and the CPU ms the serving wrangler dev spent, `ms` of 8 clients on `url`. */
async function load(url: string, ms: number, pid: number | undefined) {
  const cpuBefore = treeCpuMs(pid);
  let requests = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await (await fetch(url)).arrayBuffer();
        requests++;
      }
    }),
  );
  return { requests, cpuMs: treeCpuMs(pid) - cpuBefore };
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1] ?? Number.NaN;
const sides = [dirA, dirB].map((cwd, i) => ({ cwd, base: `http://127.0.0.1:${port + i}` }));
// one after the other: each migrates its own state first
const servers = [];
try {
  for (const [i, side] of sides.entries()) {
    servers.push(startLocalWorker({ port: port + i, persist: `.wrangler/bench-pair-${i}`, logLevel: "info", cwd: side.cwd }));
    await waitUntilUp(side.base);
  }
  console.log(
    `paired over HTTP, ${ROUNDS} rounds of ${ROUND_MS / 1000} s per side, ${CONCURRENCY} clients (NODE_ENV ${BENCH_ENV.NODE_ENV})`,
  );
  for (const path of paths.length ? paths : ["/", "/bestaat-niet"]) {
    for (const [i, side] of sides.entries()) {
      // one request alone first (a cold cache's origin calls stay inside the token bucket), then a warm-up
      await (await fetch(side.base + path)).arrayBuffer();
      await load(side.base + path, 1000, servers[i]!.pid);
    }
    const ratios: number[] = [];
    const cpu: number[][] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      const runs: Array<{ requests: number; cpuMs: number }> = [];
      for (const i of round % 2 ? [1, 0] : [0, 1]) runs[i] = await load(sides[i]!.base + path, ROUND_MS, servers[i]!.pid);
      ratios.push(runs[1]!.requests / runs[0]!.requests);
      for (const i of [0, 1]) cpu[i]!.push(runs[i]!.cpuMs / runs[i]!.requests);
    }
    const range = `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`;
    console.log(
      `${path.padEnd(24)} B/A ${median(ratios).toFixed(3)} (${range})  CPU ms per request A ${median(cpu[0]!).toFixed(2)}, B ${median(cpu[1]!).toFixed(2)}`,
    );
  }
} finally {
  for (const server of servers) server.kill("SIGTERM");
}
