/**
 * KV namespaces and D1 databases. D1's `query` and `raw` run the SQL for real in the database's
 * own SQLite file, one transaction per request: a failing statement leaves nothing of its batch
 * behind, as D1 does, and answers 400 with code 7500 and SQLite's message.
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { type Answer, type Call, notFound, ok, page, refuse } from "./envelope.ts";
import { type D1Database, hexId, now, uuid } from "./state.ts";

export function listKv(call: Call): Answer {
  const order = call.query.get("order");
  const items = [...call.account.state.kvNamespaces];
  if (order === "title" || order === "id") items.sort((a, b) => a[order].localeCompare(b[order]));
  if (call.query.get("direction") === "desc") items.reverse();
  return page(items, call.query, 20);
}

export function createKv(call: Call): Answer {
  const title = String(call.json.title);
  const { state } = call.account;
  if (state.kvNamespaces.some((ns) => ns.title === title))
    return refuse(400, 10014, "a namespace with this account ID and title already exists");
  const namespace = { id: hexId(), title, supports_url_encoding: true };
  state.kvNamespaces.push(namespace);
  call.account.changed();
  return ok(namespace);
}

export function getKv(call: Call): Answer {
  const namespace = call.account.state.kvNamespaces.find((ns) => ns.id === call.params.namespace_id);
  return namespace ? ok(namespace) : notFound(10013, "namespace not found");
}

function describeDatabase(call: Call, db: D1Database) {
  const sqlite = call.account.database(db.uuid);
  const tables = sqlite.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").get() as {
    n: number;
  };
  const size = sqlite.prepare("SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()").get() as {
    bytes: number;
  };
  return {
    ...db,
    num_tables: Number(tables.n),
    file_size: Number(size.bytes),
    running_in_region: "WEUR",
    read_replication: { mode: "disabled" },
  };
}

export function listD1(call: Call): Answer {
  const name = call.query.get("name");
  const items = call.account.state.d1Databases.filter((db) => !name || db.name === name);
  return page(items, call.query, 1000);
}

export function createD1(call: Call): Answer {
  const { state } = call.account;
  const name = String(call.json.name);
  if (state.d1Databases.some((db) => db.name === name)) return refuse(400, 7502, "A database with that name already exists");
  const db: D1Database = { uuid: uuid(), name, created_at: now(), version: "production" };
  if (call.json.primary_location_hint) db.primary_location_hint = String(call.json.primary_location_hint);
  state.d1Databases.push(db);
  call.account.changed();
  return ok(describeDatabase(call, db));
}

function findD1(call: Call): D1Database | undefined {
  const key = call.params.database_id;
  return call.account.state.d1Databases.find((db) => db.uuid === key);
}

export function getD1(call: Call): Answer {
  const db = findD1(call);
  return db ? ok(describeDatabase(call, db)) : notFound(7404, `The database ${call.params.database_id} could not be found`);
}

/**
 * Statements of a batch, split at semicolons outside quotes and comments; a trigger's body keeps
 * its own semicolons until its END.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i] ?? "";
    const next = sql[i + 1];
    if (quote) {
      current += ch;
      if (ch === quote) quote = null;
    } else if (ch === "-" && next === "-") {
      const end = sql.indexOf("\n", i);
      i = end === -1 ? sql.length : end;
      current += "\n";
    } else if (ch === "/" && next === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end === -1 ? sql.length : end + 1;
      current += " ";
    } else if (ch === "'" || ch === '"' || ch === "`" || ch === "[") {
      quote = ch === "[" ? "]" : ch;
      current += ch;
    } else if (ch === ";" && !(/^\s*CREATE\s+(TEMP\s+|TEMPORARY\s+)?TRIGGER\b/i.test(current) && !/\bEND\s*$/i.test(current))) {
      if (current.trim()) statements.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

interface StatementResult {
  rows: Array<Record<string, unknown>>;
  columns: string[];
  changes: number;
  lastRowId: number;
  duration: number;
}

/** Runs a batch in one transaction; throws SQLite's error after rolling the batch back. */
function runBatch(db: DatabaseSync, sql: string, params: SQLInputValue[]): StatementResult[] {
  const statements = splitStatements(sql);
  const results: StatementResult[] = [];
  db.exec("BEGIN");
  try {
    for (const text of statements) {
      const started = performance.now();
      const statement = db.prepare(text);
      const rows = (statements.length === 1 ? statement.all(...params) : statement.all()) as Array<Record<string, unknown>>;
      const columns = statement.columns().map((column) => column.name);
      const counts = db.prepare("SELECT changes() AS changes, last_insert_rowid() AS id").get() as { changes: number; id: number };
      const changes = /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(text) ? Number(counts.changes) : 0;
      results.push({ rows, columns, changes, lastRowId: Number(counts.id), duration: performance.now() - started });
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  return results;
}

const meta = (result: StatementResult, db: DatabaseSync) => ({
  served_by: "stand-in",
  served_by_region: "WEUR",
  served_by_primary: true,
  duration: result.duration,
  changes: result.changes,
  last_row_id: result.lastRowId,
  changed_db: result.changes > 0,
  size_after: Number(
    (db.prepare("SELECT page_count * page_size AS b FROM pragma_page_count(), pragma_page_size()").get() as { b: number }).b,
  ),
  rows_read: result.rows.length,
  rows_written: result.changes,
  timings: { sql_duration_ms: result.duration },
});

function execute(call: Call, shape: "objects" | "arrays"): Answer {
  const database = findD1(call);
  if (!database) return notFound(7404, `The database ${call.params.database_id} could not be found`);
  const db = call.account.database(database.uuid);
  let results: StatementResult[];
  try {
    results = runBatch(db, String(call.json.sql), (call.json.params ?? []) as SQLInputValue[]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as { errstr?: string }).errstr ?? "SQLITE_ERROR";
    return refuse(400, 7500, `${message}: ${code.startsWith("SQLITE") ? code : "SQLITE_ERROR"}`);
  }
  call.account.changed();
  return ok(
    results.map((result) => ({
      results:
        shape === "objects" ? result.rows : { columns: result.columns, rows: result.rows.map((row) => result.columns.map((c) => row[c])) },
      success: true,
      meta: meta(result, db),
    })),
  );
}

export const queryD1 = (call: Call) => execute(call, "objects");
export const rawD1 = (call: Call) => execute(call, "arrays");
