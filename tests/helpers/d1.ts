import { applyD1Migrations, reset, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";

/** Applies migrations/ to the test D1 database (again after `reset()`, which deletes all storage). */
export async function migrateD1(): Promise<void> {
  await applyD1Migrations(env.DB, (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);
}

/**
 * Empty storage, as `reset()` leaves it, with the D1 schema in place again: every page request reads
 * the learned redirects (migration 0006), as production reads them from a migrated database.
 */
export async function resetStorage(): Promise<void> {
  await reset();
  await migrateD1();
}

/** Every table of the site's D1 database (not SQLite's, D1's or wrangler's own) and every value in them, as text: where an address could hide. */
export async function everythingInD1(): Promise<{ tables: string[]; text: string }> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  ).all<{ name: string }>();
  const dumps = await Promise.all(
    tables.map(async ({ name }) => JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results)),
  );
  return { tables: tables.map((t) => t.name).sort(), text: dumps.join("\n") };
}
