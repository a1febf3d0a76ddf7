import { readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { LongestFirst } from "./tests/helpers/longest-first";
import { LOCAL_VARS } from "./tools/local/local-worker.ts";

// Everything that touches the Worker runs inside workerd with real KV (project workerd): pure
// modules and blocks (tests/unit), the whole Worker (tests/integration). Checks that need Node
// itself (OpenAPI schema validation with ajv, which compiles code at run time and so cannot run in
// workerd, and build output inspection) run in Node (node); the Node tests that start servers or run whole commands as child
// processes (wrangler dev, wrangler deploy and d1, space:push, a second vitest) take tens of
// seconds each and run in `npm test` only (node-slow). `npm run check` runs the other two.

// D1 migrations (migrations/) are read here in Node and applied inside workerd by the setup file.
const migrations = await readD1Migrations("./migrations");
// The space round trip's snapshot, for tests/integration/space-round-trip-pages.test.ts (only when
// tests/node/space-round-trip.test.ts runs it).
const roundTrip: Record<string, string> = process.env.ROUND_TRIP_SNAPSHOT_FILE
  ? { ROUND_TRIP_SNAPSHOT: readFileSync(process.env.ROUND_TRIP_SNAPSHOT_FILE, "utf8") }
  : {};

/**
 * The Worker's own settings (wrangler.toml) in workerd, with the test bindings and the vars every
 * local run has (`LOCAL_VARS`: field measurements into the local D1 store). NODE_ENV (workerd puts
 * the bindings in `process.env`) picks React's production build, as the deployed bundle has it
 * (wrangler bundles with NODE_ENV=production), with the project's JSX compiled for it (`oxc`).
 */
const workerd = () =>
  cloudflareTest({
    wrangler: { configPath: "./wrangler.toml" },
    miniflare: {
      bindings: { ...LOCAL_VARS, LOG_LEVEL: "error", TEST_MIGRATIONS: migrations, ...roundTrip, NODE_ENV: "production" },
    },
  });

/** Node tests that start servers or whole commands (seconds to tens of seconds each): `npm test` only. */
const SLOW_NODE_TESTS = [
  "tests/node/local-site.test.ts", // wrangler dev of the built site, and content:health three times
  "tests/node/space-push.test.ts", // mapi:local three times and space:push six times, as child processes
  "tests/node/space-push-resume.test.ts", // the whole demo space pushed ~30 times in-process (~11 s of CPU)
  "tests/node/smoke.test.ts", // wrangler dev of the built site, npm run smoke ~10 times (3 as child processes)
  "tests/node/space-round-trip.test.ts", // a second vitest, in workerd
  "tests/node/subscribers.test.ts", // wrangler d1 execute, three times
  "tests/node/worker-bundle.test.ts", // wrangler deploy --dry-run (bundles the Worker)
  "tests/node/cloudflare-wrangler.test.ts", // real wrangler (~15 commands) against the Cloudflare API stand-in
  "tests/node/deploy.test.ts", // npm run deploy ten times and rollback once, real wrangler against the Cloudflare API stand-in, one wrangler dev site
];

export default defineConfig({
  test: {
    // Four files at a time on two cores: much of the integration time is waiting (a hanging
    // origin's timeout, workerd's I/O). Measured on a quiet machine, the vitest part of `npm run
    // check` took 93 s with two workers and 84 s with four (one worker, the default here: ~190 s).
    maxWorkers: 4,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // pure modules and single blocks (unit/), the whole Worker (integration/): one project, so
        // their files share each worker's workerd and module graph (two projects had a workerd and
        // a module graph each, per worker). The setup file gives each file empty storage, as a
        // workerd of its own did (per-isolate state lives in each app).
        plugins: [workerd()],
        // React's production build has no jsxDEV: the JSX compiled as the Worker's bundle compiles it
        oxc: { jsx: { development: false } },
        test: {
          name: "workerd",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
          setupFiles: ["./tests/helpers/fresh-isolate.ts"],
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "node",
          environment: "node",
          include: ["tests/node/**/*.test.ts"],
          exclude: SLOW_NODE_TESTS,
          // one module graph for all files (none stubs globals or the environment): importing the
          // content model, the build and TypeScript once instead of per file saves ~10 s
          isolate: false,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "node-slow",
          environment: "node",
          include: SLOW_NODE_TESTS,
          // four of these at once on two cores, each running wrangler or a second workerd: a step that
          // takes ~25 s alone (subscribers' --erase) took over 60 s beside the deploy's test
          testTimeout: 180_000,
        },
      },
    ],
  },
});
