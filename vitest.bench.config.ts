import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// `npm run bench` only (never `npm test`): the app's fetch called in a loop inside workerd, with
// React's production build (NODE_ENV reaches process.env through nodejs_compat) and error-only logs.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: { LOG_LEVEL: "error", NODE_ENV: "production", BENCH_WORKER_ROUNDS: process.env.BENCH_WORKER_ROUNDS ?? "200" },
      },
    }),
  ],
  test: { name: "bench", include: ["tests/bench/*.bench.ts"], testTimeout: 300_000 },
});
