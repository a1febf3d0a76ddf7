// `node tests/e2e/sites.ts`: the browser tests' sites (servers.ts), each on an empty local state,
// started at once in this one process with tools/local/serve.ts (Playwright starts the web servers
// of its config one after another: three took ~18 s, mostly waiting, before the first test). Prints
// SITES_UP when every site answers; stops them on SIGINT or SIGTERM.
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { serve } from "../../tools/local/serve.ts";
import { startTurnstileStandIn } from "../stand-ins/turnstile/server.ts";
import { SITES, SITES_UP, TURNSTILE_STAND_IN_PORT } from "./servers.ts";

// Siteverify and the widget's script for the Turnstile site (the real ones cannot be reached offline)
const turnstile = await startTurnstileStandIn(TURNSTILE_STAND_IN_PORT);

const stops = await Promise.all(
  SITES.map(async ({ port, persist, vars = {}, entry }) => {
    await rm(join(REPO_ROOT, persist), { recursive: true, force: true });
    return serve({ port, persist, vars, entry });
  }),
);
console.log(`${SITES_UP}: ${SITES.map(({ port }) => port).join(", ")}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    Promise.all([...stops.map((stop) => stop()), turnstile.close()]).finally(() => process.exit(0));
  });
}
