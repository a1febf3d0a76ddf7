// SQL against the Worker's D1 database as the operator's commands (`npm run subscribers`, `npm run
// vitals`, `npm run moved-pages`) run it: the deployed database through `wrangler d1 execute
// --remote --json` (the only way in), the local one straight from the SQLite file wrangler keeps in
// its state folder (node:sqlite: ~0.1 s, where starting wrangler for `--local` took ~13 s, issue 54).
// Either way the rows of each statement, or an error that says what failed (a table the migrations
// have not made yet named with what to do).
import { execFileSync } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { REPO_ROOT } from "../repo-root.ts";
import { WRANGLER } from "./local-worker.ts";

export class D1ExecuteError extends Error {
  override name = "D1ExecuteError";
}

/** Where wrangler keeps local state without `--persist-to`. */
export const DEFAULT_LOCAL_STATE = ".wrangler/state";
/** Miniflare's Durable Object class that holds each local D1 database (its files are named by that object's id). */
const D1_OBJECT = "miniflare-D1DatabaseObject";
/** wrangler.toml's D1 binding: without a `database_id` (databases are found by name on deploy), its local object is named by the binding. */
const D1_BINDING = "DB";

/**
 * workerd's `idFromName` for a Durable Object namespace (`uniqueKey`): 16 bytes of an HMAC of the
 * name, then 16 bytes of an HMAC of those, keyed by the SHA-256 of the namespace's key. Miniflare
 * names a local D1 database's SQLite file by it; tests/node/subscribers.test.ts reads a database
 * wrangler itself made, so a change of scheme fails there.
 */
export function durableObjectIdFromName(uniqueKey: string, name: string): string {
  const key = createHash("sha256").update(uniqueKey).digest();
  const named = createHmac("sha256", key).update(name).digest().subarray(0, 16);
  const check = createHmac("sha256", key).update(named).digest().subarray(0, 16);
  return Buffer.concat([named, check]).toString("hex");
}

/** The local D1 database's SQLite file in a wrangler state folder (`--persist-to DIR`, relative to the checkout or absolute). */
export function localD1File(persistTo = DEFAULT_LOCAL_STATE): string {
  return join(resolve(REPO_ROOT, persistTo), "v3", "d1", D1_OBJECT, `${durableObjectIdFromName(D1_OBJECT, D1_BINDING)}.sqlite`);
}

export interface D1Target {
  remote: boolean;
  persistTo?: string;
}

/** Runs `statements` against the local or the deployed database: the rows of each statement, in order. */
export function d1Statements<Row>(target: D1Target, statements: string[], tables: readonly string[]): Row[][] {
  return target.remote ? remoteStatements<Row>(statements, tables) : localStatements<Row>(statements, tables, target.persistTo);
}

const missingTable = (tables: readonly string[], detail: string) => {
  const missing = tables.find((table) => detail.includes(`no such table: ${table}`));
  return (
    missing &&
    new D1ExecuteError(`the table ${missing} does not exist yet; run \`npm start\` once (or \`wrangler d1 migrations apply DB\`).`)
  );
};

/**
 * One transaction, as wrangler's batch is: all or nothing. A site serving the same file meanwhile
 * (npm start) is waited for up to 5 s; SQLite's own locks keep the two apart.
 */
function localStatements<Row>(statements: string[], tables: readonly string[], persistTo?: string): Row[][] {
  const file = localD1File(persistTo);
  if (!existsSync(file))
    throw new D1ExecuteError(`no local database at ${file}; run \`npm start\` once (it makes it and applies the migrations).`);
  const db = new DatabaseSync(file);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.exec("BEGIN");
    const rows = statements.map((sql) => db.prepare(sql).all() as Row[]);
    db.exec("COMMIT");
    return rows;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    const detail = error instanceof Error ? error.message : String(error);
    throw missingTable(tables, detail) ?? new D1ExecuteError(`the local database refused a statement: ${detail}`);
  } finally {
    db.close();
  }
}

/** The deployed database is production's (wrangler.toml [env.production]), found by its name. */
export const remoteArgs = (statements: string[]) => [
  "d1",
  "execute",
  "DB",
  "--remote",
  "--env",
  "production",
  "--json",
  "--command",
  statements.join(";\n"),
];

function remoteStatements<Row>(statements: string[], tables: readonly string[]): Row[][] {
  const args = remoteArgs(statements);
  let output: string;
  try {
    output = execFileSync(process.execPath, [WRANGLER, ...args], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
  } catch (error) {
    // execFileSync's error carries the child's output (strings, as encoding is utf8)
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const detail = `${stdout ?? ""}${stderr ?? ""}`;
    throw missingTable(tables, detail) ?? new D1ExecuteError(`wrangler d1 execute failed\n${detail}`);
  }
  const answer = JSON.parse(output.slice(output.indexOf("["))) as Array<{ results?: Row[] }>;
  return answer.map((result) => result.results ?? []);
}
