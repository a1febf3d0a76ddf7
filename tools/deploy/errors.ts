// What the deploy tools stop with: a message for the person who ran them, no stack.
import { experimental_readRawConfig } from "wrangler";
import { REPO_ROOT } from "../repo-root.ts";
import { CloudflareApiError } from "./cloudflare-api.ts";
import type { RawConfig } from "./deploy-config.ts";

/** A deploy, rollback or check that cannot go on; the message says why and what still serves. */
export class DeployError extends Error {
  override name = "DeployError";
}

/** The command's words are off: exit 2, with the usage. */
export class UsageError extends DeployError {
  override name = "UsageError";
}

/** wrangler.toml as committed, as wrangler reads it. */
export const committedConfig = (): RawConfig => experimental_readRawConfig({ config: `${REPO_ROOT}/wrangler.toml` }).rawConfig as RawConfig;

/**
 * A deploy tool's `main`: `work` answers what to print (its usage, for --help) and the exit code is
 * 0; a refusal is one line and 1 (2 for words that are off); anything else is a bug, with its stack.
 */
export async function runTool(name: string, work: () => Promise<string>): Promise<number> {
  try {
    console.log(await work());
    return 0;
  } catch (error) {
    if (!(error instanceof DeployError || error instanceof CloudflareApiError)) throw error;
    console.error(`${name}: ${error.message}`);
    return error instanceof UsageError ? 2 : 1;
  }
}
