/**
 * Field measurements: Core Web Vitals of this page view, measured by Google's `web-vitals` (standard
 * build) and sent once, when the page is first hidden, as one beacon (`navigator.sendBeacon`) to
 * the site's own endpoint. A script of its own, which the document of a visitor's page with a page
 * type loads (async, low priority: src/server/render/document.tsx), so its listeners are there
 * soon after the first paint even on a slow view left early; never part of the entry bundle (its
 * budget: tests/node/budgets.test.ts). Decision record 023.
 *
 * What the beacon says is in src/shared/vitals.ts: page type, language, build id, navigation type,
 * device class, connection type and the metrics. No URL, no cookie, no storage, no identifier;
 * the endpoint checks every field again. Where it stands shows on the document element, not in a
 * global: `data-vitals="awaiting-consent"`, then `"measuring"` (the browser tests wait for these).
 */
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import type { BeaconWire, ConnectionType, DeviceClass, MetricName, NavigationType } from "../src/shared/vitals";
import { VITALS_PATH } from "../src/shared/vitals";

interface CookiebotWindow {
  Cookiebot?: { consent?: { statistics?: boolean } };
}

/** Starts measuring this page view: at once without a consent banner, else once statistics are consented to. */
export function startVitals(doc: Document = document, win: Window & CookiebotWindow = window): void {
  const page = pageFacts(doc);
  if (!page) return;
  whenConsented(doc, win, (stillConsented) => measure(doc, win, page, stillConsented));
}

type PageFacts = Pick<BeaconWire, "pageType" | "lang" | "build" | "view">;

/** What the server put in the document; a page without a page type (the error screen) is not measured. */
function pageFacts(doc: Document): PageFacts | undefined {
  const meta = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  const pageType = meta("page-type");
  const build = meta("build-id");
  const view = meta("view-token");
  if (!pageType || !build || !view) return undefined;
  // checked by the endpoint against the site's lists: the browser sends what the document says
  return { pageType, lang: doc.documentElement.lang, build, view } as PageFacts;
}

/**
 * The consent banner (Cookiebot) is on the page exactly when the site has one configured: the
 * third-party loader adds its script, `#Cookiebot`, before any of the page's own scripts run.
 * Then measuring waits for statistics consent, given now or on an earlier visit (Cookiebot fires
 * `CookiebotOnAccept` for both); without a banner nothing is stored or identified, so it starts.
 * `start` gets what says, when the beacon is due, whether consent still holds (it can be withdrawn).
 */
export function whenConsented(doc: Document, win: Window & CookiebotWindow, start: (stillConsented: () => boolean) => void): void {
  if (!doc.getElementById("Cookiebot")) {
    start(() => true);
    return;
  }
  const consented = () => Boolean(win.Cookiebot?.consent?.statistics);
  doc.documentElement.dataset.vitals = "awaiting-consent";
  const check = () => {
    if (!consented()) return;
    win.removeEventListener("CookiebotOnAccept", check);
    start(consented);
  };
  win.addEventListener("CookiebotOnAccept", check);
  check();
}

/** By viewport width, at the site's breakpoints (md 768, lg 1024). */
const deviceClass = (width: number): DeviceClass => (width < 768 ? "mobile" : width < 1024 ? "tablet" : "desktop");

function connectionType(nav: Navigator): ConnectionType {
  const type = (nav as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType;
  return (type as ConnectionType | undefined) ?? "unknown";
}

function measure(doc: Document, win: Window, page: PageFacts, stillConsented: () => boolean): void {
  const metrics: Partial<Record<MetricName, number>> = {};
  let navigation: NavigationType = "navigate";
  let sent = false;
  const record = (metric: Metric) => {
    metrics[metric.name] = metric.value;
    if (metric.navigationType !== "soft-navigation") navigation = metric.navigationType;
  };
  // every change kept, so what is sent is the latest value whichever listener runs first
  const options = { reportAllChanges: true };
  onLCP(record, options);
  onCLS(record, options);
  onINP(record, options);
  onFCP(record, options);
  onTTFB(record, options);
  doc.documentElement.dataset.vitals = "measuring";
  win.addEventListener("visibilitychange", () => {
    if (doc.visibilityState !== "hidden" || sent || !Object.keys(metrics).length || !stillConsented()) return;
    sent = true;
    const beacon: BeaconWire = {
      ...page,
      navigation,
      device: deviceClass(win.innerWidth),
      connection: connectionType(win.navigator),
      ...metrics,
    };
    win.navigator.sendBeacon(VITALS_PATH, JSON.stringify(beacon));
  });
  // a page restored from the back/forward cache sends nothing more: its token is spent (one beacon
  // per page the site served, issue 53), and the restored view cost the server nothing to count
}

// the document loads this script only where there is something to measure; tests import it without a document
if (typeof document !== "undefined") startVitals();
