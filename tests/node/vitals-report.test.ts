import { describe, expect, it } from "vitest";
import { connectionQuery, metricQuery, refusalQuery, remoteReport, remoteSummaries } from "../../tools/vitals/sql.ts";
import { connectionTable, refusalTable, report, summarise, table, tooFew, weightedQuantile } from "../../tools/vitals/summary.ts";
import { parseArgs } from "../../tools/vitals/vitals.ts";
import { parseWindow } from "../../tools/vitals/window.ts";

// `npm run vitals` (tools/vitals/): the figures from the local store's rows, the SQL sent to Workers
// Analytics Engine and its answer read back (a stubbed SQL API answering as Cloudflare documents it).

/** A stored data point in Analytics Engine's columns (blob1.. page type, language, device, ...; double1.. LCP, CLS, INP, FCP, TTFB). */
const row = (pageType: string, device: string, [lcp, cls, inp, fcp, ttfb]: number[], lang = "nl") => ({
  blob1: pageType,
  blob2: lang,
  blob3: device,
  blob4: "navigate",
  blob5: "4g",
  blob6: "0123456789",
  double1: lcp!,
  double2: cls!,
  double3: inp!,
  double4: fcp!,
  double5: ttfb!,
});

describe("npm run vitals: the figures", () => {
  it("takes weighted quantiles as Analytics Engine's quantileExactWeighted does", () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((value) => ({ value, weight: 1 }));
    expect([0.5, 0.75, 0.95].map((level) => weightedQuantile(values, level))).toEqual([5, 8, 10]);
    // a sampled point counts for the page views it stands for
    expect(
      weightedQuantile(
        [
          { value: 100, weight: 1 },
          { value: 900, weight: 9 },
        ],
        0.5,
      ),
    ).toBe(900);
  });

  it("groups by page type, language and device class, leaves out metrics not measured, and rates each value", () => {
    const rows = [
      row("Page", "mobile", [2000, 0, 150, 900, 100]),
      row("Page", "mobile", [3000, 0.2, -1, 1000, 200]),
      row("Page", "mobile", [5000, 0.3, 600, 1100, 300]),
      row("Vacancy", "desktop", [800, 0, -1, 700, 50], "en"),
    ];
    const summaries = summarise(rows);
    expect(summaries.map((s) => `${s.pageType} ${s.lang} ${s.device} ${s.metric} ${s.count}`)).toEqual([
      "Page nl mobile LCP 3",
      "Page nl mobile CLS 3",
      "Page nl mobile INP 2",
      "Page nl mobile FCP 3",
      "Page nl mobile TTFB 3",
      "Vacancy en desktop LCP 1",
      "Vacancy en desktop CLS 1",
      "Vacancy en desktop FCP 1",
      "Vacancy en desktop TTFB 1",
    ]);
    expect(summaries[0]).toEqual({
      pageType: "Page",
      lang: "nl",
      device: "mobile",
      metric: "LCP",
      count: 3,
      p50: 3000,
      p75: 5000,
      p95: 5000,
      good: 1 / 3,
      needsImprovement: 1 / 3,
      poor: 1 / 3,
    });
    expect(summaries[2]).toMatchObject({ metric: "INP", p50: 150, good: 0.5, poor: 0.5 });
    const printed = table(summaries, "heading");
    expect(printed.split("\n").slice(0, 4)).toEqual([
      "heading",
      "page type  lang  device   metric  count       p50       p75       p95  good  needs impr.  poor",
      "---------  ----  -------  ------  -----  --------  --------  --------  ----  -----------  ----",
      "Page       nl    mobile   LCP         3  3000 ms*  5000 ms*  5000 ms*   33%          33%   33%",
    ]);
    expect(printed).toContain("\n* too few views to go by: p50 needs 10, p75 20, p95 100 (five at least beyond it)\n");
    expect(table([], "heading")).toBe("heading\nNo measurements in this window.");
  });

  it("says which percentiles rest on too few views: p50 below 10, p75 below 20, p95 below 100", () => {
    const line = (count: number) => ({ ...summarise([row("Page", "mobile", [1, 0, 1, 1, 1])])[0]!, count });
    expect([9, 10, 19, 20, 99, 100].map((count) => tooFew(line(count)))).toEqual([
      ["p50", "p75", "p95"],
      ["p75", "p95"],
      ["p75", "p95"],
      ["p95"],
      ["p95"],
      [],
    ]);
    const printed = table([line(20)], "heading").split("\n")[3];
    expect(printed).toBe("Page       nl    mobile  LCP        20  1 ms   1 ms   1 ms*  100%           0%    0%");
  });

  it("shows listings apart from other pages, the connection classes, and the refusals per day and reason (nothing about a sender)", () => {
    const at = (iso: string, fields: Record<string, unknown>) => ({ timestamp: Date.parse(iso), ...fields });
    const refused = (iso: string, reason: string) =>
      at(iso, {
        blob1: "refused",
        blob2: reason,
        blob3: "",
        blob4: "",
        blob5: "",
        blob6: "",
        double1: -1,
        double2: -1,
        double3: -1,
        double4: -1,
        double5: -1,
      });
    const rows = [
      at("2026-12-01T10:00:00Z", { ...row("Listing", "mobile", [2000, 0, -1, 900, 100]), blob5: "3g" }),
      at("2026-12-01T11:00:00Z", row("Listing", "mobile", [2100, 0, -1, 950, 100])),
      at("2026-12-01T12:00:00Z", { ...row("Page", "desktop", [900, 0, -1, 700, 80]), blob5: "unknown" }),
      refused("2026-12-01T12:00:00Z", "over-share"),
      refused("2026-12-01T23:59:59Z", "over-share"),
      refused("2026-12-02T00:00:00Z", "token-forged"),
    ];
    const { figures, connections, refusals } = report(rows);
    expect([...new Set(figures.map((f) => f.pageType))]).toEqual(["Page", "Listing"]);
    expect(figures.find((f) => f.pageType === "Listing" && f.metric === "LCP")?.count).toBe(2);
    expect(connections).toEqual([
      { pageType: "Page", connection: "unknown", views: 1 },
      { pageType: "Listing", connection: "3g", views: 1 },
      { pageType: "Listing", connection: "4g", views: 1 },
    ]);
    expect(connectionTable(connections).split("\n")).toEqual([
      "Page views per connection class (the browser's effective type)",
      "page type  3g  4g  unknown",
      "---------  --  --  -------",
      "Page        0   0        1",
      "Listing     1   1        0",
    ]);
    expect(refusalTable(refusals).split("\n")).toEqual([
      "Beacons refused or not counted, per day (UTC) and reason",
      "day         reason        count",
      "----------  ------------  -----",
      "2026-12-01  over-share        2",
      "2026-12-02  token-forged      1",
    ]);
    expect(refusalTable([])).toBe("Beacons refused or not counted, per day (UTC) and reason\nNone in this window.");
  });

  it("reads its options and the time window", () => {
    expect(parseArgs([])).toEqual({ remote: false, json: false, since: "7d" });
    expect(parseArgs(["--remote", "--since", "24h", "--json"])).toEqual({ remote: true, json: true, since: "24h" });
    expect(parseArgs(["--persist-to", ".wrangler/e2e-state"])).toMatchObject({ persistTo: ".wrangler/e2e-state" });
    expect(() => parseArgs(["--remote", "--persist-to", "x"])).toThrow("--remote and --persist-to exclude each other");
    expect(() => parseArgs(["--since"])).toThrow("--since needs a value");
    expect(parseWindow("30m")).toMatchObject({ amount: 30, sqlUnit: "MINUTE", ms: 1_800_000 });
    expect(parseWindow("7d")).toMatchObject({ amount: 7, sqlUnit: "DAY", ms: 604_800_000 });
    expect(() => parseWindow("1w")).toThrow("--since must be a number of minutes, hours or days");
    expect(() => parseWindow("7d; DROP TABLE")).toThrow("--since must be");
  });
});

