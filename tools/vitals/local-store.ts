// The local store's rows (the `vitals` table of the D1 database `npm start` and the browser tests
// write to: src/server/vitals/local-dataset.ts), read with `wrangler d1 execute --local`.
import { d1Execute } from "../local/d1-execute.ts";
import type { StoredRow } from "./summary.ts";

/** Every data point written since `sinceMs` (ms since the epoch), in Analytics Engine's columns. */
export function localQuery(sinceMs: number): string {
  return `SELECT blob1, blob2, blob3, blob4, blob5, blob6, double1, double2, double3, double4, double5 FROM vitals WHERE timestamp >= ${Math.floor(sinceMs)}`;
}

export function localRows(sinceMs: number, persistTo?: string): StoredRow[] {
  const args = [
    "d1",
    "execute",
    "DB",
    "--local",
    ...(persistTo ? ["--persist-to", persistTo] : []),
    "--json",
    "--command",
    localQuery(sinceMs),
  ];
  return d1Execute<StoredRow>(args, ["vitals"])[0] ?? [];
}
