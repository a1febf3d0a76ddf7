// `npm run rollback -- [--env production|staging] [--to VERSION_ID] [--message TEXT]`: all traffic
// back on the version that served before the current one (or on --to), through `wrangler rollback`.
// Before it asks Cloudflare, it says when Cloudflare cannot: a Durable Object migration deployed
// since that version (every deploy tags its version with the migration it carries), or a KV
// namespace or D1 database that version binds and that no longer exists.
//
// D1 is never rolled back: migrations are forward-only, and the version rolled back to runs on the
// schema as the newer one left it (docs/operations.md: write migrations that the previous version
// still runs with).
import { REPO_ROOT } from "../repo-root.ts";
import { type CloudflareApi, accountFromEnv, cloudflareApi } from "./cloudflare-api.ts";
import { type EnvName, ENVIRONMENTS, type RawConfig, workerName } from "./deploy-config.ts";
import { type RunWrangler, errorCode, wranglerRunner } from "./wrangler.ts";
import { DeployError, UsageError, committedConfig, runTool } from "./errors.ts";

export interface RollbackOptions {
  env: EnvName;
  to?: string;
  message: string;
  help?: boolean;
}

export const USAGE = "usage: npm run rollback -- [--env production|staging] [--to VERSION_ID] [--message TEXT]";

export function parseArgs(argv: string[]): RollbackOptions {
  const options: RollbackOptions = { env: "production", message: "npm run rollback" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    if (["--env", "--to", "--message"].includes(arg) && (value === undefined || value.startsWith("--")))
      throw new UsageError(`${arg} needs a value\n${USAGE}`);
    if (arg === "--env") options.env = argv[++i] as EnvName;
    else if (arg === "--to") options.to = argv[++i];
    else if (arg === "--message") options.message = argv[++i]!;
    else if (arg === "--help" || arg === "-h") options.help = true;
    else throw new UsageError(`unknown option ${arg}\n${USAGE}`);
  }
  if (!(ENVIRONMENTS as readonly string[]).includes(options.env))
    throw new UsageError(`--env must be one of ${ENVIRONMENTS.join(", ")}\n${USAGE}`);
  return options;
}

interface Deployment {
  created_on: string;
  versions: Array<{ version_id: string; percentage: number }>;
}

interface VersionDetail {
  id: string;
  annotations?: Record<string, string>;
  resources?: { bindings?: Array<{ type: string; name: string; namespace_id?: string; id?: string; database_id?: string }> };
}

/** The version serving all traffic now, and the one before it that did (wrangler rollback's own choice). */
export function versionsOf(deployments: Deployment[]): { current?: string; previous?: string } {
  const sorted = [...deployments].sort((a, b) => b.created_on.localeCompare(a.created_on));
  const full = (deployment: Deployment) => deployment.versions.find((version) => version.percentage === 100)?.version_id;
  const current = sorted[0] && full(sorted[0]);
  const previous = sorted
    .slice(1)
    .map(full)
    .find((id) => id !== undefined && id !== current);
  return { current, previous };
}

/** Why Cloudflare cannot return to `target` from `current`, or undefined when it can. */
export function cannotRollBack(current: VersionDetail, target: VersionDetail, kvIds: string[], d1Ids: string[]): string | undefined {
  const tagOf = (version: VersionDetail) => version.annotations?.["workers/tag"];
  const [now, then] = [tagOf(current), tagOf(target)];
  if (now?.startsWith("do-") && then?.startsWith("do-") && now !== then) {
    return `a Durable Object migration (${then.slice(3)} -> ${now.slice(3)}) was deployed after version ${target.id}: Cloudflare cannot roll back past it. Deploy a fix instead (npm run deploy).`;
  }
  for (const binding of target.resources?.bindings ?? []) {
    if (binding.type === "kv_namespace" && binding.namespace_id && !kvIds.includes(binding.namespace_id))
      return `version ${target.id} binds the KV namespace ${binding.namespace_id} (${binding.name}), which no longer exists: Cloudflare cannot roll back to it.`;
    const database = binding.database_id ?? binding.id;
    if (binding.type === "d1" && database && !d1Ids.includes(database))
      return `version ${target.id} binds the D1 database ${database} (${binding.name}), which no longer exists: Cloudflare cannot roll back to it.`;
  }
  return undefined;
}

export interface RollbackDeps {
  api: CloudflareApi;
  wrangler: RunWrangler;
  log: (line: string) => void;
}

export async function rollback(options: RollbackOptions, raw: RawConfig, deps: RollbackDeps): Promise<string> {
  const worker = workerName(raw, options.env);
  const { deployments } = await deps.api.get<{ deployments: Deployment[] }>(`/workers/scripts/${worker}/deployments`);
  const { current, previous } = versionsOf(deployments);
  const target = options.to ?? previous;
  if (!current) throw new DeployError(`${worker} has no version serving all traffic (a gradual deploy under way?): give --to VERSION_ID`);
  if (!target) throw new DeployError(`${worker} has no earlier version that served all traffic: nothing to roll back to`);
  if (target === current) throw new DeployError(`version ${target} already serves all traffic`);

  const detail = (id: string) => deps.api.get<VersionDetail>(`/workers/scripts/${worker}/versions/${id}`);
  const [now, then] = [await detail(current), await detail(target)];
  const kvIds = (await deps.api.list<{ id: string }>("/storage/kv/namespaces")).map((namespace) => namespace.id);
  const d1Ids = (await deps.api.list<{ uuid: string }>("/d1/database")).map((database) => database.uuid);
  const why = cannotRollBack(now, then, kvIds, d1Ids);
  if (why) throw new DeployError(`cannot roll back ${worker}: ${why}`);

  deps.log(`Rolling ${worker} back from ${current} to ${target}`);
  const args = ["rollback", target, "--message", options.message, "-y", "--config", `${REPO_ROOT}/wrangler.toml`, "--env", options.env];
  const done = await deps.wrangler(args);
  if (done.code !== 0) {
    const code = errorCode(done.output);
    throw new DeployError(
      `Cloudflare refused the rollback${code ? ` (code ${code})` : ""}: see wrangler's lines above; ${current} still serves`,
    );
  }
  return `${worker}: version ${target} serves all traffic again (was ${current}). D1 keeps its schema and data: migrations are forward-only.`;
}

export function main(argv: string[]): Promise<number> {
  return runTool("rollback", async () => {
    const options = parseArgs(argv);
    if (options.help) return USAGE;
    const deps = { api: cloudflareApi(accountFromEnv(process.env)), wrangler: wranglerRunner(), log: (line: string) => console.log(line) };
    return rollback(options, committedConfig(), deps);
  });
}
