import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { workerdCpuMs } from "./tools/perf/proc-cpu.ts";
import { LOCAL_VARS } from "./tools/local/local-worker.ts";

// `npm run bench` only (never `npm test`): the site's and the floor's fetch called in a loop inside
// workerd (tests/bench/entry.ts), with React's production build (NODE_ENV reaches process.env
// through nodejs_compat) and the settings `npm start` uses (wrangler.toml: LOG_LEVEL info, the
// sampled request line). BENCH_PROC answers, from Node, the CPU time the workerd processes this
// run started have used so far (/proc), so the harness can read it before and after a batch.
// D1 gets the schema of migrations/, as every local run and production have it (a path that is no
// page reads the learned redirects from it once per cache version).
const migrations = await readD1Migrations("./migrations");
export default defineConfig({
  plugins: [
    cloudflareTest({
      main: "./tests/bench/entry.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // the vars every local run has (LOCAL_VARS: the local subscriber key, so each page carries its
        // view token as a deployed one does, and the local vitals store), as the tests wire the site
        bindings: {
          ...LOCAL_VARS,
          NODE_ENV: "production",
          TEST_MIGRATIONS: migrations,
          BENCH_WORKER_ROUNDS: process.env.BENCH_WORKER_ROUNDS ?? "64",
          BENCH_WORKER_BATCH: process.env.BENCH_WORKER_BATCH ?? "25",
        },
        serviceBindings: { BENCH_PROC: async () => Response.json(workerdCpuMs(process.pid)) },
      },
    }),
  ],
  test: { name: "bench", include: ["tests/bench/*.bench.ts"], testTimeout: 600_000 },
});
