// `npm run logs -- [--env production|staging] [--errors] [--event NAME] [--level LEVEL] [--json]`:
// the deployed site's events as they happen, through `wrangler tail`. The Worker writes one JSON
// line per event (`level`, `event`, the request id: README, Operate); the filters are wrangler's
// own, so Cloudflare sends only what matches. Workers Logs keeps the same lines for later
// (`[observability]` in wrangler.toml; the dashboard's Logs tab).
import { spawn } from "node:child_process";
import { REPO_ROOT } from "../repo-root.ts";
import { ENVIRONMENTS, type EnvName } from "./deploy-config.ts";

export interface LogsOptions {
  env: EnvName;
  errors: boolean;
  event?: string;
  level?: string;
  json: boolean;
  help?: boolean;
}

export const USAGE = "usage: npm run logs -- [--env production|staging] [--errors] [--event NAME | --level warn|error] [--json]";
const LEVELS = ["debug", "info", "warn", "error"];

export function parseArgs(argv: string[]): LogsOptions {
  const options: LogsOptions = { env: "production", errors: false, json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith("--")) throw new Error(`${arg} needs a value\n${USAGE}`);
      return next;
    };
    if (arg === "--env") options.env = value() as EnvName;
    else if (arg === "--errors") options.errors = true;
    else if (arg === "--event") options.event = value();
    else if (arg === "--level") options.level = value();
    else if (arg === "--json") options.json = true;
    else if (arg === "--help" || arg === "-h") options.help = true;
    else throw new Error(`unknown option ${arg}\n${USAGE}`);
  }
  if (!(ENVIRONMENTS as readonly string[]).includes(options.env))
    throw new Error(`--env must be one of ${ENVIRONMENTS.join(", ")}\n${USAGE}`);
  if (options.level !== undefined && !LEVELS.includes(options.level))
    throw new Error(`--level must be one of ${LEVELS.join(", ")}\n${USAGE}`);
  if (options.event && options.level)
    throw new Error(`--event and --level exclude each other (wrangler tail takes one text filter)\n${USAGE}`);
  if (options.event !== undefined && !/^[a-z_.]+$/.test(options.event))
    throw new Error("--event takes an event name such as newsletter.failed");
  return options;
}

/** `wrangler tail`'s arguments for the options: its own filters, matched against the JSON lines as the Worker writes them. */
export function tailArgs(options: LogsOptions): string[] {
  const search = options.event ? `"event":"${options.event}"` : options.level ? `"level":"${options.level}"` : undefined;
  return [
    "tail",
    "--config",
    `${REPO_ROOT}/wrangler.toml`,
    "--env",
    options.env,
    "--format",
    options.json ? "json" : "pretty",
    ...(options.errors ? ["--status", "error"] : []),
    ...(search ? ["--search", search] : []),
  ];
}

export async function main(argv: string[]): Promise<number> {
  let options: LogsOptions;
  try {
    options = parseArgs(argv);
  } catch (error) {
    console.error(`logs: ${(error as Error).message}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const child = spawn(process.execPath, [`${REPO_ROOT}/node_modules/wrangler/bin/wrangler.js`, ...tailArgs(options)], {
    cwd: REPO_ROOT,
    stdio: "inherit",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  const stop = () => child.kill("SIGINT");
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 0)));
}
