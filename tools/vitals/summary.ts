// The report's figures: per page type, language and device class, for each metric, the sample
// count, p50/p75/p95 and the shares rated good / needs improvement / poor against Google's
// thresholds. Computed here from the local store's rows, or by Analytics Engine's SQL (sql.ts) with
// the same definitions; printed by one table either way.
import { DEVICE_CLASSES, METRICS, type MetricName, rating, THRESHOLDS } from "../../src/shared/vitals.ts";
import { PAGE_TYPES } from "../../src/shared/pages/page-types.ts";
import { type BlobField, NOT_MEASURED, blobColumn, doubleColumn } from "../../src/server/vitals/data-point.ts";

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
  const rank = (list: readonly string[], value: string) => (list.includes(value) ? list.indexOf(value) : list.length);
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
    formatValue(s.metric, s.p50),
    formatValue(s.metric, s.p75),
    formatValue(s.metric, s.p95),
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
  return [heading, row(head), row(widths.map((w) => "-".repeat(w))), ...lines.map(row), "", `good / poor from: ${thresholds}`].join("\n");
}
