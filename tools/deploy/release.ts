// Step 5 of a deploy: the new code uploaded, checked and given traffic. A version is checked on its
// own preview URL before any visitor reaches it; what cannot be uploaded without traffic (a
// Worker's first deploy, a new Durable Object migration) is deployed at once and checked after.
import type { DeployDeps, DeployOptions } from "./options.ts";
import { DeployError } from "./errors.ts";
import type { Prepared } from "./files.ts";
import { errorCode, printedUrl, uploadedVersion } from "./wrangler.ts";

export interface Release {
  /** The version that serves now (a preview: the preview's URL stands in). */
  version?: string;
  url?: string;
  summary: string;
}

interface ReleaseInput {
  options: DeployOptions;
  worker: string;
  exists: boolean;
  /** The config's last Durable Object migration tag: every version is tagged with it. */
  tag: string | undefined;
  prepared: Prepared;
  deps: DeployDeps;
}

/** Cloudflare's answer to an `inherit` binding naming a secret the Worker does not have. */
const MISSING_SECRET = 10057;
const GRADUAL_STEPS = [10, 50, 100];

interface Deployment {
  versions: Array<{ version_id: string; percentage: number }>;
}

async function check(deps: DeployDeps, base: string, what: string): Promise<void> {
  const failures = await deps.smoke(base);
  if (!failures.length) {
    deps.log(`   smoke check of ${base}: passed`);
    return;
  }
  throw new DeployError(`the smoke check of ${base} failed:\n${failures.map((line) => `   ${line}`).join("\n")}\n${what}`);
}

function wranglerFailed(step: string, output: string, after: string): DeployError {
  const missingSecret = errorCode(output) === MISSING_SECRET || /required secrets have not been set/.test(output);
  const why = missingSecret ? "a required secret is not set (above)" : "wrangler failed (above)";
  return new DeployError(`${step}: ${why}; ${after}`);
}

function versionArgs(input: ReleaseInput): string[] {
  const { options, tag, prepared } = input;
  return [
    ...prepared.wranglerArgs,
    ...(options.secretsFile ? ["--secrets-file", options.secretsFile] : []),
    ...(tag ? ["--tag", `do-${tag}`] : []),
    "--message",
    "npm run deploy",
  ];
}

/** `wrangler deploy`: all traffic at once, then the check (a first deploy, a Durable Object migration). */
async function deployAtOnce(input: ReleaseInput, why: string): Promise<Release> {
  const { deps, worker } = input;
  deps.log(`5. ${why}: wrangler deploy sends all traffic to the new version at once; checked after`);
  const deployed = await deps.wrangler(["deploy", ...versionArgs(input)]);
  if (deployed.code !== 0) throw wranglerFailed("5. wrangler deploy", deployed.output, "nothing new serves");
  const url = printedUrl(deployed.output);
  const version = /Current Version ID: ([0-9a-f-]{36})/.exec(deployed.output)?.[1];
  if (url) {
    const back = input.exists
      ? "A version with a new Durable Object migration cannot be rolled back past: fix and deploy again."
      : "This is the Worker's first version: there is none to return to. Fix and deploy again.";
    await check(deps, url, back);
  }
  return { version, url, summary: `${worker} is live: version ${version ?? "(see above)"}${url ? ` at ${url}` : ""}` };
}

async function preview(input: ReleaseInput): Promise<Release> {
  const { deps, options } = input;
  const name = options.target.preview!;
  deps.log(`5. preview "${name}": uploaded to a URL of its own`);
  const args = [
    "preview",
    "--name",
    name,
    ...input.prepared.wranglerArgs,
    ...(options.secretsFile ? ["--secrets-file", options.secretsFile] : []),
  ];
  const made = await deps.wrangler([...args, "--message", "npm run deploy -- --preview"]);
  if (made.code !== 0) throw wranglerFailed("5. wrangler preview", made.output, "the preview is unchanged");
  const url = printedUrl(made.output);
  if (!url) throw new DeployError("5. wrangler preview printed no URL");
  await check(deps, url, "The preview is up but does not pass the smoke check.");
  return { url, summary: `preview "${name}" of ${input.worker}: ${url} (its Storyblok preview URL: ${url}/)` };
}

async function currentVersion(deps: DeployDeps, worker: string): Promise<string | undefined> {
  const { deployments } = await deps.api.get<{ deployments: Deployment[] }>(`/workers/scripts/${worker}/deployments`);
  return deployments[0]?.versions.find((version) => version.percentage === 100)?.version_id;
}

async function shiftTraffic(input: ReleaseInput, version: string, old: string | undefined, liveUrl: string | undefined): Promise<void> {
  const { deps, options } = input;
  const steps = options.gradual && old && old !== version ? GRADUAL_STEPS : [100];
  for (const [i, percent] of steps.entries()) {
    const split = percent === 100 ? [`${version}@100`] : [`${version}@${percent}`, `${old}@${100 - percent}`];
    const moved = await deps.wrangler([
      "versions",
      "deploy",
      ...split,
      "-y",
      "--message",
      "npm run deploy",
      ...input.prepared.wranglerArgs,
    ]);
    if (moved.code !== 0) throw wranglerFailed(`5. sending ${percent}% of traffic`, moved.output, "see `npm run rollback`");
    deps.log(`   ${percent}% of traffic on ${version}`);
    if (percent === 100 || !liveUrl) continue;
    if (i < steps.length - 1) await deps.sleep(options.stepMinutes * 60_000);
    try {
      await check(deps, liveUrl, "");
    } catch (error) {
      await deps.wrangler(["versions", "deploy", `${old}@100`, "-y", "--message", "npm run deploy: back", ...input.prepared.wranglerArgs]);
      throw new DeployError(`${(error as Error).message}all traffic is back on ${old}`);
    }
  }
}

export async function release(input: ReleaseInput): Promise<Release> {
  const { deps, worker, options } = input;
  if (options.target.preview !== undefined) return preview(input);
  if (!input.exists) return deployAtOnce(input, "the Worker's first deploy");

  const uploaded = await deps.wrangler(["versions", "upload", ...versionArgs(input)]);
  if (uploaded.code !== 0 && /pending Durable Object migration/.test(uploaded.output)) {
    return deployAtOnce(input, "a new Durable Object migration");
  }
  if (uploaded.code !== 0)
    throw wranglerFailed("5. wrangler versions upload", uploaded.output, "the version that served before still serves");
  const version = uploadedVersion(uploaded.output);
  if (!version) throw new DeployError("5. wrangler versions upload printed no version id");
  deps.log(`5. version ${version.id} uploaded, without traffic`);
  const keep = "It has no traffic: the version that served before still serves.";
  if (version.previewUrl) await check(deps, version.previewUrl, keep);
  else deps.log("   no version preview URL (preview_urls off?): not checked before traffic");

  const old = await currentVersion(deps, worker);
  const subdomain = await deps.api.get<{ subdomain: string }>("/workers/subdomain").catch(() => undefined);
  const liveUrl = subdomain ? `https://${worker}.${subdomain.subdomain}.workers.dev` : undefined;
  await shiftTraffic(input, version.id, old, liveUrl);
  return {
    version: version.id,
    url: liveUrl,
    summary: `${worker} is live: version ${version.id}${old ? ` (before: ${old}, \`npm run rollback\` returns to it)` : ""}`,
  };
}
