// The config a deploy hands wrangler: wrangler.toml as committed (no ids in it), with the id of
// every resource the deploy found or created filled in for the one target it deploys, written
// under .generated/deploy/ and never committed. Pure: the files are read and written by deploy.ts.

/** wrangler.toml as wrangler reads it (`experimental_readRawConfig`), in the parts used here. */
export interface RawConfig {
  name: string;
  main: string;
  assets?: { directory: string; binding?: string };
  migrations?: Array<{ tag: string }>;
  env?: Record<string, RawSection>;
  [key: string]: unknown;
}

export interface RawSection {
  name?: string;
  kv_namespaces?: Array<{ binding: string; id?: string }>;
  d1_databases?: Array<{ binding: string; database_name?: string; database_id?: string; migrations_dir?: string }>;
  secrets?: { required?: string[] };
  previews?: RawSection;
  [key: string]: unknown;
}

export const ENVIRONMENTS = ["production", "staging"] as const;
export type EnvName = (typeof ENVIRONMENTS)[number];

/** Where a deploy goes: an environment's Worker, or a branch preview of production's. */
export interface Target {
  env: EnvName;
  /** A Worker Preview's name (the branch): the production Worker's `previews` settings. */
  preview?: string;
}

/** A resource with an id that the target binds, by the name it has in the account. */
export interface Needed {
  /** `kv:BINDING` or `d1:BINDING`: where its id goes. */
  key: string;
  kind: "kv" | "d1";
  binding: string;
  name: string;
}

export class DeployConfigError extends Error {
  override name = "DeployConfigError";
}

function envSection(raw: RawConfig, env: EnvName): RawSection {
  const section = raw.env?.[env];
  if (!section) throw new DeployConfigError(`wrangler.toml has no [env.${env}]`);
  return section;
}

/** The settings a target's bindings come from: the environment's, or its previews'. */
export function bindingsSection(raw: RawConfig, target: Target): RawSection {
  const section = envSection(raw, target.env);
  if (target.preview === undefined) return section;
  if (!section.previews) throw new DeployConfigError(`wrangler.toml has no [env.${target.env}.previews] for branch previews`);
  return section.previews;
}

export const workerName = (raw: RawConfig, env: EnvName): string => envSection(raw, env).name ?? `${raw.name}-${env}`;

/**
 * wrangler's own name for a resource it provisions for a binding (`<worker>-<binding>` in lower
 * case, dashes for underscores), with `-previews` for the previews' own.
 */
export const resourceName = (worker: string, binding: string, preview: boolean): string =>
  `${worker}${preview ? "-previews" : ""}-${binding.toLowerCase().replaceAll("_", "-")}`;

/** The KV namespaces and D1 databases the target binds, each with the name it goes by. */
export function neededResources(raw: RawConfig, target: Target): Needed[] {
  const worker = workerName(raw, target.env);
  const section = bindingsSection(raw, target);
  const preview = target.preview !== undefined;
  const kv = (section.kv_namespaces ?? []).map(
    ({ binding }): Needed => ({ key: `kv:${binding}`, kind: "kv", binding, name: resourceName(worker, binding, preview) }),
  );
  const d1 = (section.d1_databases ?? []).map(({ binding, database_name }): Needed => {
    if (!database_name) throw new DeployConfigError(`the D1 binding ${binding} of ${worker} has no database_name`);
    return { key: `d1:${binding}`, kind: "d1", binding, name: database_name };
  });
  return [...kv, ...d1];
}

/** The secrets the target refuses to run without (wrangler's `secrets.required`; a preview: its environment's). */
export const requiredSecrets = (raw: RawConfig, target: Target): string[] => envSection(raw, target.env).secrets?.required ?? [];

/** The canonical origin the target's pages name (its SITE_URL var), if it has one. */
export const siteUrlOf = (raw: RawConfig, target: Target): string | undefined =>
  (bindingsSection(raw, target).vars as Record<string, string> | undefined)?.SITE_URL;

/** The tag of the last Durable Object migration: a version carrying another one needs `wrangler deploy`. */
export const migrationTag = (raw: RawConfig): string | undefined => raw.migrations?.at(-1)?.tag;

const absolute = (root: string, path: string) => (path.startsWith("/") ? path : `${root}/${path.replace(/^\.\//, "")}`);

/** Every relative path made absolute, as the generated config lives elsewhere than wrangler.toml. */
function withAbsolutePaths(section: RawSection, root: string): RawSection {
  return {
    ...section,
    ...(section.d1_databases && {
      d1_databases: section.d1_databases.map((db) => ({
        ...db,
        ...(db.migrations_dir && { migrations_dir: absolute(root, db.migrations_dir) }),
      })),
    }),
  };
}

function withIds(section: RawSection, ids: Record<string, string>): RawSection {
  const id = (key: string) => {
    const found = ids[key];
    if (!found) throw new DeployConfigError(`no id for ${key}`);
    return found;
  };
  return {
    ...section,
    ...(section.kv_namespaces && { kv_namespaces: section.kv_namespaces.map((kv) => ({ ...kv, id: id(`kv:${kv.binding}`) })) }),
    ...(section.d1_databases && {
      d1_databases: section.d1_databases.map((db) => ({ ...db, database_id: id(`d1:${db.binding}`) })),
    }),
  };
}

/**
 * The whole config with the target's ids, absolute paths (it is written to .generated/deploy/) and
 * the assets from `assetsDirectory` (the build's, less what the deployed site never serves). For a
 * preview the environment's own bindings are the previews' too, so nothing in the file it deploys
 * and migrates with can reach production's data.
 */
export function deployConfig(
  raw: RawConfig,
  target: Target,
  ids: Record<string, string>,
  root: string,
  assetsDirectory: string,
): RawConfig {
  const env = withAbsolutePaths(envSection(raw, target.env), root);
  let filled: RawSection;
  if (target.preview === undefined) filled = withIds(env, ids);
  else {
    const previews = withIds(withAbsolutePaths(bindingsSection(raw, target), root), ids);
    filled = { ...env, kv_namespaces: previews.kv_namespaces, d1_databases: previews.d1_databases, previews };
  }
  return {
    ...(withAbsolutePaths(raw as RawSection, root) as RawConfig),
    main: absolute(root, raw.main),
    ...(raw.assets && { assets: { ...raw.assets, directory: assetsDirectory } }),
    env: { ...raw.env, [target.env]: filled },
  };
}
