import { BLOB_FIELDS, type VitalsDataPoint, type VitalsDataset } from "./data-point";
import { METRICS } from "../../shared/vitals";

/**
 * The local store of field measurements: Analytics Engine has no local simulation (wrangler dev's
 * binding drops every write), so `npm start`, the browser tests and the workerd tests write the
 * same data points into D1 (`vitals`, migrations/0006_vitals.sql), column for column as Analytics
 * Engine lays them out, with the time of the write. `writeDataPoint` stays synchronous like the
 * binding's: the insert runs after the answer (`defer`, the request's waitUntil).
 */
export function d1Dataset(db: D1Database, defer: (work: Promise<unknown>) => void, now: () => number): VitalsDataset {
  const columns = ["timestamp", "index1", ...BLOB_FIELDS.map((_, i) => `blob${i + 1}`), ...METRICS.map((_, i) => `double${i + 1}`)];
  const insert = `INSERT INTO vitals (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
  return {
    writeDataPoint(point: VitalsDataPoint) {
      defer(
        db
          .prepare(insert)
          .bind(now(), point.indexes[0], ...point.blobs, ...point.doubles)
          .run(),
      );
    },
  };
}
