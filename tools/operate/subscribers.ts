// `npm run subscribers`: lists the newsletter signups in the D1 outbox, newest first. Reads the
// local database that `npm start` uses; `--remote` reads the deployed one (needs wrangler login),
// `--persist-to DIR` another local state directory, `--status NAME` only rows with that status,
// `--json` prints the rows as JSON. Shows email addresses: for the people who manage the list.
// `--export <email>` prints what the site holds about one address, `--erase <email>` records an
// erasure request, removes the address and asks HubSpot to delete the contact (the site's cron asks
// again until HubSpot confirms), `--erasures` lists the requests and what is outstanding
// (./personal-data.ts, src/server/newsletter/hubspot-gdpr.ts).
import { existsSync, readFileSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import { ERASURE_CONFIRMED_SQL, ERASURE_FAILED_SQL, erasureBackoffMs, gdprDelete } from "../../src/server/newsletter/hubspot-gdpr.ts";
import { normaliseEmail } from "../../src/shared/email.ts";
import { D1ExecuteError, d1Statements } from "../local/d1-execute.ts";
import { LOCAL_VARS } from "../local/local-worker.ts";
import { REPO_ROOT } from "../repo-root.ts";
import {
  ERASURE_COLUMNS,
  ERASURES_QUERY,
  eraseReport,
  eraseStatements,
  exportReport,
  exportStatements,
  subscriberIds,
  withLiterals,
  type Keys,
  type Row,
} from "./personal-data.ts";

const STATUSES = ["pending", "sending", "delivered", "failed", "stored"] as const;
const COLUMNS = ["email", "language", "status", "attempts", "created_at", "delivered_at", "next_attempt_at", "last_error", "page_uri"];

export type SubscriberStatus = (typeof STATUSES)[number];

export interface SubscribersOptions {
  remote: boolean;
  json: boolean;
  persistTo?: string;
  status?: SubscriberStatus;
  help?: boolean;
  /** `--export <email>`: what the site holds about it. */
  exportEmail?: string;
  /** `--erase <email>`: remove it here and in HubSpot. */
  eraseEmail?: string;
  /** `--by NAME`: who asked for the erasure (recorded with it); default: this machine's user. */
  by?: string;
  /** `--erasures`: the erasure requests and their state. */
  erasures?: boolean;
}

/** A row of the outbox as `wrangler d1 execute --json` returns it. */
export type SubscriberRow = Record<string, unknown>;

const isStatus = (value: string): value is SubscriberStatus => (STATUSES as readonly string[]).includes(value);

export function parseArgs(argv: string[]): SubscribersOptions {
  const options: Omit<SubscribersOptions, "status"> & { status?: string } = {
    remote: false,
    json: false,
    persistTo: undefined,
    status: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--remote") options.remote = true;
    else if (arg === "--json") options.json = true;
    else if (arg === "--persist-to") options.persistTo = argv[++i];
    else if (arg === "--status") options.status = argv[++i];
    else if (arg === "--export") options.exportEmail = emailArgument(arg, argv[++i]);
    else if (arg === "--erase") options.eraseEmail = emailArgument(arg, argv[++i]);
    else if (arg === "--by") options.by = argv[++i];
    else if (arg === "--erasures") options.erasures = true;
    else if (arg === "--help" || arg === "-h") options.help = true;
    else throw new Error(`unknown option ${arg}`);
  }
  if (options.exportEmail && options.eraseEmail) throw new Error("--export and --erase exclude each other");
  const { status } = options;
  if (status !== undefined && !isStatus(status)) throw new Error(`--status must be one of ${STATUSES.join(", ")}`);
  if (options.remote && options.persistTo) throw new Error("--remote and --persist-to exclude each other");
  return { ...options, status };
}

function emailArgument(option: string, value: string | undefined): string {
  if (!value?.includes("@")) throw new Error(`${option} needs an email address`);
  return value;
}

export function query(status?: SubscriberStatus): string {
  // status is one of STATUSES (checked above), so it can be part of the SQL text
  const where = status ? ` WHERE status = '${status}'` : "";
  return `SELECT ${COLUMNS.join(", ")} FROM subscribers${where} ORDER BY created_at DESC, id DESC`;
}

/** Runs SQL statements in the outbox's D1 database, in one transaction: the rows of each statement. */
function d1(options: SubscribersOptions, statements: string[]): Row[][] {
  return d1Statements<Row>(options, statements, ["subscribers", "consents", "erasures"]);
}

/**
 * HubSpot's token and API origin for an erasure: the environment's; for the local site also
 * `.dev.vars` (where `npm start` and `npm run hubspot:local` keep them).
 */
export function hubspotAccess(options: SubscribersOptions, env: NodeJS.ProcessEnv = process.env) {
  const local: Record<string, string | undefined> = options.remote ? {} : devVars(join(REPO_ROOT, ".dev.vars"));
  const value = (name: string) => env[name]?.trim() || local[name] || undefined;
  return {
    token: value("HUBSPOT_TOKEN"),
    origin: value("HUBSPOT_API_ORIGIN"),
    formOnly: Boolean(value("HUBSPOT_PORTAL_ID") && value("HUBSPOT_FORM_GUID")),
  };
}

function devVars(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const vars: Record<string, string> = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*"?([^"]*)"?\s*$/.exec(line);
    if (match?.[1]) vars[match[1]] = match[2] ?? "";
  }
  return vars;
}