describe("npm run vitals --remote: Analytics Engine's SQL API", () => {
  it("asks one weighted query per metric, grouped by the blobs the layout names", () => {
    expect(metricQuery("LCP", parseWindow("7d"))).toBe(
      [
        "SELECT",
        "  blob1 AS pageType, blob2 AS lang, blob3 AS device,",
        "  SUM(_sample_interval) AS count,",
        "  quantileExactWeighted(0.5, double1, _sample_interval) AS p50,",
        "  quantileExactWeighted(0.75, double1, _sample_interval) AS p75,",
        "  quantileExactWeighted(0.95, double1, _sample_interval) AS p95,",
        "  sumIf(_sample_interval, double1 <= 2500) AS good,",
        "  sumIf(_sample_interval, double1 > 2500 AND double1 <= 4000) AS needs_improvement,",
        "  sumIf(_sample_interval, double1 > 4000) AS poor",
        "FROM agency_site_vitals",
        "WHERE timestamp > NOW() - INTERVAL '7' DAY AND double1 >= 0",
        "GROUP BY pageType, lang, device",
        "FORMAT JSON",
      ].join("\n"),
    );
    expect(metricQuery("CLS", parseWindow("24h"))).toContain("sumIf(_sample_interval, double2 <= 0.1) AS good");
    expect(metricQuery("TTFB", parseWindow("24h"))).toContain("INTERVAL '24' HOUR AND double5 >= 0");
  });

  it("reads the SQL API's JSON answer (meta, data, rows; numbers as strings too) into the report's figures", async () => {
    const requests: Array<{ url: string; auth: string | null; sql: string }> = [];
    const stub = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const sql = String(init?.body);
      requests.push({ url: String(input), auth: new Headers(init?.headers).get("authorization"), sql });
      // the shape Cloudflare documents for FORMAT JSON: column names and types, then the rows
      const answer = {
        meta: ["pageType", "lang", "device", "count", "p50", "p75", "p95", "good", "needs_improvement", "poor"].map((name) => ({
          name,
          type: ["pageType", "lang", "device"].includes(name) ? "String" : "Float64",
        })),
        data: sql.includes("double1 >= 0")
          ? [
              {
                pageType: "Vacancy",
                lang: "en",
                device: "desktop",
                count: 10,
                p50: 900,
                p75: 1200,
                p95: 2600,
                good: 9,
                needs_improvement: 1,
                poor: 0,
              },
              {
                pageType: "Page",
                lang: "nl",
                device: "mobile",
                count: "40",
                p50: "1800",
                p75: "2400",
                p95: "4200",
                good: "30",
                needs_improvement: "6",
                poor: "4",
              },
            ]
          : [],
        rows: sql.includes("double1 >= 0") ? 2 : 0,
        rows_before_limit_at_least: sql.includes("double1 >= 0") ? 2 : 0,
      };
      return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
    }) as typeof fetch;
    const summaries = await remoteSummaries({ accountId: "0123abcd", token: "secret-token", fetch: stub }, parseWindow("7d"));
    expect(requests).toHaveLength(5);
    expect(requests[0]).toMatchObject({
      url: "https://api.cloudflare.com/client/v4/accounts/0123abcd/analytics_engine/sql",
      auth: "Bearer secret-token",
    });
    expect(summaries).toEqual([
      {
        pageType: "Page",
        lang: "nl",
        device: "mobile",
        metric: "LCP",
        count: 40,
        p50: 1800,
        p75: 2400,
        p95: 4200,
        good: 0.75,
        needsImprovement: 0.15,
        poor: 0.1,
      },
      {
        pageType: "Vacancy",
        lang: "en",
        device: "desktop",
        metric: "LCP",
        count: 10,
        p50: 900,
        p75: 1200,
        p95: 2600,
        good: 0.9,
        needsImprovement: 0.1,
        poor: 0,
      },
    ]);
  });

  it("asks for the connection classes and the refusals per day and reason, and reads them back", async () => {
    expect(connectionQuery(parseWindow("7d"))).toBe(
      [
        "SELECT blob1 AS pageType, blob5 AS connection, SUM(_sample_interval) AS views",
        "FROM agency_site_vitals",
        "WHERE timestamp > NOW() - INTERVAL '7' DAY AND index1 != 'refused'",
        "GROUP BY pageType, connection",
        "FORMAT JSON",
      ].join("\n"),
    );
    expect(refusalQuery(parseWindow("24h"))).toBe(
      [
        "SELECT toStartOfInterval(timestamp, INTERVAL '1' DAY) AS day, blob2 AS reason, SUM(_sample_interval) AS count",
        "FROM agency_site_vitals",
        "WHERE timestamp > NOW() - INTERVAL '24' HOUR AND index1 = 'refused'",
        "GROUP BY day, reason",
        "FORMAT JSON",
      ].join("\n"),
    );
    const stub = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const sql = String(init?.body);
      const data = sql.includes("AS connection")
        ? [{ pageType: "Vacancy", connection: "4g", views: "12" }]
        : sql.includes("AS reason")
          ? [{ day: "2026-12-01 00:00:00", reason: "over-share", count: "7" }]
          : [];
      return new Response(JSON.stringify({ meta: [], data, rows: data.length }));
    }) as typeof fetch;
    expect(await remoteReport({ accountId: "a", token: "t", fetch: stub }, parseWindow("7d"))).toEqual({
      figures: [],
      connections: [{ pageType: "Vacancy", connection: "4g", views: 12 }],
      refusals: [{ day: "2026-12-01", reason: "over-share", count: 7 }],
    });
  });

  it("names the SQL API's refusal", async () => {
    const refused = (async () => new Response('{"errors":[{"message":"Authentication error"}]}', { status: 401 })) as typeof fetch;
    await expect(remoteSummaries({ accountId: "a", token: "t", fetch: refused }, parseWindow("1d"))).rejects.toThrow(
      'the Analytics Engine SQL API answered 401: {"errors":[{"message":"Authentication error"}]}',
    );
  });
});
