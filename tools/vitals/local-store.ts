// The local store's rows (the `vitals` table of the D1 database `npm start` and the browser tests
// write to: src/server/vitals/local-dataset.ts), read from wrangler's local state (../local/d1-execute.ts).
import { d1Statements } from "../local/d1-execute.ts";
import type { StoredRow } from "./summary.ts";

/** Every data point written since `sinceMs` (ms since the epoch), in Analytics Engine's columns, with its time. */
export function localQuery(sinceMs: number): string {
  return `SELECT timestamp, blob1, blob2, blob3, blob4, blob5, blob6, double1, double2, double3, double4, double5 FROM vitals WHERE timestamp >= ${Math.floor(sinceMs)}`;
}

export function localRows(sinceMs: number, persistTo?: string): StoredRow[] {
  return d1Statements<StoredRow>({ remote: false, persistTo }, [localQuery(sinceMs)], ["vitals"])[0] ?? [];
}
