// `node tests/e2e/sites.ts`: the browser tests' sites (servers.ts), each on an empty local state,
// started at once in this one process with tools/local/serve.ts (Playwright starts the web servers
// of its config one after another: three took ~18 s, mostly waiting, before the first test). Prints
// SITES_UP when every site answers; stops them on SIGINT or SIGTERM.
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { serve } from "../../tools/local/serve.ts";
import { SITES, SITES_UP } from "./servers.ts";

const stops = await Promise.all(
  SITES.map(async ({ port, persist, vars = {}, entry }) => {
    await rm(join(REPO_ROOT, persist), { recursive: true, force: true });
    return serve({ port, persist, vars, entry });
  }),
);
console.log(`${SITES_UP}: ${SITES.map(({ port }) => port).join(", ")}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    Promise.all(stops.map((stop) => stop())).finally(() => process.exit(0));
  });
}
