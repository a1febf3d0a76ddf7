import { applyD1Migrations, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";

/** Applies migrations/ to the test D1 database (again after `reset()`, which deletes all storage). */
export async function migrateD1(): Promise<void> {
  await applyD1Migrations(env.DB, (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);
}
