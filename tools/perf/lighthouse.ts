// Lighthouse (mobile, performance) on a freshly started site: builds, starts the Worker with an
// empty local state (KV, the HTML memo and the cache version all cold) and audits each path's first
// view, in Debian's Chromium (never a downloaded browser). Prints each page's type (the one the
// page's `<meta name="page-type">` names: the site's page types, by which `npm run vitals` groups the
// field measurements too), score, CLS, LCP, TBT, FCP, Speed Index per page (full reports in
// .generated/lighthouse/), then each page's median score over the rounds; fails when a page of this
// checkout has a median below 98 or shifts at all in any audit. With `--beside <commit>` the same
// pages of that commit (checked out, installed and built beside this one: beside-checkout.ts) are
// audited in the same run, each right after or before this checkout's, with this checkout's
// Lighthouse; `--rounds N` starts both sites afresh N times, alternating which of the two goes
// first (default 5: Lighthouse's own advice against its run-to-run variance is the median of five
// runs; one round's score is one audit's luck on two shared cores: decision 033).
//
//   npm run lighthouse [-- [--beside <commit>] [--rounds N] /path ...]      LIGHTHOUSE_PORT (default 8737), CHROMIUM_PATH
import { once } from "node:events";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { SITE_ENV, build, startLocalWorker, waitUntilUp } from "../local/local-worker.ts";
import { serve } from "../local/serve.ts";
import { CHROMIUM_ARGS, findChromium } from "../chromium.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { besideCheckout, type Checkout } from "./beside-checkout.ts";

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
/** Each page's full report (open it in Chromium's DevTools, Lighthouse panel, or read the JSON) and its trace. */
const REPORTS = ".generated/lighthouse";
/** Headless (Lighthouse drives the browser itself), with the browser tests' flags. */
const CHROMIUM_FLAGS = ["--headless", ...CHROMIUM_ARGS];

interface Result {
  /** "now" (this checkout) or the commit measured beside it. */
  side: string;
  round: number;
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

export interface LighthouseOptions {
  paths: string[];
  /** A commit to audit beside this checkout, in the same run. */
  beside?: string;
  rounds: number;
}

/** `[--beside <commit>] [--rounds N] [/path ...]`; a clear error for anything else. */
export function lighthouseOptions(argv: string[]): LighthouseOptions {
  const paths: string[] = [];
  let beside: string | undefined;
  let rounds: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--beside" || arg === "--rounds") {
      const value = argv[++i];
      if (!value || value.startsWith("-")) throw new Error(`${arg} needs a value`);
      if (arg === "--beside") beside = value;
      else if (/^[1-9]\d?$/.test(value)) rounds = Number(value);
      else throw new Error(`--rounds takes a whole number from 1 to 99, not ${value}`);
    } else if (arg.startsWith("/")) paths.push(arg);
    else throw new Error(`unknown argument ${arg} (paths start with /; options: --beside <commit>, --rounds N)`);
  }
  return { paths: paths.length ? paths : DEFAULT_PATHS, beside, rounds: rounds ?? 5 };
}

/** The page type a page's document names (`<meta name="page-type">`), "-" where it names none. */
export function pageTypeOfHtml(html: string): string {
  return /<meta name="page-type" content="([A-Za-z]+)"/.exec(html)?.[1] ?? "-";
}

