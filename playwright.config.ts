import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/e2e/chromium";
import { localVarArgs, SITE_ENV } from "./tools/local/local-worker";
import { LATE_PORT, PORT, TRACKING_PORT, TRACKING_SETTINGS, TRACKING_STATE } from "./tests/e2e/servers";

const wrangler = "node node_modules/wrangler/bin/wrangler.js";
/** wrangler's dev server on `port` without its reloading file watchers (tools/local/serve.ts). */
const serve = (port: number) => `node tools/local/serve.ts --port ${port}`;
/** The built site, as `npm start` serves it (the test script builds first, local vars included), D1 migrated first. */
const site = (port: number, state: string, vars: Record<string, string> = {}) =>
  `${wrangler} d1 migrations apply DB --local --persist-to ${state} && ${serve(port)} --persist-to ${state} ${localVarArgs(vars).join(" ")}`;

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
  webServer: [
    {
      command: site(PORT, ".wrangler/e2e-state"),
      url: `http://127.0.0.1:${PORT}/robots.txt`,
      env: SITE_ENV,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // the same site with tag manager, consent banner and sales tracking on (tests/e2e/third-party.spec.ts)
      command: site(TRACKING_PORT, TRACKING_STATE, TRACKING_SETTINGS),
      url: `http://127.0.0.1:${TRACKING_PORT}/robots.txt`,
      env: SITE_ENV,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // every request a first view with late listings (tests/e2e/layout-shift.spec.ts)
      command: `${serve(LATE_PORT)} tests/e2e/late-content-worker.ts --persist-to .wrangler/e2e-late-state`,
      url: `http://127.0.0.1:${LATE_PORT}/robots.txt`,
      env: SITE_ENV,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
