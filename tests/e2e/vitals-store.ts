import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { REPO_ROOT } from "../../tools/repo-root.ts";

export type StoredVital = Record<string, string | number>;

export interface VitalsStore {
  /** The data points written since `sinceMs`, in the order they were stored. */
  since(sinceMs: number): Promise<StoredVital[]>;
  close(): Promise<void>;
}

/**
 * A local site's field-measurement store (the `vitals` table of its D1 state), read beside the
 * running site. Read from the store, not from the page: Chromium sends a beacon of a page being left
 * after the page is gone, where Playwright (and DevTools) no longer see its requests.
 *
 * Through wrangler's getPlatformProxy, opened once: the site's D1 binding over its state folder in a
 * workerd of its own, as `wrangler d1 execute --local` opens it for each read (a wrangler process, ~3 s
 * of CPU a read, and a test polls). The proxy is given wrangler.toml's D1 database only (with the
 * Durable Objects it would warn that their classes are not there).
 */
export async function openVitalsStore(state: string): Promise<VitalsStore> {
  const { name, compatibility_date, d1_databases } = unstable_readConfig({ config: join(REPO_ROOT, "wrangler.toml") });
  const dir = mkdtempSync(join(tmpdir(), "vitals-store-"));
  writeFileSync(join(dir, "wrangler.json"), JSON.stringify({ name, compatibility_date, d1_databases }));
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: join(dir, "wrangler.json"),
    // wrangler's --persist-to DIR keeps its bindings' data in DIR/v3
    persist: { path: join(REPO_ROOT, state, "v3") },
  });
  return {
    async since(sinceMs) {
      const query = proxy.env.DB.prepare("SELECT * FROM vitals WHERE timestamp >= ? ORDER BY id").bind(Math.floor(sinceMs));
      return (await query.all<StoredVital>()).results;
    },
    async close() {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
