// The report's figures: per page type, language and device class, for each metric, the sample
// count, p50/p75/p95 and the shares rated good / needs improvement / poor against Google's
// thresholds. Computed here from the local store's rows, or by Analytics Engine's SQL (sql.ts) with
// the same definitions; printed by one table either way.
import { CONNECTION_TYPES, DEVICE_CLASSES, METRICS, type MetricName, rating, THRESHOLDS } from "../../src/shared/vitals.ts";
import { PAGE_TYPES } from "../../src/shared/pages/page-types.ts";
import { type BlobField, NOT_MEASURED, REFUSED, blobColumn, doubleColumn } from "../../src/server/vitals/data-point.ts";

/** One data point as Analytics Engine lays it out (blob1.., double1..), with its sample weight. */
export type StoredRow = Record<string, string | number | null>;

export interface MetricSummary {
  pageType: string;
  lang: string;
  device: string;
  metric: MetricName;
  /** Page views this stands for (Analytics Engine: the sum of `_sample_interval`). */
  count: number;
  p50: number;
  p75: number;
  p95: number;
  /** Shares from 0 to 1. */
  good: number;
  needsImprovement: number;
  poor: number;
}

/** The value at `level` of weighted values: the first whose running weight reaches ceil(level x total) (ClickHouse's quantileExactWeighted). */
export function weightedQuantile(values: Array<{ value: number; weight: number }>, level: number): number {
  const sorted = [...values].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, v) => sum + v.weight, 0);
  const threshold = Math.max(1, Math.ceil(total * level));
  let running = 0;
  for (const { value, weight } of sorted) {
    running += weight;
    if (running >= threshold) return value;
  }
  return sorted.at(-1)?.value ?? Number.NaN;
}

/** What the report groups by (blob1..blob3). */
export const GROUP_BY: ReadonlyArray<BlobField> = ["pageType", "lang", "device"];

const groupKey = (row: StoredRow) => GROUP_BY.map((field) => String(row[blobColumn(field)])).join("\u0000");

/**
 * The fewest views a percentile is shown for without a warning: five views at least beyond it (a
 * p75 of 20 views is the 15th, five above it; a p95 of 100 the 95th). With fewer, one or two
 * unusual views decide the figure.
 */
export const MIN_VIEWS = { p50: 10, p75: 20, p95: 100 } as const;
export type Percentile = keyof typeof MIN_VIEWS;

/** The percentiles of a line that rest on too few views (MIN_VIEWS). */
export const tooFew = (summary: MetricSummary): Percentile[] =>
  (Object.keys(MIN_VIEWS) as Percentile[]).filter((p) => summary.count < MIN_VIEWS[p]);

/** Page views per page type and connection class (the Network Information API's effectiveType). */
export interface ConnectionCount {
  pageType: string;
  connection: string;
  views: number;
}

/** Refused beacons (src/server/routes/vitals.ts) per day (UTC, YYYY-MM-DD) and reason: counts, nothing about the sender. */
export interface RefusalCount {
  day: string;
  reason: string;
  count: number;
}

/** What the report shows: the figures, the connection classes they come from, the refusals. */
export interface Report {
  figures: MetricSummary[];
  connections: ConnectionCount[];
  refusals: RefusalCount[];
}

const weight = (row: StoredRow) => Number(row._sample_interval ?? 1);
const isRefusal = (row: StoredRow) => row.blob1 === REFUSED;

/** The whole report from the local store's rows (data points of page views and of refusals). */
export function report(rows: StoredRow[]): Report {
  const views = rows.filter((row) => !isRefusal(row));
  const connections = new Map<string, ConnectionCount>();
  for (const row of views) {
    const [pageType, connection] = [String(row[blobColumn("pageType")]), String(row[blobColumn("connection")])];
    const line = connections.get(`${pageType}\u0000${connection}`) ?? { pageType, connection, views: 0 };
    line.views += weight(row);
    connections.set(`${pageType}\u0000${connection}`, line);
  }
  const refusals = new Map<string, RefusalCount>();
  for (const row of rows.filter(isRefusal)) {
    const [day, reason] = [new Date(Number(row.timestamp)).toISOString().slice(0, 10), String(row.blob2)];
    const line = refusals.get(`${day} ${reason}`) ?? { day, reason, count: 0 };
    line.count += weight(row);
    refusals.set(`${day} ${reason}`, line);
  }
  return {
    figures: summarise(views),
    connections: sortConnections([...connections.values()]),
    refusals: sortRefusals([...refusals.values()]),
  };
}

const rank = (list: readonly string[], value: string) => (list.includes(value) ? list.indexOf(value) : list.length);

export const sortConnections = (lines: ConnectionCount[]) =>
  [...lines].sort(
    (a, b) =>
      rank(PAGE_TYPES, a.pageType) - rank(PAGE_TYPES, b.pageType) ||
      rank(CONNECTION_TYPES, a.connection) - rank(CONNECTION_TYPES, b.connection),
  );

