/**
 * One page view's beacon as one Workers Analytics Engine data point, and the layout the report's
 * SQL reads (tools/vitals/): which blob and double holds what. The local store (local-dataset.ts)
 * keeps the same columns, so one layout serves both.
 *
 * - index1: the page type. Analytics Engine samples per index value, so each page type keeps its
 *   own share of samples: a rare type (a vacancy) is not thinned out by the busy home page.
 * - blob1..blob6: page type, language, device class, navigation type, connection type, build id
 *   (the report groups by the first three).
 * - double1..double5: LCP, CLS, INP, FCP, TTFB; NOT_MEASURED (-1) where the browser had none
 *   (INP without an interaction, a metric the browser does not support).
 */
import { METRICS, type Beacon, type MetricName } from "../../shared/vitals.ts";

/** The dataset name in wrangler.toml (`analytics_engine_datasets`): the SQL API's table. */
export const VITALS_DATASET = "agency_site_vitals";

export const BLOB_FIELDS = ["pageType", "lang", "device", "navigation", "connection", "build"] as const;
export type BlobField = (typeof BLOB_FIELDS)[number];

/** A double's value when the page view has no such metric. */
export const NOT_MEASURED = -1;

/** What Analytics Engine's `writeDataPoint` takes, as this site fills it (every field present). */
export interface VitalsDataPoint {
  indexes: [string];
  blobs: string[];
  doubles: number[];
}

/** Where the data points go: the Analytics Engine binding, or the local store with its interface. */
export interface VitalsDataset {
  writeDataPoint(point: VitalsDataPoint): void;
}

export const blobColumn = (field: BlobField): string => `blob${BLOB_FIELDS.indexOf(field) + 1}`;
export const doubleColumn = (metric: MetricName): string => `double${METRICS.indexOf(metric) + 1}`;

export function dataPoint(beacon: Beacon): VitalsDataPoint {
  return {
    indexes: [beacon.pageType],
    blobs: BLOB_FIELDS.map((field) => beacon[field]),
    doubles: METRICS.map((metric) => beacon.metrics[metric] ?? NOT_MEASURED),
  };
}

/**
 * Why a beacon was not counted, one data point each (issue 53: refusals shown beside the figures):
 * index1 and blob1 REFUSED, blob2 the reason, no other blob, every double NOT_MEASURED, so the
 * metric queries (values >= 0) never see one. Nothing about the sender: the report counts them per
 * reason and day.
 */
export const REFUSED = "refused";
export const REFUSAL_REASONS = [
  "cross-site",
  "media-type",
  "no-key",
  "network-limit",
  "too-large",
  "malformed",
  "token-missing",
  "token-forged",
  "token-expired",
  "site-limit",
  "replayed",
  "over-share",
  "ledger-down",
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export function refusalPoint(reason: RefusalReason): VitalsDataPoint {
  return {
    indexes: [REFUSED],
    blobs: BLOB_FIELDS.map((_, i) => (i === 0 ? REFUSED : i === 1 ? reason : "")),
    doubles: METRICS.map(() => NOT_MEASURED),
  };
}
