// `npm run bench:pair -- <checkout A> <checkout B> [path ...]`: two builds of the site side by side
// over HTTP, for a change whose effect is smaller than the spread between two `npm run bench` runs.
// Each checkout must be built (`NODE_ENV=production node scripts/build.ts` in it; a git worktree
// with this one's node_modules linked will do). Both are served by wrangler dev the way the bench
// serves the site; then, per path, rounds alternate which of the two is loaded first (8 clients,
// PAIR_ROUND_MS each), and each round's throughput of B is divided by A's just before or after it.
// Prints per path the median ratio B/A with its range, and the median CPU per request of each
// wrangler dev's processes with the load generator's. Every answer must have the status A gave the
// first request (a side that fails fast is not faster). The same checkout twice shows the
// harness's own spread (about +-0.03 here).
import { SITE_ENV, startLocalWorker, waitUntilUp } from "../local/local-worker.ts";
import { load, median, type Run } from "./http-load.ts";

const ROUNDS = Number(process.env.PAIR_ROUNDS || 12);
const ROUND_MS = Number(process.env.PAIR_ROUND_MS || 2000);
const port = Number(process.env.BENCH_PORT || 8771);

/** `npm run bench:pair -- <checkout A> <checkout B> [path ...]`. */
export async function main([dirA, dirB, ...paths]: string[]): Promise<number> {
  if (!dirA || !dirB) throw new Error("usage: npm run bench:pair -- <checkout A> <checkout B> [path ...]");
  const sides = [dirA, dirB].map((cwd, i) => ({ cwd, base: `http://127.0.0.1:${port + i}` }));
  // one after the other: each migrates its own state first
  const servers = [];
  try {
    for (const [i, side] of sides.entries()) {
      servers.push(startLocalWorker({ port: port + i, persist: `.wrangler/bench-pair-${i}`, logLevel: "info", cwd: side.cwd }));
      await waitUntilUp(side.base);
    }
    console.log(`paired over HTTP, ${ROUNDS} rounds of ${ROUND_MS / 1000} s per side, 8 clients (NODE_ENV ${SITE_ENV.NODE_ENV})`);
    for (const path of paths.length ? paths : ["/", "/bestaat-niet"]) {
      // one request alone on each side first (a cold cache's origin calls stay inside the token bucket), then a warm-up
      let status = 0; // A's
      for (const side of sides) {
        const first = await fetch(side.base + path);
        await first.arrayBuffer();
        status ||= first.status;
      }
      for (const [i, side] of sides.entries()) await load(side.base + path, 1000, status, servers[i]!.pid);
      const ratios: number[] = [];
      const cpu: number[][] = [[], []];
      for (let round = 0; round < ROUNDS; round++) {
        const runs: Run[] = [];
        for (const i of round % 2 ? [1, 0] : [0, 1]) runs[i] = await load(sides[i]!.base + path, ROUND_MS, status, servers[i]!.pid);
        const failed = runs.findIndex((run) => run.failures > 0);
        if (failed !== -1) throw new Error(`${path}: side ${"AB"[failed]} answered other than ${status} (${runs[failed]!.failures} times)`);
        ratios.push(runs[1]!.requests / runs[0]!.requests);
        for (const i of [0, 1]) cpu[i]!.push(runs[i]!.cpuMs / runs[i]!.requests);
      }
      const range = `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`;
      console.log(
        `${path.padEnd(24)} B/A ${median(ratios).toFixed(3)} (${range})  CPU ms per request (server and load generator) A ${median(cpu[0]!).toFixed(2)}, B ${median(cpu[1]!).toFixed(2)}`,
      );
    }
    return 0;
  } finally {
    for (const server of servers) server.kill("SIGTERM");
  }
}