/**
 * The pseudonym keys: the environment's; locally also `.dev.vars`, else the local-only key every
 * local run has (LOCAL_VARS). The deployed database needs the deployed key: it is never guessed.
 */
export function subscriberKeys(options: SubscribersOptions, env: NodeJS.ProcessEnv = process.env): Keys {
  const local: Record<string, string | undefined> = options.remote ? {} : { ...LOCAL_VARS, ...devVars(join(REPO_ROOT, ".dev.vars")) };
  const current = env.SUBSCRIBER_HASH_KEY?.trim() || local.SUBSCRIBER_HASH_KEY;
  if (!current)
    throw new Error(
      "--remote needs SUBSCRIBER_HASH_KEY (and SUBSCRIBER_HASH_KEY_PREVIOUS after a rotation) in the environment: the production secret",
    );
  return { current, previous: env.SUBSCRIBER_HASH_KEY_PREVIOUS?.trim() || local.SUBSCRIBER_HASH_KEY_PREVIOUS || undefined };
}

async function exportCommand(options: SubscribersOptions, email: string): Promise<string> {
  const ids = await subscriberIds(email, subscriberKeys(options));
  const [outbox = [], consents = [], erasures = []] = d1(options, exportStatements(ids.lookup));
  const held = { email: email.trim(), emailHash: ids.pseudonym, outbox, consents, erasures };
  return options.json ? JSON.stringify(held, null, 2) : exportReport(held);
}

/**
 * The request is recorded and the outbox row deleted in one batch: from then on no delivery sends
 * the address. Then HubSpot is asked once from here (unless a delivery was in flight); what it
 * does not confirm, the site's cron asks again until it does.
 */
async function eraseCommand(options: SubscribersOptions, email: string): Promise<string> {
  const ids = await subscriberIds(email, subscriberKeys(options));
  const now = Date.now();
  const request = { ids, email: normaliseEmail(email), requestedBy: options.by?.trim() || userInfo().username, now };
  const [[recorded] = [], deleted = [], [counted] = []] = d1(options, eraseStatements(request));
  if (!recorded) throw new D1ExecuteError("the erasure request was not recorded");
  const consents = Number(counted?.n ?? 0);
  if (String(recorded.hubspot_next_attempt_at) > new Date(now).toISOString())
    return eraseReport(email.trim(), deleted, consents, { kind: "deferred" });
  const access = hubspotAccess(options);
  if (!access.token) return eraseReport(email.trim(), deleted, consents, { kind: "no-token", formOnly: access.formOnly });
  const hubspot = await gdprDelete(request.email, access);
  if (hubspot.kind === "not-asked") return eraseReport(email.trim(), deleted, consents, hubspot);
  const id = Number(recorded.id);
  const at = new Date().toISOString();
  const sql =
    hubspot.kind === "deleted"
      ? withLiterals(ERASURE_CONFIRMED_SQL, [id, at])
      : withLiterals(ERASURE_FAILED_SQL, [id, at, hubspot.error, new Date(Date.now() + erasureBackoffMs(1)).toISOString()]);
  d1(options, [sql]);
  return eraseReport(email.trim(), deleted, consents, hubspot);
}

