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
