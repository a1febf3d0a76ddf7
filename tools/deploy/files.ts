// What a deploy writes before wrangler runs: the config with the ids (deploy-config.ts) and the
// static assets it uploads, both under .generated/deploy/ (never committed).
//
// The assets are the build's (dist/public) less `_img/`: the embedded demo space's images (~26 MB),
// which the Worker serves only without a Storyblok token, and every deployed target requires one
// (`secrets.required`). The copy is made of hard links: no bytes are copied, and wrangler hashes
// the same files the build wrote.
import { linkSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RawConfig, type Target, bindingsSection, deployConfig, workerName } from "./deploy-config.ts";

/** Top-level folders of the build's assets that no deployed target serves. */
export const DEMO_ONLY_ASSETS = ["_img"];

export interface Prepared {
  configPath: string;
  /** `--config FILE --env NAME`: what every wrangler command of this deploy is given. */
  wranglerArgs: string[];
  /** The D1 bindings whose migrations run before the upload. */
  databases: string[];
  assetsNote: string;
}

/** Links every file below `from` into `to`, leaving out the top-level entries in `skip`; returns the count. */
export function linkTree(from: string, to: string, skip: readonly string[] = []): number {
  rmSync(to, { recursive: true, force: true });
  let count = 0;
  const walk = (source: string, target: string, top: boolean) => {
    mkdirSync(target, { recursive: true });
    for (const entry of readdirSync(source, { withFileTypes: true })) {
      if (top && skip.includes(entry.name)) continue;
      if (entry.isDirectory()) walk(join(source, entry.name), join(target, entry.name), false);
      else if (entry.isFile()) {
        linkSync(join(source, entry.name), join(target, entry.name));
        count++;
      }
    }
  };
  walk(from, to, true);
  return count;
}

export function prepareFiles(raw: RawConfig, target: Target, ids: Record<string, string>, root: string): Prepared {
  const dir = join(root, ".generated/deploy");
  const name = target.preview === undefined ? workerName(raw, target.env) : `${workerName(raw, target.env)}-preview-${target.preview}`;
  const assets = join(dir, `${name}.assets`);
  const files = linkTree(join(root, raw.assets?.directory ?? "dist/public"), assets, DEMO_ONLY_ASSETS);
  const configPath = join(dir, `${name}.wrangler.json`);
  writeFileSync(configPath, `${JSON.stringify(deployConfig(raw, target, ids, root, assets), null, 2)}\n`);
  return {
    configPath,
    wranglerArgs: ["--config", configPath, "--env", target.env],
    databases: (bindingsSection(raw, target).d1_databases ?? []).filter((db) => db.migrations_dir).map((db) => db.binding),
    assetsNote: `${files} files (the demo space's ${DEMO_ONLY_ASSETS.join(", ")} left out)`,
  };
}
