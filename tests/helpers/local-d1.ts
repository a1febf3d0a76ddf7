import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { REPO_ROOT } from "../../tools/repo-root.ts";

export interface LocalD1 {
  db: D1Database;
  close(): Promise<void>;
}

/**
 * The Worker's D1 database (wrangler.toml's DB) in a wrangler local state folder (`--persist-to
 * DIR`, relative to the checkout or absolute), opened from Node, beside a site that may be serving
 * it, as `wrangler d1 execute --local` opens it: in a workerd of wrangler's getPlatformProxy, once
 * (a wrangler process per statement costs ~3 s of CPU). The proxy is given the D1 database only:
 * with wrangler.toml's Durable Objects it would warn that their classes are not there.
 */
export async function openLocalD1(state: string): Promise<LocalD1> {
  const { name, compatibility_date, d1_databases } = unstable_readConfig({ config: join(REPO_ROOT, "wrangler.toml") });
  const dir = mkdtempSync(join(tmpdir(), "local-d1-"));
  writeFileSync(join(dir, "wrangler.json"), JSON.stringify({ name, compatibility_date, d1_databases }));
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: join(dir, "wrangler.json"),
    // wrangler's --persist-to DIR keeps its bindings' data in DIR/v3
    persist: { path: join(resolve(REPO_ROOT, state), "v3") },
  });
  return {
    db: proxy.env.DB,
    async close() {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
