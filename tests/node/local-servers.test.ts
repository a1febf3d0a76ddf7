// The browser tests' local sites (tests/e2e/servers.ts) start at once in one process
// (tests/e2e/sites.ts, with tools/local/serve.ts), each on a port and a state folder of its own,
// with D1's migrations applied through the Worker's own binding as wrangler applies them.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations } from "../../tools/local/serve.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { SITES } from "../e2e/servers.ts";
import { openLocalD1 } from "../helpers/local-d1.ts";

describe("the browser tests' local sites", () => {
  it("each have a port and a state of their own, so started at once none takes another's", () => {
    const ports = SITES.map(({ port }) => port);
    expect(new Set(ports).size).toBe(ports.length);
    const states = SITES.map(({ persist }) => persist);
    expect(new Set(states).size).toBe(states.length);
  });
});

describe("applyMigrations (tools/local/serve.ts)", () => {
  // the Worker's D1 database (wrangler.toml) on an empty local state
  const state = mkdtempSync(join(tmpdir(), "d1-state-"));
  const local = openLocalD1(state);
  afterAll(async () => {
    await (await local).close();
    rmSync(state, { recursive: true, force: true });
  });
  const migrations = join(REPO_ROOT, "migrations");

  it("applies every migration once, in order, in wrangler's bookkeeping table, and nothing the second time", async () => {
    const { db } = await local;
    const files = readdirSync(migrations)
      .filter((name) => name.endsWith(".sql"))
      .sort();
    expect(files.length).toBeGreaterThan(1);
    expect(await applyMigrations(db, migrations)).toEqual(files);
    const { results } = await db.prepare("SELECT name FROM d1_migrations ORDER BY id").all<{ name: string }>();
    expect(results.map((row) => row.name)).toEqual(files);
    // a statement over several lines, and a trigger with statements of its own (0007) made it whole
    const triggers = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all<{ name: string }>();
    expect(triggers.results.map((row) => row.name)).toContain("page_paths_cv_forward");
    expect(await applyMigrations(db, migrations)).toEqual([]);
  });

  it("leaves nothing of a migration that fails, and applies it once it is fixed", async () => {
    const { db } = await local;
    const dir = mkdtempSync(join(tmpdir(), "migrations-"));
    try {
      writeFileSync(join(dir, "0001_notes.sql"), "CREATE TABLE notes (id INTEGER PRIMARY KEY);\nINSERT INTO nowhere VALUES (1);\n");
      await expect(applyMigrations(db, dir)).rejects.toThrow(/no such table: nowhere/);
      const tables = async () => (await db.prepare("SELECT name FROM sqlite_master WHERE name = 'notes'").all()).results;
      expect(await tables()).toEqual([]);
      writeFileSync(join(dir, "0001_notes.sql"), "CREATE TABLE notes (id INTEGER PRIMARY KEY);\n");
      expect(await applyMigrations(db, dir)).toEqual(["0001_notes.sql"]);
      expect(await tables()).toEqual([{ name: "notes" }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
