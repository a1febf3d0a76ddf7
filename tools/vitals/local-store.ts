// The local store's rows (the `vitals` table of the D1 database `npm start` and the browser tests
// write to: src/server/vitals/local-dataset.ts), read with `wrangler d1 execute --local`.
import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "../repo-root.ts";
import { WRANGLER } from "../local/local-worker.ts";
import type { StoredRow } from "./summary.ts";

/** Every data point written since `sinceMs` (ms since the epoch), in Analytics Engine's columns. */
export function localQuery(sinceMs: number): string {
  return `SELECT blob1, blob2, blob3, blob4, blob5, blob6, double1, double2, double3, double4, double5 FROM vitals WHERE timestamp >= ${Math.floor(sinceMs)}`;
}

export function localRows(sinceMs: number, persistTo?: string): StoredRow[] {
  const args = [
    WRANGLER,
    "d1",
    "execute",
    "DB",
    "--local",
    ...(persistTo ? ["--persist-to", persistTo] : []),
    "--json",
    "--command",
    localQuery(sinceMs),
  ];
  let output: string;
  try {
    output = execFileSync(process.execPath, args, {
      cwd: REPO_ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const detail = `${stdout ?? ""}${stderr ?? ""}`;
    if (/no such table: vitals/.test(detail))
      throw new Error("the local store has no `vitals` table yet: run `npm start` once (it applies the D1 migrations)");
    throw new Error(`wrangler d1 execute failed\n${detail}`);
  }
  const answer = JSON.parse(output.slice(output.indexOf("["))) as Array<{ results?: StoredRow[] }>;
  return answer[0]?.results ?? [];
}
