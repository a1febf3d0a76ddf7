// `npm run subscribers`: lists the newsletter signups in the D1 outbox, newest first. Reads the
// local database that `npm start` uses; `--remote` reads the deployed one (needs wrangler login),
// `--persist-to DIR` another local state directory, `--status NAME` only rows with that status,
// `--json` prints the rows as JSON. Shows email addresses: for the people who manage the list.
import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "../repo-root.ts";

const STATUSES = ["pending", "sending", "delivered", "failed", "stored"] as const;
const COLUMNS = ["email", "language", "status", "attempts", "created_at", "delivered_at", "next_attempt_at", "last_error", "page_uri"];

export type SubscriberStatus = (typeof STATUSES)[number];

export interface SubscribersOptions {
  remote: boolean;
  json: boolean;
  persistTo?: string;
  status?: SubscriberStatus;
  help?: boolean;
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
    else if (arg === "--help" || arg === "-h") options.help = true;
    else throw new Error(`unknown option ${arg}`);
  }
  const { status } = options;
  if (status !== undefined && !isStatus(status)) throw new Error(`--status must be one of ${STATUSES.join(", ")}`);
  if (options.remote && options.persistTo) throw new Error("--remote and --persist-to exclude each other");
  return { ...options, status };
}

export function query(status?: SubscriberStatus): string {
  // status is one of STATUSES (checked above), so it can be part of the SQL text
  const where = status ? ` WHERE status = '${status}'` : "";
  return `SELECT ${COLUMNS.join(", ")} FROM subscribers${where} ORDER BY created_at DESC, id DESC`;
}

export function wranglerArgs(options: SubscribersOptions): string[] {
  return [
    "d1",
    "execute",
    "DB",
    options.remote ? "--remote" : "--local",
    ...(options.persistTo ? ["--persist-to", options.persistTo] : []),
    "--json",
    "--command",
    query(options.status),
  ];
}

export function table(rows: SubscriberRow[]): string {
  if (!rows.length) return "No subscribers yet.";
  const cells = rows.map((row) => COLUMNS.map((column) => (row[column] === null || row[column] === undefined ? "" : String(row[column]))));
  const widths = COLUMNS.map((column, i) => Math.min(60, Math.max(column.length, ...cells.map((line) => line[i]?.length ?? 0))));
  const line = (values: string[]) =>
    values
      .map((value, i) => {
        const width = widths[i] ?? 0;
        return value.length > width ? `${value.slice(0, width - 1)}…` : value.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  const counts = STATUSES.map((status) => [status, rows.filter((row) => row.status === status).length] as const).filter(([, n]) => n);
  return [
    line(COLUMNS),
    line(widths.map((w) => "-".repeat(w))),
    ...cells.map(line),
    "",
    `${rows.length} subscriber(s): ${counts.map(([s, n]) => `${n} ${s}`).join(", ")}`,
  ].join("\n");
}

/** `npm run subscribers -- [options]`. */
export function main(argv: string[]): number {
  let options: SubscribersOptions;
  try {
    options = parseArgs(argv);
  } catch (error) {
    console.error(`subscribers: ${(error as Error).message}`);
    return 2;
  }
  if (options.help) {
    console.log("usage: npm run subscribers -- [--remote | --persist-to DIR] [--status pending|sending|delivered|failed|stored] [--json]");
    return 0;
  }
  let output: string;
  try {
    output = execFileSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", ...wranglerArgs(options)], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
  } catch (error) {
    // execFileSync's error carries the child's output (strings, as encoding is utf8)
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const detail = `${stdout ?? ""}${stderr ?? ""}`;
    if (/no such table: subscribers/.test(detail)) {
      console.error("subscribers: the outbox table does not exist yet; run `npm start` once (or `wrangler d1 migrations apply DB`).");
    } else {
      console.error(`subscribers: wrangler d1 execute failed\n${detail}`);
    }
    return 1;
  }
  const answer = JSON.parse(output.slice(output.indexOf("["))) as Array<{ results?: SubscriberRow[] }>;
  const rows = answer[0]?.results ?? [];
  console.log(options.json ? JSON.stringify(rows, null, 2) : table(rows));
  return 0;
}
