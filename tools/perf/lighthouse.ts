// Lighthouse (mobile, performance) on a freshly started site: builds, starts the Worker with an
// empty local state (KV, the HTML memo and the cache version all cold) and audits each path's first
// view once, in Debian's Chromium (never a downloaded browser). Prints each page's type (the one the
// page's `<meta name="page-type">` names: the site's page types, by which `npm run vitals` groups the
// field measurements too), score, CLS, LCP, TBT, FCP, Speed Index per page (full reports in
// .generated/lighthouse/); fails when a page scores below 98 or shifts at all.
//
//   npm run lighthouse [-- /path ...]      LIGHTHOUSE_PORT (default 8737), CHROMIUM_PATH
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { SITE_ENV, build, waitUntilUp } from "../local/local-worker.ts";
import { serve } from "../local/serve.ts";
import { REPO_ROOT } from "../repo-root.ts";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8737);
const BASE = `http://127.0.0.1:${PORT}`;
/** Home and one page of every page type (Page, CaseDetail, InsightDetail, Sector, Vacancy), listings included. */
const DEFAULT_PATHS = [
  "/",
  "/diensten/app-ontwikkeling",
  "/cases",
  "/cases/linde-roosterapp",
  "/insights/streamen-vanaf-de-edge",
  "/sectoren/mobiliteit",
  "/vacatures/product-designer",
  "/en",
];
const MIN_SCORE = 98;
/** Each page's full report (open it in Chromium's DevTools, Lighthouse panel, or read the JSON). */
const REPORTS = ".generated/lighthouse";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

interface Result {
  path: string;
  /** The page's type (src/shared/pages/page-types.ts), as the field measurements name it. */
  pageType: string;
  score: number;
  cls: number;
  lcp: number;
  tbt: number;
  fcp: number;
  si: number;
}

/** The page type a page's document names (`<meta name="page-type">`), "-" where it names none. */
export function pageTypeOfHtml(html: string): string {
  return /<meta name="page-type" content="([A-Za-z]+)"/.exec(html)?.[1] ?? "-";
}

async function audit(port: number, path: string): Promise<Result> {
  const pageType = pageTypeOfHtml(await (await fetch(BASE + path)).text());
  const run = await lighthouse(BASE + path, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const lhr = run?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${path}`);
  mkdirSync(join(REPO_ROOT, REPORTS), { recursive: true });
  writeFileSync(join(REPO_ROOT, REPORTS, `${path === "/" ? "home" : path.slice(1).replaceAll("/", "__")}.json`), JSON.stringify(lhr));
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    path,
    pageType,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    cls: value("cumulative-layout-shift"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    fcp: value("first-contentful-paint"),
    si: value("speed-index"),
  };
}

/** `npm run lighthouse [-- /path ...]`: 1 when a page scores below MIN_SCORE or shifts. */
export async function main(argv: string[]): Promise<number> {
  const paths = argv.length ? argv : DEFAULT_PATHS;
  build();
  const persist = ".wrangler/lighthouse";
  rmSync(join(REPO_ROOT, persist), { recursive: true, force: true });
  // wrangler's dev server in this process, as the browser tests serve the site, stopped by disposing
  // of it: a `wrangler dev` process killed at the end left its esbuild printing ~100 lines of a Go
  // "all goroutines are asleep - deadlock!" dump after the results. The environment as SITE_ENV
  // gives a wrangler dev process: React's production build, no Request.cf fetch, no trace recorder.
  Object.assign(process.env, SITE_ENV);
  const stop = await serve({ port: PORT, persist, vars: { LOG_LEVEL: "error" } });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", chromeFlags: CHROMIUM_FLAGS });
  try {
    await waitUntilUp(BASE);
    const results: Result[] = [];
    for (const path of paths) results.push(await audit(chrome.port, path));
    console.log("page type | path | score | CLS | LCP ms | TBT ms | FCP ms | SI ms");
    for (const r of results) {
      console.log(
        `${r.pageType} | ${r.path} | ${r.score} | ${r.cls.toFixed(3)} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${Math.round(r.fcp)} | ${Math.round(r.si)}`,
      );
    }
    const failed = results.filter((r) => r.score < MIN_SCORE || r.cls > 0);
    if (failed.length) {
      console.error(`below ${MIN_SCORE} or with a layout shift: ${failed.map((r) => r.path).join(", ")}`);
      return 1;
    }
    return 0;
  } finally {
    chrome.kill();
    await stop();
  }
}