/** Rows as aligned columns (cells cut at 60 characters). */
function columns(names: readonly string[], rows: SubscriberRow[]): string[] {
  const cells = rows.map((row) => names.map((column) => (row[column] === null || row[column] === undefined ? "" : String(row[column]))));
  const widths = names.map((column, i) => Math.min(60, Math.max(column.length, ...cells.map((line) => line[i]?.length ?? 0))));
  const line = (values: string[]) =>
    values
      .map((value, i) => {
        const width = widths[i] ?? 0;
        return value.length > width ? `${value.slice(0, width - 1)}…` : value.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  return [line([...names]), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)];
}

export function table(rows: SubscriberRow[]): string {
  if (!rows.length) return "No subscribers yet.";
  const counts = STATUSES.map((status) => [status, rows.filter((row) => row.status === status).length] as const).filter(([, n]) => n);
  return [...columns(COLUMNS, rows), "", `${rows.length} subscriber(s): ${counts.map(([s, n]) => `${n} ${s}`).join(", ")}`].join("\n");
}

/** `--erasures`: every request, and how many HubSpot has still to confirm. */
export function erasuresTable(rows: SubscriberRow[]): string {
  if (!rows.length) return "No erasure requests.";
  const outstanding = rows.filter((row) => row.hubspot_state !== "confirmed").length;
  return [
    ...columns(["subscriber", ...ERASURE_COLUMNS], rows),
    "",
    `${rows.length} erasure request(s): ${outstanding ? `${outstanding} outstanding in HubSpot` : "all confirmed by HubSpot"}`,
  ].join("\n");
}

/** `npm run subscribers -- [options]`. */
export async function main(argv: string[]): Promise<number> {
  let options: SubscribersOptions;
  try {
    options = parseArgs(argv);
  } catch (error) {
    console.error(`subscribers: ${(error as Error).message}`);
    return 2;
  }
  if (options.help) {
    console.log(
      "usage: npm run subscribers -- [--remote | --persist-to DIR] [--status pending|sending|delivered|failed|stored] [--json]\n" +
        "       npm run subscribers -- [--remote | --persist-to DIR] --export <email> [--json] | --erase <email> [--by NAME] | --erasures [--json]\n" +
        "       (--remote needs SUBSCRIBER_HASH_KEY in the environment to find an address)",
    );
    return 0;
  }
  try {
    if (options.exportEmail) {
      console.log(await exportCommand(options, options.exportEmail));
      return 0;
    }
    if (options.eraseEmail) {
      // recorded is done: what HubSpot has not confirmed yet, the cron carries out
      console.log(await eraseCommand(options, options.eraseEmail));
      return 0;
    }
    if (options.erasures) {
      const [rows = []] = d1(options, [ERASURES_QUERY]);
      console.log(options.json ? JSON.stringify(rows, null, 2) : erasuresTable(rows));
      return 0;
    }
    const [rows = []] = d1(options, [query(options.status)]);
    console.log(options.json ? JSON.stringify(rows, null, 2) : table(rows));
    return 0;
  } catch (error) {
    if (!(error instanceof D1ExecuteError)) throw error;
    console.error(`subscribers: ${error.message}`);
    return 1;
  }
}
