// `npm run vitals -- --remote`: the same figures from Workers Analytics Engine, computed by its SQL
// API (https://api.cloudflare.com/client/v4/accounts/<account>/analytics_engine/sql, a bearer token
// with Account Analytics Read). One query per metric: a page view without that metric (-1) is left
// out of its quantiles. Every aggregate is weighted by `_sample_interval`, so sampled data points
// count for the page views they stand for.
import { METRICS, type MetricName, THRESHOLDS } from "../../src/shared/vitals.ts";
import { REFUSED, VITALS_DATASET, blobColumn, doubleColumn } from "../../src/server/vitals/data-point.ts";
import { GROUP_BY, type MetricSummary, type Report, sortConnections, sortRefusals, sortSummaries } from "./summary.ts";
import type { Window } from "./window.ts";

/** The query of one metric's figures per page type, language and device class over `window`. */
export function metricQuery(metric: MetricName, window: Window): string {
  const value = doubleColumn(metric);
  const [good, poor] = THRESHOLDS[metric];
  const weighted = (level: number) => `quantileExactWeighted(${level}, ${value}, _sample_interval)`;
  return [
    "SELECT",
    `  ${GROUP_BY.map((field) => `${blobColumn(field)} AS ${field}`).join(", ")},`,
    "  SUM(_sample_interval) AS count,",
    `  ${weighted(0.5)} AS p50,`,
    `  ${weighted(0.75)} AS p75,`,
    `  ${weighted(0.95)} AS p95,`,
    `  sumIf(_sample_interval, ${value} <= ${good}) AS good,`,
    `  sumIf(_sample_interval, ${value} > ${good} AND ${value} <= ${poor}) AS needs_improvement,`,
    `  sumIf(_sample_interval, ${value} > ${poor}) AS poor`,
    `FROM ${VITALS_DATASET}`,
    `WHERE ${since(window)} AND ${value} >= 0`,
    `GROUP BY ${GROUP_BY.join(", ")}`,
    "FORMAT JSON",
  ].join("\n");
}

export interface SqlApi {
  accountId: string;
  token: string;
  fetch: typeof fetch;
  /** How long one query may take. */
  timeoutMs?: number;
}

/** The SQL API's JSON answer (`FORMAT JSON`): column types in `meta`, rows in `data` (numbers may come as strings). */
interface SqlAnswer {
  meta: Array<{ name: string; type: string }>;
  data: Array<Record<string, string | number>>;
  rows: number;
}

export async function runQuery(api: SqlApi, sql: string): Promise<SqlAnswer> {
  const url = `https://api.cloudflare.com/client/v4/accounts/${encodeURIComponent(api.accountId)}/analytics_engine/sql`;
  const res = await api.fetch(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${api.token}` },
    body: sql,
    signal: AbortSignal.timeout(api.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`the Analytics Engine SQL API answered ${res.status}: ${text.slice(0, 500)}`);
  const answer = JSON.parse(text) as SqlAnswer;
  if (!Array.isArray(answer.data)) throw new Error("the Analytics Engine SQL API answered without `data`");
  return answer;
}

/** Every metric's figures from Analytics Engine, in the report's order. */
export async function remoteSummaries(api: SqlApi, window: Window): Promise<MetricSummary[]> {
  const summaries: MetricSummary[] = [];
  for (const metric of METRICS) {
    const { data } = await runQuery(api, metricQuery(metric, window));
    for (const row of data) {
      const count = Number(row.count);
      if (!(count > 0)) continue;
      summaries.push({
        pageType: String(row.pageType),
        lang: String(row.lang),
        device: String(row.device),
        metric,
        count,
        p50: Number(row.p50),
        p75: Number(row.p75),
        p95: Number(row.p95),
        good: Number(row.good) / count,
        needsImprovement: Number(row.needs_improvement) / count,
        poor: Number(row.poor) / count,
      });
    }
  }
  return sortSummaries(summaries);
}

const since = (window: Window) => `timestamp > NOW() - INTERVAL '${window.amount}' ${window.sqlUnit}`;

/** Page views per page type and connection class (refusals left out). */
export function connectionQuery(window: Window): string {
  return [
    `SELECT ${blobColumn("pageType")} AS pageType, ${blobColumn("connection")} AS connection, SUM(_sample_interval) AS views`,
    `FROM ${VITALS_DATASET}`,
    `WHERE ${since(window)} AND index1 != '${REFUSED}'`,
    "GROUP BY pageType, connection",
    "FORMAT JSON",
  ].join("\n");
}

/** Refused beacons per day and reason (src/server/vitals/data-point.ts `refusalPoint`: the reason in blob2). */
export function refusalQuery(window: Window): string {
  return [
    "SELECT toStartOfInterval(timestamp, INTERVAL '1' DAY) AS day, blob2 AS reason, SUM(_sample_interval) AS count",
    `FROM ${VITALS_DATASET}`,
    `WHERE ${since(window)} AND index1 = '${REFUSED}'`,
    "GROUP BY day, reason",
    "FORMAT JSON",
  ].join("\n");
}

/** The whole report from Analytics Engine: the figures, the connection classes, the refusals. */
export async function remoteReport(api: SqlApi, window: Window): Promise<Report> {
  const figures = await remoteSummaries(api, window);
  const connections = (await runQuery(api, connectionQuery(window))).data.map((row) => ({
    pageType: String(row.pageType),
    connection: String(row.connection),
    views: Number(row.views),
  }));
  const refusals = (await runQuery(api, refusalQuery(window))).data.map((row) => ({
    day: String(row.day).slice(0, 10),
    reason: String(row.reason),
    count: Number(row.count),
  }));
  return { figures, connections: sortConnections(connections), refusals: sortRefusals(refusals) };
}