export const sortRefusals = (lines: RefusalCount[]) =>
  [...lines].sort((a, b) => a.day.localeCompare(b.day) || b.count - a.count || a.reason.localeCompare(b.reason));

/** Summaries of stored rows (weight `_sample_interval`, 1 where absent), in the report's order. */
export function summarise(rows: StoredRow[]): MetricSummary[] {
  const groups = new Map<string, StoredRow[]>();
  for (const row of rows) groups.set(groupKey(row), [...(groups.get(groupKey(row)) ?? []), row]);
  const summaries: MetricSummary[] = [];
  for (const [key, members] of groups) {
    const [pageType = "", lang = "", device = ""] = key.split("\u0000");
    for (const metric of METRICS) {
      const values = members
        .map((row) => ({ value: Number(row[doubleColumn(metric)]), weight: Number(row._sample_interval ?? 1) }))
        .filter(({ value }) => Number.isFinite(value) && value !== NOT_MEASURED);
      if (!values.length) continue;
      const count = values.reduce((sum, v) => sum + v.weight, 0);
      const share = (r: string) => values.filter((v) => rating(metric, v.value) === r).reduce((sum, v) => sum + v.weight, 0) / count;
      summaries.push({
        pageType,
        lang,
        device,
        metric,
        count,
        p50: weightedQuantile(values, 0.5),
        p75: weightedQuantile(values, 0.75),
        p95: weightedQuantile(values, 0.95),
        good: share("good"),
        needsImprovement: share("needs-improvement"),
        poor: share("poor"),
      });
    }
  }
  return sortSummaries(summaries);
}

/** Page types in the site's order, then language, device class (mobile first) and metric. */
export function sortSummaries(summaries: MetricSummary[]): MetricSummary[] {
  return [...summaries].sort(
    (a, b) =>
      rank(PAGE_TYPES, a.pageType) - rank(PAGE_TYPES, b.pageType) ||
      a.lang.localeCompare(b.lang) ||
      rank(DEVICE_CLASSES, a.device) - rank(DEVICE_CLASSES, b.device) ||
      rank(METRICS, a.metric) - rank(METRICS, b.metric),
  );
}

const formatValue = (metric: MetricName, value: number) => (metric === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`);
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The report as a table, one line per page type, language, device class and metric. */
export function table(summaries: MetricSummary[], heading: string): string {
  if (!summaries.length) return `${heading}\nNo measurements in this window.`;
  const head = ["page type", "lang", "device", "metric", "count", "p50", "p75", "p95", "good", "needs impr.", "poor"];
  const lines = summaries.map((s) => [
    s.pageType,
    s.lang,
    s.device,
    s.metric,
    String(Math.round(s.count)),
    ...(["p50", "p75", "p95"] as const).map((p) => `${formatValue(s.metric, s[p])}${tooFew(s).includes(p) ? "*" : " "}`),
    percent(s.good),
    percent(s.needsImprovement),
    percent(s.poor),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const right = new Set([4, 5, 6, 7, 8, 9, 10]);
  const row = (cells: string[]) =>
    cells
      .map((cell, i) => (right.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  const thresholds = METRICS.map((m) => `${m} ${THRESHOLDS[m].map((t) => (m === "CLS" ? t : `${t} ms`)).join(" / ")}`).join(", ");
  const few = `* too few views to go by: p50 needs ${MIN_VIEWS.p50}, p75 ${MIN_VIEWS.p75}, p95 ${MIN_VIEWS.p95} (five at least beyond it)`;
  return [heading, row(head), row(widths.map((w) => "-".repeat(w))), ...lines.map(row), "", few, `good / poor from: ${thresholds}`].join(
    "\n",
  );
}

/** Page views per connection class, one line per page type. */
export function connectionTable(lines: ConnectionCount[]): string {
  if (!lines.length) return "";
  const types = [...new Set(lines.map((l) => l.pageType))];
  const classes = CONNECTION_TYPES.filter((c) => lines.some((l) => l.connection === c));
  const cells = types.map((t) => [
    t,
    ...classes.map((c) => String(Math.round(lines.find((l) => l.pageType === t && l.connection === c)?.views ?? 0))),
  ]);
  return aligned("Page views per connection class (the browser's effective type)", ["page type", ...classes], cells);
}

/** Refused beacons per day and reason. */
export function refusalTable(lines: RefusalCount[]): string {
  const heading = "Beacons refused or not counted, per day (UTC) and reason";
  if (!lines.length) return `${heading}\nNone in this window.`;
  return aligned(
    heading,
    ["day", "reason", "count"],
    lines.map((l) => [l.day, l.reason, String(Math.round(l.count))]),
  );
}

/** A heading and columns: text left, columns of numbers right. */
function aligned(heading: string, head: string[], cells: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((line) => line[i]!.length)));
  const numeric = head.map((_, i) => cells.every((line) => /^\d+$/.test(line[i]!)));
  const row = (line: string[]) =>
    line
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [heading, row(head), row(widths.map((w) => "-".repeat(w))), ...cells.map(row)].join("\n");
}
