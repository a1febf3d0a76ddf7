import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { WRANGLER } from "../../tools/local/local-worker.ts";

/**
 * The data points a local site wrote to its field-measurement store (the `vitals` table of its D1
 * state) since `sinceMs`. Read from the store, not from the page: Chromium sends a beacon of a page
 * being left after the page is gone, where Playwright (and DevTools) no longer see its requests.
 */
export function storedVitals(state: string, sinceMs: number): Array<Record<string, string | number>> {
  const sql = `SELECT * FROM vitals WHERE timestamp >= ${Math.floor(sinceMs)} ORDER BY id`;
  const output = execFileSync(
    process.execPath,
    [WRANGLER, "d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql],
    {
      cwd: REPO_ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    },
  );
  return (JSON.parse(output) as Array<{ results: Array<Record<string, string | number>> }>)[0]!.results;
}
