// `npm run vitals`: Core Web Vitals from the site's visitors (field measurements, decision 023), per
// page type, language and device class: sample count, p50, p75, p95 (marked where too few views
// stand behind them) and the shares rated good / needs improvement / poor against Google's
// thresholds, over a time window; then the page views per connection class, and the beacons
// refused per day and reason.
//
//   npm run vitals -- [--since 7d] [--json] [--persist-to DIR]   the local store (npm start's D1)
//   npm run vitals -- --remote [--since 7d] [--json]             Workers Analytics Engine (SQL API):
//       CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (Account Analytics Read) from the environment
import { localRows } from "./local-store.ts";
import { remoteReport } from "./sql.ts";
import { connectionTable, type Report, refusalTable, report, table, tooFew } from "./summary.ts";
import { parseWindow, type Window } from "./window.ts";

export interface VitalsOptions {
  remote: boolean;
  json: boolean;
  since: string;
  persistTo?: string;
  help?: boolean;
}

export function parseArgs(argv: string[]): VitalsOptions {
  const options: VitalsOptions = { remote: false, json: false, since: "7d" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === "--remote") options.remote = true;
    else if (arg === "--json") options.json = true;
    else if (arg === "--since") options.since = value();
    else if (arg === "--persist-to") options.persistTo = value();
    else if (arg === "--help" || arg === "-h") options.help = true;
    else throw new Error(`unknown option ${arg}`);
  }
  if (options.remote && options.persistTo) throw new Error("--remote and --persist-to exclude each other");
  return options;
}

const USAGE = "usage: npm run vitals -- [--since 30m|24h|7d] [--json] [--persist-to DIR | --remote]";

async function read(options: VitalsOptions, window: Window, now: number): Promise<Report> {
  if (!options.remote) return report(localRows(now - window.ms, options.persistTo));
  const accountId = process.env.CLOUDFLARE_ACCOUNT_ID?.trim();
  const token = process.env.CLOUDFLARE_API_TOKEN?.trim();
  if (!accountId || !token) throw new Error("--remote needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (Account Analytics Read)");
  return remoteReport({ accountId, token, fetch }, window);
}

/** `npm run vitals -- [options]`: 0, or 2 for bad options, 1 when the store could not be read. */
export async function main(argv: string[], now = Date.now()): Promise<number> {
  let options: VitalsOptions;
  let window: Window;
  try {
    options = parseArgs(argv);
    window = parseWindow(options.since);
  } catch (error) {
    console.error(`vitals: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  try {
    const result = await read(options, window, now);
    const source = options.remote ? "Workers Analytics Engine" : `local store${options.persistTo ? ` (${options.persistTo})` : ""}`;
    console.log(
      options.json ? JSON.stringify(asJson(result), null, 2) : printed(result, `Core Web Vitals from visitors, ${window.label}, ${source}`),
    );
    return 0;
  } catch (error) {
    console.error(`vitals: ${(error as Error).message}`);
    return 1;
  }
}

/** The JSON: each line of figures with the percentiles that rest on too few views. */
const asJson = (result: Report) => ({ ...result, figures: result.figures.map((line) => ({ ...line, tooFew: tooFew(line) })) });

const printed = (result: Report, heading: string) =>
  [table(result.figures, heading), connectionTable(result.connections), refusalTable(result.refusals)].filter(Boolean).join("\n\n");
