import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readConfig, type AppEnv } from "../../src/server/env";
import { parseBeacon } from "../../src/server/vitals/beacon";
import { dataPoint, type VitalsDataPoint } from "../../src/server/vitals/data-point";
import { vitalsDataset } from "../../src/server/vitals/dataset";
import { PAGE_TYPES } from "../../src/shared/pages/page-types";
import { rating, THRESHOLDS } from "../../src/shared/vitals";
import { GOOD_BEACON } from "../helpers/vitals";

describe("field measurements: the beacon", () => {
  it("reads a well-formed beacon, each value rounded (whole ms, CLS to four decimals)", () => {
    expect(parseBeacon(GOOD_BEACON)).toEqual({
      beacon: {
        pageType: "CaseDetail",
        lang: "nl",
        build: "0123456789",
        navigation: "navigate",
        device: "mobile",
        connection: "4g",
        metrics: { LCP: 1235, CLS: 0.0123, INP: 48, FCP: 800, TTFB: 121 },
      },
    });
  });

  it("accepts every page type of the site's own list, and a beacon with only some metrics", () => {
    for (const pageType of PAGE_TYPES) expect(parseBeacon({ ...GOOD_BEACON, pageType })).toHaveProperty("beacon.pageType", pageType);
    const { LCP: _l, CLS: _c, INP: _i, FCP: _f, ...onlyTtfb } = GOOD_BEACON;
    expect(parseBeacon(onlyTtfb)).toHaveProperty("beacon.metrics", { TTFB: 121 });
  });

  it("refuses values above what a browser reports, and takes the largest it does", () => {
    expect(parseBeacon({ ...GOOD_BEACON, LCP: 1e300 })).toEqual({ error: "LCP above what a browser reports" });
    expect(parseBeacon({ ...GOOD_BEACON, CLS: 10.0001 })).toEqual({ error: "CLS above what a browser reports" });
    expect(parseBeacon({ ...GOOD_BEACON, LCP: 120_000, CLS: 10, INP: 60_000 })).toHaveProperty("beacon.metrics", {
      LCP: 120_000,
      CLS: 10,
      INP: 60_000,
      FCP: 800,
      TTFB: 121,
    });
  });

  it.each([
    [null, "not a JSON object"],
    [[GOOD_BEACON], "not a JSON object"],
    ["LCP=1", "not a JSON object"],
    [{ ...GOOD_BEACON, url: "https://www.koraal.nl/?email=a@b.nl" }, "unknown field"],
    [{ ...GOOD_BEACON, visitorId: "abc" }, "unknown field"],
    [{ ...GOOD_BEACON, pageType: "Home" }, "unknown page type"],
    [{ ...GOOD_BEACON, pageType: "TeamMember" }, "unknown page type"],
    [{ ...GOOD_BEACON, pageType: "<script>" }, "unknown page type"],
    [{ ...GOOD_BEACON, lang: "de" }, "unknown language"],
    [{ ...GOOD_BEACON, build: "../../etc" }, "malformed build id"],
    [{ ...GOOD_BEACON, build: "0123456789a" }, "malformed build id"],
    [{ ...GOOD_BEACON, navigation: "soft-navigation" }, "unknown navigation type"],
    [{ ...GOOD_BEACON, device: "fridge" }, "unknown device class"],
    [{ ...GOOD_BEACON, connection: "5g" }, "unknown connection type"],
    [{ ...GOOD_BEACON, LCP: -1 }, "malformed LCP"],
    [{ ...GOOD_BEACON, CLS: "0.1" }, "malformed CLS"],
    [{ ...GOOD_BEACON, INP: null }, "malformed INP"],
    [{ ...GOOD_BEACON, TTFB: [1] }, "malformed TTFB"],
    [{ pageType: "Page", lang: "nl", build: "0123456789", navigation: "reload", device: "desktop", connection: "unknown" }, "no metric"],
  ])("refuses %o: %s", (value, error) => {
    expect(parseBeacon(value)).toEqual({ error });
  });

  it("rates values against Google's thresholds (good up to the first, poor above the second)", () => {
    expect(THRESHOLDS).toEqual({ LCP: [2500, 4000], CLS: [0.1, 0.25], INP: [200, 500], FCP: [1800, 3000], TTFB: [800, 1800] });
    expect([2500, 2501, 4000, 4001].map((v) => rating("LCP", v))).toEqual(["good", "needs-improvement", "needs-improvement", "poor"]);
    expect([0.1, 0.11, 0.26].map((v) => rating("CLS", v))).toEqual(["good", "needs-improvement", "poor"]);
  });
});

describe("field measurements: the Analytics Engine data point", () => {
  it("indexes by page type, blobs the categories, doubles the metrics (-1 where not measured)", () => {
    const parsed = parseBeacon({ ...GOOD_BEACON, INP: undefined });
    if (!("beacon" in parsed)) throw new Error(parsed.error);
    expect(dataPoint(parsed.beacon)).toEqual({
      indexes: ["CaseDetail"],
      blobs: ["CaseDetail", "nl", "mobile", "navigate", "4g", "0123456789"],
      doubles: [1235, 0.0123, -1, 800, 121],
    });
  });

  it("goes to the Analytics Engine binding unless VITALS_STORE=d1, and to D1 then", async () => {
    const written: VitalsDataPoint[] = [];
    const binding = { writeDataPoint: (point: VitalsDataPoint) => void written.push(point) };
    const production = { ...(env as AppEnv), VITALS_STORE: undefined, VITALS: binding as unknown as AnalyticsEngineDataset };
    const deferred: Array<Promise<unknown>> = [];
    const defer = (work: Promise<unknown>) => void deferred.push(work);
    const point: VitalsDataPoint = {
      indexes: ["Page"],
      blobs: ["Page", "en", "desktop", "reload", "3g", "0123456789"],
      doubles: [1, 0, -1, 2, 3],
    };
    vitalsDataset(production, readConfig(production).vitalsStore, defer, () => 5).writeDataPoint(point);
    expect(written).toEqual([point]);
    expect(deferred).toEqual([]);

    const local = env as AppEnv; // the test environment has LOCAL_VARS, as npm start has
    expect(readConfig(local).vitalsStore).toBe("d1");
    vitalsDataset(local, "d1", defer, () => 5).writeDataPoint(point);
    await Promise.all(deferred);
    const rows = await local.DB.prepare("SELECT * FROM vitals WHERE timestamp = 5").all();
    expect(rows.results).toEqual([
      {
        id: expect.any(Number),
        timestamp: 5,
        index1: "Page",
        blob1: "Page",
        blob2: "en",
        blob3: "desktop",
        blob4: "reload",
        blob5: "3g",
        blob6: "0123456789",
        double1: 1,
        double2: 0,
        double3: -1,
        double4: 2,
        double5: 3,
      },
    ]);
    expect(written).toHaveLength(1);
  });

  it("names a wrong VITALS_STORE and a missing binding", () => {
    expect(() => readConfig({ ...(env as AppEnv), VITALS_STORE: "kv" })).toThrow("VITALS_STORE must be one of analytics-engine, d1");
    expect(() => readConfig({ ...(env as AppEnv), VITALS_STORE: "", VITALS: undefined as never })).toThrow(
      "VITALS (Analytics Engine dataset binding, field measurements) is missing",
    );
    expect(() => readConfig({ ...(env as AppEnv), VITALS_SITE_LIMIT: undefined as never })).toThrow(
      "VITALS_CLIENT_LIMIT and VITALS_SITE_LIMIT (rate limit bindings, field measurements) are missing",
    );
  });
});
