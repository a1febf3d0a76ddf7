// `npm run smoke -- --base <origin>`: checks a live site from outside, as a visitor (and a crawler's
// robots.txt) sees it. Run by a person, and by the deploy against a new version's preview URL
// before traffic goes to it (`runSmoke`). Every request has a deadline and a bounded body, a few
// run at a time, and nothing is stored: the API probes are refused before any write.
import { parseArgs } from "node:util";
import type { Check } from "./check.ts";
import { pathChecks } from "./checks.ts";
import { RequestFailed } from "./http.ts";
import { PAGE_KINDS, pageOutcomes } from "./pages.ts";
import { createSite, type Site } from "./site.ts";
import { sitemapCheck } from "./sitemap.ts";

export interface SmokeOptions {
  /** The origin to check, e.g. https://www.koraal.nl or a version's preview URL. */
  base: string;
  /** How requests go out (tests); not used with `connectTo`. */
  fetch?: typeof fetch;
  /** Send every request to this origin instead, with `base`'s host in `Host` (like curl --connect-to). */
  connectTo?: string;
  /** Each request's deadline, body included (default 10 s). */
  timeoutMs?: number;
  /** One line per check as it ends: `ok <check> <url>` or `FAIL <check> <url>: <message>`. */
  log?: (line: string) => void;
  /**
   * The origin the site's own URLs name (its SITE_URL: canonical links, sitemap, feeds); default the
   * origin it is asked at. A preview URL of a Worker with SITE_URL set names the production origin.
   */
  siteUrl?: string;
}

export interface SmokeFailure {
  /** Stable, e.g. `page:vacancy`, `headers:csp`. */
  check: string;
  url: string;
  message: string;
}

export interface SmokeResult {
  failures: SmokeFailure[];
  /** The names of the checks that passed. */
  passed: string[];
}

export const DEFAULT_TIMEOUT_MS = 10_000;
/** Requests in flight at once. */
const CONCURRENCY = 4;

/** Every check's name, in the order they are reported. */
export function checkNames(): string[] {
  return [...pathChecks("x").map((check) => check.name), sitemapCheck.name, ...PAGE_KINDS.map((kind) => `page:${kind}`)];
}

interface Outcome {
  check: string;
  url: string;
  problems: string[];
}

export async function runSmoke(options: SmokeOptions): Promise<SmokeResult> {
  if (options.fetch && options.connectTo) throw new TypeError("runSmoke: `fetch` and `connectTo` exclude each other");
  const site = createSite({
    base: new URL(options.base),
    connectTo: options.connectTo ? new URL(options.connectTo) : undefined,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    concurrency: CONCURRENCY,
    siteUrl: options.siteUrl,
  });
  const report = (outcome: Outcome) => {
    options.log?.(outcome.problems.length ? failureLine(toFailure(outcome)) : `ok ${outcome.check} ${outcome.url}`);
    return outcome;
  };
  const checks = [...pathChecks(`smoke-check-${crypto.randomUUID().slice(0, 8)}`), sitemapCheck];
  const [single, pages] = await Promise.all([
    Promise.all(checks.map((check) => runCheck(site, check).then(report))),
    pageOutcomes(site)
      .catch((error: unknown) =>
        PAGE_KINDS.map((kind) => ({ check: `page:${kind}`, url: site.url("/sitemap.xml"), problems: [bug(error)] })),
      )
      .then((outcomes) => outcomes.map(report)),
  ]);
  const outcomes = [...single, ...pages];
  return {
    failures: outcomes.filter((outcome) => outcome.problems.length).map(toFailure),
    passed: outcomes.filter((outcome) => !outcome.problems.length).map((outcome) => outcome.check),
  };
}

async function runCheck(site: Site, check: Check): Promise<Outcome> {
  const url = site.url(check.path);
  try {
    return { check: check.name, url, problems: await check.run(site) };
  } catch (error) {
    return { check: check.name, url, problems: [bug(error)] };
  }
}

/** A request that got no answer is the check's failure; anything else is a bug of the check, with its stack. */
const bug = (error: unknown): string =>
  error instanceof RequestFailed
    ? error.message
    : `the check failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;

const toFailure = (outcome: Outcome): SmokeFailure => ({ check: outcome.check, url: outcome.url, message: outcome.problems.join("; ") });

export const failureLine = (failure: SmokeFailure): string => `FAIL ${failure.check} ${failure.url}: ${failure.message}`;

const USAGE = `usage: npm run smoke -- --base <origin> [--connect-to <origin>] [--site-url <origin>] [--timeout <ms>] [--verbose]
  --base        the site to check, e.g. https://www.koraal.nl
  --connect-to  send the requests here instead, with --base's host in Host (e.g. a local wrangler dev)
  --site-url    the origin the site's own URLs name (its SITE_URL), when it is not --base's
  --timeout     each request's deadline in ms (default ${DEFAULT_TIMEOUT_MS})
  --verbose     also print a line per check that passed`;

/** The command's options, or why they are not usable. */
export function parseOptions(argv: string[]): { options: SmokeOptions & { verbose: boolean } } | { error: string } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        base: { type: "string" },
        "connect-to": { type: "string" },
        "site-url": { type: "string" },
        timeout: { type: "string" },
        verbose: { type: "boolean" },
      },
      strict: true,
    }));
  } catch (error) {
    return { error: (error as Error).message };
  }
  const problem = ["base", "connect-to", "site-url"].map((name) => originProblem(name, values[name])).find(Boolean);
  if (values.base === undefined) return { error: "--base is required" };
  if (problem) return { error: problem };
  const timeoutMs = values.timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) return { error: `--timeout takes a whole number of ms, not ${values.timeout}` };
  const options = {
    base: values.base as string,
    connectTo: values["connect-to"] as string | undefined,
    siteUrl: values["site-url"] as string | undefined,
  };
  return { options: { ...options, timeoutMs, verbose: values.verbose === true } };
}

function originProblem(name: string, value: string | boolean | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(String(value)) ? new URL(String(value)) : undefined;
  if (!url || !/^https?:$/.test(url.protocol)) return `--${name} takes an http(s) origin, not ${value}`;
  if (url.pathname !== "/" || url.search || url.hash) return `--${name} takes an origin without a path, e.g. ${url.origin}`;
  return undefined;
}

/** `npm run smoke -- --base <origin>`: 0 when every check passes, 1 on a failure, 2 on bad arguments. */
export async function main(argv: string[]): Promise<number> {
  const parsed = parseOptions(argv);
  if ("error" in parsed) {
    console.error(`smoke: ${parsed.error}\n${USAGE}`);
    return 2;
  }
  const { verbose, ...options } = parsed.options;
  const result = await runSmoke({ ...options, log: verbose ? (line) => console.log(line) : undefined });
  if (!verbose) for (const failure of result.failures) console.log(failureLine(failure));
  console.log(`${result.passed.length} passed, ${result.failures.length} failed`);
  return result.failures.length ? 1 : 0;
}
