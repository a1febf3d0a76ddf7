import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tools/chromium.ts";
import { SITE_ENV } from "./tools/local/local-worker";
import { PORT, SITES_UP } from "./tests/e2e/servers";

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
  // every site of tests/e2e/servers.ts at once, in one process (tests/e2e/sites.ts), from the build
  // the test script made: Playwright starts the servers of a list one after another
  webServer: {
    command: "node tests/e2e/sites.ts",
    wait: { stdout: new RegExp(SITES_UP) },
    env: SITE_ENV,
    timeout: 90_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
