import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/e2e/chromium";

const PORT = Number(process.env.E2E_PORT || 8799);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: "off",
  },
  webServer: {
    // the built site, exactly as `npm start` serves it (the test script builds first), D1 migrated first
    command:
      "node node_modules/wrangler/bin/wrangler.js d1 migrations apply DB --local --persist-to .wrangler/e2e-state && " +
      `node node_modules/wrangler/bin/wrangler.js dev --ip 127.0.0.1 --port ${PORT} --show-interactive-dev-session=false --persist-to .wrangler/e2e-state`,
    url: `http://127.0.0.1:${PORT}/robots.txt`,
    env: { WRANGLER_SEND_METRICS: "false", NODE_ENV: "production" },
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
