// `npm run deploy`: the site live on Cloudflare in one command, the first time and every time.
//
//   npm run deploy -- [--env production|staging] [--secrets-file FILE] [--gradual] [--no-build]
//   npm run deploy -- --preview [BRANCH] [--secrets-file FILE]
//
// In order, each step only once the one before it went well:
//   1. the secrets the target requires are in the secrets file or already on the Worker (else
//      nothing is created or uploaded);
//   2. the build;
//   3. every KV namespace and D1 database the target binds, found by name or created;
//   4. the D1 migrations, applied before any new code takes traffic (a failing one leaves the
//      version that serves now serving);
//   5. the new version uploaded without traffic, the smoke check run against its preview URL, and
//      only then all traffic sent to it (`--gradual`: 10%, 50%, 100%, checked at each step, back
//      to the old version at the first failure). A Worker's first deploy, or a version with a new
//      Durable Object migration, cannot be uploaded without traffic: `wrangler deploy` then, checked
//      after. A preview goes to its own URL and its own data.
// Run again after any failure: every step finds what an earlier run made.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseEnv } from "node:util";
import { build } from "../local/local-worker.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { type CloudflareApi, accountFromEnv, cloudflareApi } from "./cloudflare-api.ts";
import { type RawConfig, type Target, migrationTag, neededResources, requiredSecrets, siteUrlOf, workerName } from "./deploy-config.ts";
import { DeployError, committedConfig, runTool } from "./errors.ts";
import { prepareFiles } from "./files.ts";
import { type DeployDeps, type DeployOptions, USAGE, parseArgs } from "./options.ts";
import { type Release, release } from "./release.ts";
import { resolveResources } from "./resources.ts";
import { smokeLines } from "./smoke-gate.ts";
import { wranglerRunner } from "./wrangler.ts";

/** Secrets the site reads when they are set (README, Settings); the required ones come from wrangler.toml. */
export const OPTIONAL_SECRETS = [
  "STORYBLOK_OAUTH_TOKEN",
  "HUBSPOT_PORTAL_ID",
  "HUBSPOT_FORM_GUID",
  "HUBSPOT_TOKEN",
  "SUBSCRIBER_HASH_KEY_PREVIOUS",
];

/**
 * `--secrets-from-env`: the required and optional secrets this process's environment holds, as a
 * secrets file only its owner can read, for wrangler; removed by the caller once the deploy ends.
 */
export function writeEnvSecrets(names: string[], env: NodeJS.ProcessEnv, path: string): void {
  const secrets = Object.fromEntries(names.filter((name) => env[name]).map((name) => [name, env[name]!]));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(secrets), { mode: 0o600 });
}

/**
 * The names of the secrets a secrets file (JSON or .env, as wrangler reads it) gives a value; never
 * their values. A name left empty (`TURNSTILE_SITE_KEY=`) is not set: a required one is then refused.
 */
export function secretNames(file: string | undefined, read = (path: string) => readFileSync(path, "utf8")): string[] {
  if (file === undefined) return [];
  let text: string;
  try {
    text = read(file);
  } catch (error) {
    throw new DeployError(`the secrets file ${file} cannot be read: ${(error as Error).message}`);
  }
  let entries: Array<[string, unknown]>;
  if (text.trimStart().startsWith("{")) {
    try {
      entries = Object.entries(JSON.parse(text) as object);
    } catch {
      throw new DeployError(`the secrets file ${file} is not valid JSON`);
    }
  } else entries = Object.entries(parseEnv(text));
  return entries.flatMap(([name, value]) => (typeof value === "string" && !value.trim() ? [] : [name]));
}

interface ScriptSummary {
  id: string;
}

/** Whether the Worker exists, and the names of its secrets. */
async function workerState(api: CloudflareApi, worker: string): Promise<{ exists: boolean; secrets: string[] }> {
  const scripts = await api.get<ScriptSummary[]>("/workers/scripts");
  if (!scripts.some((script) => script.id === worker)) return { exists: false, secrets: [] };
  const secrets = await api.get<Array<{ name: string }>>(`/workers/scripts/${worker}/secrets`);
  return { exists: true, secrets: secrets.map((secret) => secret.name) };
}

