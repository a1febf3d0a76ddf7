/**
 * Field measurements: Core Web Vitals from real visitors. The beacon's wire protocol, spoken by the
 * measurement chunk (client/vitals.ts, in the browser), the endpoint (src/server/routes/vitals.ts)
 * and the report (tools/vitals/): where a beacon goes, what it may say, and Google's thresholds.
 *
 * One beacon per page view, a flat JSON object of categories from closed lists and metric values:
 * no URL, no query, no cookie, no identifier. Decision record 023.
 */
// Types only: the measurement chunk imports this file, and must share no module with the entry bundle.
import type { Lang } from "./i18n/lang.ts";
import type { PageType } from "./pages/page-types.ts";

/** Where the measurement chunk sends its beacon (same origin: the CSP's `connect-src 'self'`). */
export const VITALS_PATH = "/api/vitals";

/** The largest beacon the endpoint reads; a real one is about 200 bytes. */
export const MAX_BEACON_BYTES = 1024;

export const METRICS = ["LCP", "CLS", "INP", "FCP", "TTFB"] as const;
export type MetricName = (typeof METRICS)[number];

/**
 * Google's thresholds (web.dev "Web Vitals"): good up to the first value, poor above the second,
 * needs improvement between. Milliseconds, but CLS (unitless).
 */
export const THRESHOLDS: Record<MetricName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  INP: [200, 500],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

/**
 * The largest value a browser reports for a page view that counts: a beacon with more is refused,
 * not clamped (issue 53: a clamped 1e300 still moved the p75). web-vitals stops LCP at the first
 * input and reports none for a page loaded in the background, so two minutes is already a
 * broken page; CLS above 10 means every element moved its own size ten times over.
 */
export const METRIC_MAX: Record<MetricName, number> = { LCP: 120_000, CLS: 10, INP: 60_000, FCP: 120_000, TTFB: 120_000 };

/** By viewport width, at the site's own breakpoints (md 768, lg 1024). */
export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** How the page view started (web-vitals' `navigationType`, soft navigations left out: the site has none). */
export const NAVIGATION_TYPES = ["navigate", "reload", "back-forward", "back-forward-cache", "prerender", "restore"] as const;
export type NavigationType = (typeof NAVIGATION_TYPES)[number];

/** The Network Information API's `effectiveType`, or "unknown" where the browser has none. */
export const CONNECTION_TYPES = ["slow-2g", "2g", "3g", "4g", "unknown"] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** One page view's measurements as the browser sends them. */
export interface Beacon {
  pageType: PageType;
  lang: Lang;
  build: string;
  navigation: NavigationType;
  device: DeviceClass;
  connection: ConnectionType;
  /** Each metric the browser measured; at least one. */
  metrics: Partial<Record<MetricName, number>>;
}

/**
 * The beacon's JSON: the categories, the page view's token (`<meta name="view-token">`, issue 53),
 * then each measured metric under its own name.
 */
export type BeaconWire = Omit<Beacon, "metrics"> & { view: string } & Partial<Record<MetricName, number>>;

/** Where a value falls against Google's thresholds. */
export type Rating = "good" | "needs-improvement" | "poor";

export function rating(name: MetricName, value: number): Rating {
  const [good, poor] = THRESHOLDS[name];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}
