import { readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Two projects: everything that touches the Worker runs inside workerd with real KV (workers);
// checks that need Node itself (OpenAPI schema validation with ajv, which compiles code at
// run time and so cannot run in workerd, and build output inspection) run in Node (node).

// D1 migrations (migrations/) are read here in Node and applied inside workerd by the setup file.
const migrations = await readD1Migrations("./migrations");
// The space round trip's snapshot, for tests/integration/space-round-trip-pages.test.ts (only when
// tests/node/space-round-trip.test.ts runs it).
const roundTrip: Record<string, string> = process.env.ROUND_TRIP_SNAPSHOT_FILE
  ? { ROUND_TRIP_SNAPSHOT: readFileSync(process.env.ROUND_TRIP_SNAPSHOT_FILE, "utf8") }
  : {};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: { bindings: { LOG_LEVEL: "error", TEST_MIGRATIONS: migrations, ...roundTrip } },
          }),
        ],
        test: {
          name: "workers",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
          setupFiles: ["./tests/helpers/fresh-isolate.ts"],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "node",
          environment: "node",
          include: ["tests/node/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
