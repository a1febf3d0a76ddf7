// The built site served by wrangler's own dev server (its startWorker API) as `wrangler dev` serves
// it, without the file watchers `wrangler dev` keeps for reloading (esbuild's and wrangler's: ~0.03
// of a core each server while idle, measured, and a write under the project while a test runs could
// make esbuild's watcher crash): for the browser tests' sites (tests/e2e/sites.ts), which serve one
// build and never reload. D1's migrations are applied through the started Worker's own binding, as
// `wrangler d1 migrations apply --local` applies them (wrangler's bookkeeping table: it agrees
// afterwards), before serve() returns: a wrangler process of its own cost each site ~5 s of CPU.
import { once } from "node:events";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { unstable_DevEnv, unstable_splitSqlQuery } from "wrangler";
import { REPO_ROOT } from "../repo-root.ts";
import { LOCAL_VARS } from "./local-worker.ts";

/** What applying migrations needs of a D1 database (the Worker's binding, reached from Node). */
interface D1 {
  prepare(sql: string): { bind(...values: unknown[]): unknown; all<Row>(): Promise<{ results: Row[] }> };
  batch(statements: unknown[]): Promise<unknown>;
}

/** wrangler's table of applied migrations (`wrangler d1 migrations apply` reads and writes the same). */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/**
 * Applies the `.sql` files of `dir` not applied yet, in name order, each in one batch (a
 * transaction) with its row in `d1_migrations`, statements split as wrangler splits them. Answers
 * the names applied.
 */
export async function applyMigrations(db: D1, dir: string): Promise<string[]> {
  await db.batch([db.prepare(MIGRATIONS_TABLE)]);
  const { results } = await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>();
  const applied = new Set(results.map((row) => row.name));
  const pending = (await readdir(dir)).filter((name) => name.endsWith(".sql") && !applied.has(name)).sort();
  for (const name of pending) {
    const statements = unstable_splitSqlQuery(await readFile(join(dir, name), "utf8")).map((sql) => db.prepare(sql));
    await db.batch([...statements, db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name)]);
  }
  return pending;
}

export interface ServeOptions {
  port: number;
  /** wrangler's local state folder (KV, D1), relative to the checkout. */
  persist: string;
  vars: Record<string, string>;
  /** Another entry than wrangler.toml's `main` (the browser tests' late-content Worker). */
  entry?: string;
}

/** Serves the site on 127.0.0.1:`port` (no DevTools inspector) once its D1 schema is applied; answers how to stop it. */
export async function serve({ port, persist, vars, entry }: ServeOptions): Promise<() => Promise<void>> {
  // wrangler's own switch for its wrangler.toml watcher
  process.env.WRANGLER_CI_DISABLE_CONFIG_WATCHING = "true";
  const bindings = Object.fromEntries(
    Object.entries({ ...LOCAL_VARS, ...vars }).map(([name, value]) => [name, { type: "plain_text" as const, value }]),
  );
  // what unstable_startWorker does, with a listener on the Worker's first load before it can happen
  const devEnv = new unstable_DevEnv();
  const loaded = once(devEnv, "reloadComplete");
  const worker = await devEnv.startWorker({
    config: `${REPO_ROOT}/wrangler.toml`,
    ...(entry ? { entrypoint: `${REPO_ROOT}/${entry}` } : {}),
    bindings,
    dev: {
      watch: false,
      server: { hostname: "127.0.0.1", port },
      inspector: false,
      persist: `${REPO_ROOT}/${persist}`,
      logLevel: "error",
    },
  });
  await worker.ready;
  await loaded;
  const mf = devEnv.runtimes.find((runtime) => runtime.mf)?.mf;
  if (!mf) throw new Error("wrangler's local runtime did not start");
  const db = worker.config.bindings?.DB;
  if (db?.type !== "d1") throw new Error("wrangler.toml binds no D1 database as DB");
  await applyMigrations((await mf.getD1Database("DB")) as unknown as D1, join(REPO_ROOT, db.migrations_dir ?? "migrations"));
  return () => worker.dispose();
}
