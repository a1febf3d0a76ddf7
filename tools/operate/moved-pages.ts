// `npm run moved-pages`: the redirects the site learned from publishes (a page whose slug changed:
// its old path -> its current one), newest first, and `--remove PATH` to drop one. Reads the local
// database that `npm start` uses; `--remote` the deployed one (needs wrangler login), `--persist-to
// DIR` another local state directory. A removal is served from the next publish on (the site
// keeps the list per cache version).
import { D1ExecuteError, d1Statements } from "../local/d1-execute.ts";

const COLUMNS = ["from_path", "to_path", "lang", "story_id", "learned_at"];

export interface MovedPagesOptions {
  remote: boolean;
  json: boolean;
  persistTo?: string;
  remove?: string;
  help?: boolean;
}

export function parseArgs(argv: string[]): MovedPagesOptions {
  const options: MovedPagesOptions = { remote: false, json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--remote") options.remote = true;
    else if (arg === "--json") options.json = true;
    else if (arg === "--persist-to") options.persistTo = argv[++i];
    else if (arg === "--remove") options.remove = argv[++i];
    else if (arg === "--help" || arg === "-h") options.help = true;
    else throw new Error(`unknown option ${arg}`);
  }
  if (options.remote && options.persistTo) throw new Error("--remote and --persist-to exclude each other");
  const { remove } = options;
  if (remove !== undefined && !(remove.startsWith("/") && remove.length <= 2048 && [...remove].every((ch) => ch >= " " && ch !== "\u007f")))
    throw new Error("--remove takes a site path, e.g. /insights/old-slug");
  return options;
}

/** The SQL: a listing, or a removal (the path is a quoted SQL string: quotes doubled). */
export function query(options: Pick<MovedPagesOptions, "remove">): string {
  if (options.remove !== undefined)
    return `DELETE FROM moved_pages WHERE from_path = '${options.remove.replaceAll("'", "''")}' RETURNING ${COLUMNS.join(", ")}`;
  return `SELECT ${COLUMNS.join(", ")} FROM moved_pages ORDER BY learned_at DESC, from_path`;
}

export function table(rows: Array<Record<string, unknown>>): string {
  if (!rows.length) return "No learned redirects.";
  const cells = rows.map((row) =>
    COLUMNS.map((column) => (column === "learned_at" ? new Date(Number(row[column])).toISOString() : String(row[column] ?? ""))),
  );
  const widths = COLUMNS.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i]?.length ?? 0)));
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(COLUMNS), line(widths.map((w) => "-".repeat(w))), ...cells.map(line), "", `${rows.length} learned redirect(s)`].join("\n");
}

/** `npm run moved-pages -- [options]`. */
export function main(argv: string[]): number {
  let options: MovedPagesOptions;
  try {
    options = parseArgs(argv);
  } catch (error) {
    console.error(`moved-pages: ${(error as Error).message}`);
    return 2;
  }
  if (options.help) {
    console.log("usage: npm run moved-pages -- [--remote | --persist-to DIR] [--json] [--remove /old/path]");
    return 0;
  }
  let rows: Array<Record<string, unknown>>;
  try {
    rows = d1Statements<Record<string, unknown>>(options, [query(options)], ["moved_pages"])[0] ?? [];
  } catch (error) {
    if (!(error instanceof D1ExecuteError)) throw error;
    console.error(`moved-pages: ${error.message}`);
    return 1;
  }
  if (options.remove !== undefined) {
    console.log(
      rows.length ? `Removed ${options.remove}: served no more from the next publish on.` : `No learned redirect at ${options.remove}.`,
    );
    return rows.length ? 0 : 1;
  }
  console.log(options.json ? JSON.stringify(rows, null, 2) : table(rows));
  return 0;
}