function checkSecrets(required: string[], inFile: string[], onWorker: string[], target: Target, worker: string): void {
  const missing = required.filter((name) => !inFile.includes(name) && !onWorker.includes(name));
  if (!missing.length) return;
  const them = missing.length === 1 ? "it" : "them";
  const where =
    target.preview === undefined
      ? `neither in the secrets file nor on the Worker. Add ${them} to a secrets file (--secrets-file FILE) or run \`npx wrangler secret put NAME --env ${target.env}\``
      : `not in the secrets file, which a preview takes its secrets from. Add ${them} to it`;
  throw new DeployError(
    `refused: ${worker} requires ${missing.join(", ")}, which ${missing.length === 1 ? "is" : "are"} ${where}. Nothing was created or uploaded.`,
  );
}

export async function deploy(options: DeployOptions, raw: RawConfig, deps: DeployDeps): Promise<Release> {
  const { target } = options;
  const worker = workerName(raw, target.env);
  const what = target.preview === undefined ? `${worker} (${target.env})` : `the preview "${target.preview}" of ${worker}`;
  deps.log(`Deploying ${what}`);

  const state = await workerState(deps.api, worker);
  // a preview's secrets are its own and cannot be listed: they come with each preview deploy
  const onWorker = target.preview === undefined ? state.secrets : [];
  checkSecrets(requiredSecrets(raw, target), secretNames(options.secretsFile), onWorker, target, worker);
  deps.log("1. secrets: every required one is set");

  if (options.build) deps.build();
  deps.log(options.build ? "2. build: done" : "2. build: skipped (--no-build)");

  const resolved = await resolveResources(deps.api, neededResources(raw, target));
  deps.log(`3. resources:\n${resolved.report.map((line) => `   ${line}`).join("\n")}`);

  const prepared = deps.prepare(raw, target, resolved.ids);
  deps.log(`   config: ${prepared.configPath}; assets: ${prepared.assetsNote}`);

  for (const database of prepared.databases) {
    const applied = await deps.wrangler(["d1", "migrations", "apply", database, "--remote", ...prepared.wranglerArgs]);
    if (applied.code !== 0) {
      throw new DeployError(
        `4. the D1 migrations of ${database} failed (above): nothing was uploaded, and the version that served before still serves`,
      );
    }
  }
  deps.log("4. D1 migrations: applied");

  return release({ options, worker, exists: state.exists, tag: migrationTag(raw), prepared, deps });
}

function defaultDeps(options: DeployOptions, raw: RawConfig): DeployDeps {
  const account = accountFromEnv(process.env);
  const siteUrl = siteUrlOf(raw, options.target);
  return {
    api: cloudflareApi(account),
    wrangler: wranglerRunner(),
    smoke: (base) => smokeLines(base, { siteUrl, connectTo: options.smokeConnectTo }),
    build,
    prepare: (config, target, ids) => prepareFiles(config, target, ids, REPO_ROOT),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    log: (line) => console.log(line),
  };
}

export function main(argv: string[]): Promise<number> {
  return runTool("deploy", async () => {
    const options = parseArgs(argv);
    if (options.help) return USAGE;
    const raw = committedConfig();
    const fromEnv = `${REPO_ROOT}/.generated/deploy/secrets-from-env.json`;
    if (options.secretsFromEnv) {
      writeEnvSecrets([...requiredSecrets(raw, options.target), ...OPTIONAL_SECRETS], process.env, fromEnv);
      options.secretsFile = fromEnv;
    }
    try {
      return (await deploy(options, raw, defaultDeps(options, raw))).summary;
    } finally {
      if (options.secretsFromEnv) rmSync(fromEnv, { force: true });
    }
  });
}