async function audit(port: number, base: string, side: string, round: number, path: string): Promise<Result> {
  const pageType = pageTypeOfHtml(await (await fetch(base + path)).text());
  const run = await lighthouse(base + path, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const lhr = run?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${side} ${path}`);
  mkdirSync(join(REPO_ROOT, REPORTS), { recursive: true });
  const name = `${side}-${round}-${path === "/" ? "home" : path.slice(1).replaceAll("/", "__")}.json`;
  writeFileSync(join(REPO_ROOT, REPORTS, name), JSON.stringify(lhr));
  // the trace the audit is simulated from (DevTools, Performance panel, "Load profile"): where the time went
  writeFileSync(join(REPO_ROOT, REPORTS, name.replace(/\.json$/, ".trace.json")), JSON.stringify(run.artifacts.Trace));
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    side,
    round,
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

/**
 * One throwaway audit of a page of text on a server of its own, before any site starts: the first
 * navigation of a freshly launched browser paid for its first renderer (the document's commit, one
 * task of 87 ms with the window's script context made cold, 346 ms on the simulated CPU) and put
 * whichever page came first 4-8 points below its other rounds. The sites stay cold.
 */
async function warmUpBrowser(port: number): Promise<void> {
  const server = createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>warm-up</title><p>warm-up"),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await lighthouse(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
      port,
      logLevel: "error",
      onlyCategories: ["performance"],
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A site started afresh (empty KV and D1) for one round, and how to stop it. */
interface Site {
  side: string;
  base: string;
  stop: () => Promise<void>;
}

async function startThisCheckout(): Promise<Site> {
  const persist = ".wrangler/lighthouse";
  rmSync(join(REPO_ROOT, persist), { recursive: true, force: true });
  // wrangler's dev server in this process, as the browser tests serve the site, stopped by disposing
  // of it: a `wrangler dev` process killed at the end left its esbuild printing ~100 lines of a Go
  // "all goroutines are asleep - deadlock!" dump after the results. The environment as SITE_ENV
  // gives a wrangler dev process: React's production build, no Request.cf fetch, no trace recorder.
  const stop = await serve({ port: PORT, persist, vars: { LOG_LEVEL: "error" } });
  return { side: "now", base: BASE, stop };
}

/** The commit beside: its own wrangler dev, its output kept from the terminal (printed only if it fails to start). */
async function startBeside(checkout: Checkout): Promise<Site> {
  const persist = ".wrangler/lighthouse-beside";
  rmSync(join(checkout.dir, persist), { recursive: true, force: true });
  const port = PORT + 1;
  const server = startLocalWorker({ port, persist, logLevel: "error", cwd: checkout.dir, stderr: "pipe" });
  let output = "";
  server.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(base).catch((error: unknown) => {
    server.kill("SIGTERM");
    throw new Error(`${checkout.commit.slice(0, 12)} did not start: ${String(error)}\n${output}`);
  });
  // SIGTERM: wrangler's launcher passes it on to the wrangler it started (SIGKILL would leave that
  // one running, holding the pipe open); whatever it prints on its way out stays in the pipe
  const stop = async () => {
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await exited;
    server.stderr?.destroy();
  };
  return { side: checkout.commit.slice(0, 12), base, stop };
}

/** One page of one side over all rounds: its scores, their median (the lower middle one of an even count) and whether any audit shifted. */
export interface PageSummary {
  side: string;
  path: string;
  pageType: string;
  scores: number[];
  median: number;
  shifted: boolean;
}

/** Each side's pages in the order first audited, with their scores over the rounds. */
export function pageSummaries(results: readonly Pick<Result, "side" | "path" | "pageType" | "score" | "cls">[]): PageSummary[] {
  const pages = new Map<string, (typeof results)[number][]>();
  for (const r of results) {
    const key = `${r.side} ${r.path}`;
    pages.set(key, [...(pages.get(key) ?? []), r]);
  }
  return [...pages.values()].map((audits) => {
    const { side, path, pageType } = audits[0]!;
    const scores = audits.map((r) => r.score);
    const sorted = scores.toSorted((a, b) => a - b);
    return { side, path, pageType, scores, median: sorted[Math.floor((sorted.length - 1) / 2)]!, shifted: audits.some((r) => r.cls > 0) };
  });
}

const fmt = (r: Result) =>
  `${r.side} | ${r.round} | ${r.pageType} | ${r.path} | ${r.score} | ${r.cls.toFixed(3)} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${Math.round(r.fcp)} | ${Math.round(r.si)}`;

/** `npm run lighthouse [-- [--beside <commit>] [--rounds N] /path ...]`: 1 when a page of this checkout has a median below MIN_SCORE or shifts. */
export async function main(argv: string[]): Promise<number> {
  const options = lighthouseOptions(argv);
  build();
  const checkout = options.beside ? besideCheckout(options.beside) : undefined;
  Object.assign(process.env, SITE_ENV);
  const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: CHROMIUM_FLAGS });
  const results: Result[] = [];
  try {
    await warmUpBrowser(chrome.port);
    for (let round = 1; round <= options.rounds; round++) {
      const sites = [await startThisCheckout()];
      try {
        await waitUntilUp(BASE);
        if (checkout) sites.push(await startBeside(checkout));
        // each path on both sites, one right after the other, the first of the two alternating by round
        const order = round % 2 ? sites : [...sites].reverse();
        for (const path of options.paths)
          for (const site of order) results.push(await audit(chrome.port, site.base, site.side, round, path));
      } finally {
        for (const site of sites) await site.stop();
      }
    }
  } finally {
    chrome.kill();
  }
  console.log("side | round | page type | path | score | CLS | LCP ms | TBT ms | FCP ms | SI ms");
  for (const path of options.paths) for (const r of results.filter((result) => result.path === path)) console.log(fmt(r));
  const summaries = pageSummaries(results);
  console.log("\nside | page type | path | median score | scores by round");
  for (const path of options.paths)
    for (const page of summaries.filter((summary) => summary.path === path))
      console.log(`${page.side} | ${page.pageType} | ${page.path} | ${page.median} | ${page.scores.join(" ")}`);
  const failed = summaries.filter((page) => page.side === "now" && (page.median < MIN_SCORE || page.shifted));
  if (failed.length) {
    console.error(`a median below ${MIN_SCORE} or a layout shift: ${failed.map((page) => page.path).join(", ")}`);
    return 1;
  }
  return 0;
}
