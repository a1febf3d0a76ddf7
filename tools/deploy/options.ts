// `npm run deploy`'s words: where to deploy and how, read from its arguments, and what the
// deploy is given to work with (its dependencies, injected so its order is tested without a network).
import type { CloudflareApi } from "./cloudflare-api.ts";
import { ENVIRONMENTS, type EnvName, type RawConfig, type Target } from "./deploy-config.ts";
import { DeployError, UsageError } from "./errors.ts";
import type { Prepared } from "./files.ts";
import { currentBranch } from "./git-branch.ts";
import type { RunWrangler } from "./wrangler.ts";

export interface DeployOptions {
  target: Target;
  secretsFile?: string;
  /** Take the secrets from this process's environment (CI: the repository's secrets). */
  secretsFromEnv: boolean;
  gradual: boolean;
  build: boolean;
  /** Minutes between the steps of a gradual deploy. */
  stepMinutes: number;
  /** Send the smoke checks here, presenting the version's own host (tests: a local build of it). */
  smokeConnectTo?: string;
  help?: boolean;
}

export const USAGE = `usage: npm run deploy -- [--env production|staging] [--secrets-file FILE | --secrets-from-env] [--gradual [--step-minutes N]] [--no-build]
       npm run deploy -- --preview [BRANCH] [--secrets-file FILE | --secrets-from-env] [--no-build]
needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (README, Deploy)`;

const isEnv = (value: string | undefined): value is EnvName => (ENVIRONMENTS as readonly string[]).includes(value ?? "");

export function parseArgs(argv: string[], branch: () => string = currentBranch): DeployOptions {
  const options: DeployOptions = { target: { env: "production" }, secretsFromEnv: false, gradual: false, build: true, stepMinutes: 5 };
  let env: string | undefined = "production";
  let preview: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith("--")) throw new UsageError(`${arg} needs a value\n${USAGE}`);
      return next;
    };
    if (arg === "--env") env = value();
    else if (arg === "--preview") preview = argv[i + 1] && !argv[i + 1]!.startsWith("--") ? argv[++i] : branch();
    else if (arg === "--secrets-file") options.secretsFile = value();
    else if (arg === "--secrets-from-env") options.secretsFromEnv = true;
    else if (arg === "--gradual") options.gradual = true;
    else if (arg === "--step-minutes") options.stepMinutes = Number(value());
    else if (arg === "--no-build") options.build = false;
    else if (arg === "--smoke-connect-to") options.smokeConnectTo = value();
    else if (arg === "--help" || arg === "-h") options.help = true;
    else throw new UsageError(`unknown option ${arg}\n${USAGE}`);
  }
  if (!isEnv(env)) throw new UsageError(`--env must be one of ${ENVIRONMENTS.join(", ")}\n${USAGE}`);
  if (preview !== undefined && env !== "production") throw new UsageError("--preview previews production's Worker: no --env with it");
  if (preview !== undefined && options.gradual) throw new UsageError("--gradual and --preview exclude each other");
  if (options.secretsFile && options.secretsFromEnv) throw new UsageError("--secrets-file and --secrets-from-env exclude each other");
  if (!(options.stepMinutes >= 0)) throw new UsageError("--step-minutes must be a number of minutes");
  options.target = preview === undefined ? { env } : { env, preview: previewName(preview) };
  return options;
}

/** A branch as a preview's name: what a URL label can hold (lower case, digits, dashes). */
export function previewName(branch: string): string {
  const name = branch
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  if (!name) throw new DeployError(`no preview name can be made of the branch "${branch}"`);
  return name;
}

export interface DeployDeps {
  api: CloudflareApi;
  wrangler: RunWrangler;
  /** The smoke check's failures against an origin, one line each (none: it passed). */
  smoke: (base: string) => Promise<string[]>;
  build: () => void;
  prepare: (config: RawConfig, target: Target, ids: Record<string, string>) => Prepared;
  sleep: (ms: number) => Promise<void>;
  log: (line: string) => void;
}
