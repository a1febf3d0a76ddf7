import { isLang } from "../../shared/i18n/lang";
import { isPageType } from "../../shared/pages/page-types";
import { CONNECTION_TYPES, DEVICE_CLASSES, METRIC_MAX, METRICS, NAVIGATION_TYPES, type Beacon, type MetricName } from "../../shared/vitals";

/** The build id the document's `<meta name="build-id">` carries (tools/build: 10 hex digits). */
const BUILD_ID = /^[0-9a-f]{10}$/;

const CATEGORY_KEYS = ["pageType", "lang", "build", "navigation", "device", "connection"] as const;
const KNOWN_KEYS: ReadonlySet<string> = new Set<string>([...CATEGORY_KEYS, "view", ...METRICS]);

const oneOf =
  <T extends string>(list: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === "string" && (list as readonly string[]).includes(value);

const isNavigationType = oneOf(NAVIGATION_TYPES);
const isDeviceClass = oneOf(DEVICE_CLASSES);
const isConnectionType = oneOf(CONNECTION_TYPES);

/** A metric value as kept: whole milliseconds, CLS to four decimals. */
export function roundMetric(name: MetricName, value: number): number {
  return name === "CLS" ? Math.round(value * 10_000) / 10_000 : Math.round(value);
}

/**
 * A well-formed beacon, or the reason it is not one. Every category must come from its list (the
 * page type from the site's own), no other key is allowed, each metric present must be a finite
 * number from zero to the most a browser reports (METRIC_MAX: more is refused, not clamped), and
 * at least one must be there. The page view's token comes back as it is, for the route to check.
 */
export function parseBeacon(value: unknown): { beacon: Beacon; view: unknown } | { error: string } {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { error: "not a JSON object" };
  const fields = value as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => !KNOWN_KEYS.has(key));
  if (unknown !== undefined) return { error: "unknown field" };
  const { pageType, lang, build, navigation, device, connection } = fields;
  if (!isPageType(pageType)) return { error: "unknown page type" };
  if (!isLang(lang)) return { error: "unknown language" };
  if (typeof build !== "string" || !BUILD_ID.test(build)) return { error: "malformed build id" };
  if (!isNavigationType(navigation)) return { error: "unknown navigation type" };
  if (!isDeviceClass(device)) return { error: "unknown device class" };
  if (!isConnectionType(connection)) return { error: "unknown connection type" };
  const metrics: Beacon["metrics"] = {};
  for (const name of METRICS) {
    const raw = fields[name];
    if (raw === undefined) continue;
    if (typeof raw !== "number" || !Number.isFinite(raw) || raw < 0) return { error: `malformed ${name}` };
    if (raw > METRIC_MAX[name]) return { error: `${name} above what a browser reports` };
    metrics[name] = roundMetric(name, raw);
  }
  if (!Object.keys(metrics).length) return { error: "no metric" };
  return { beacon: { pageType, lang, build, navigation, device, connection, metrics }, view: fields.view };
}
