/**
 * Worker Previews (`wrangler preview`, open beta, not in the OpenAPI extract): a named preview of
 * a Worker with deployments of its own and a workers.dev URL per preview and per deployment.
 * Shapes follow what wrangler 4.164 reads (src/preview/api.ts in workers-sdk): a missing preview
 * is code 10025, a preview without deployments 10222, a missing Worker 10007.
 */
import type { Account } from "./account.ts";
import { type Answer, type Call, isAnswer, notFound, ok, refuse } from "./envelope.ts";
import { scriptMissing } from "./handlers-scripts.ts";
import { type Binding, hexId, keptBinding, now, type PreviewDeployment, type PreviewRecord, type ScriptRecord, uuid } from "./state.ts";

type Env = Record<string, Omit<Binding, "name"> & { name?: string }>;

function workerOf(call: Call): ScriptRecord | undefined {
  return call.account.state.scripts[call.params.worker_id ?? ""];
}

function previewOf(script: ScriptRecord, identifier: string | undefined): PreviewRecord | undefined {
  return script.previews.find((p) => p.id === identifier || p.name === identifier);
}

const host = (account: Account, label: string, script: ScriptRecord) =>
  account.state.subdomain ? [`https://${label}-${script.name}.${account.state.subdomain}.workers.dev`] : [];

const previewResult = (call: Call, script: ScriptRecord, preview: PreviewRecord) => ({
  id: preview.id,
  name: preview.name,
  slug: preview.slug,
  created_on: preview.created_on,
  urls: host(call.account, preview.slug, script),
  ...preview.settings,
});

const deploymentResult = (call: Call, script: ScriptRecord, preview: PreviewRecord, deployment: PreviewDeployment) => ({
  ...deployment,
  preview_id: preview.id,
  urls: host(call.account, deployment.id.slice(0, 8), script),
});

/** Worker, then preview, or the refusal wrangler expects for whichever is missing. */
function locate(call: Call): Answer | { script: ScriptRecord; preview: PreviewRecord } {
  const script = workerOf(call);
  if (!script) return scriptMissing();
  const preview = previewOf(script, call.params.preview_id);
  return preview ? { script, preview } : notFound(10025, `Preview ${call.params.preview_id} not found`);
}

export function getPreview(call: Call): Answer {
  const found = locate(call);
  return isAnswer(found) ? found : ok(previewResult(call, found.script, found.preview));
}

export function createPreview(call: Call): Answer {
  const script = workerOf(call);
  if (!script) return scriptMissing();
  const { name, ...settings } = call.json as { name?: unknown };
  if (typeof name !== "string" || !name) return refuse(400, 10021, "A Preview needs a name");
  if (previewOf(script, name)) return refuse(409, 10026, `Preview ${name} already exists`);
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || hexId(4);
  const preview: PreviewRecord = { id: uuid(), name, slug, created_on: now(), settings, deployments: [] };
  script.previews.push(preview);
  call.account.changed();
  return ok(previewResult(call, script, preview));
}

export function editPreview(call: Call): Answer {
  const found = locate(call);
  if (isAnswer(found)) return found;
  Object.assign(found.preview.settings, call.json);
  call.account.changed();
  return ok(previewResult(call, found.script, found.preview));
}

export function deletePreview(call: Call): Answer {
  const found = locate(call);
  if (isAnswer(found)) return found;
  found.script.previews = found.script.previews.filter((p) => p !== found.preview);
  call.account.changed();
  return ok(null);
}

function deploymentOf(preview: PreviewRecord, identifier: string | undefined): PreviewDeployment | undefined {
  return identifier === "latest" ? preview.deployments.at(-1) : preview.deployments.find((d) => d.id === identifier);
}

export function getPreviewDeployment(call: Call): Answer {
  const found = locate(call);
  if (isAnswer(found)) return found;
  const deployment = deploymentOf(found.preview, call.params.deployment_id);
  return deployment
    ? ok(deploymentResult(call, found.script, found.preview, deployment))
    : notFound(10222, "This Preview has no such deployment");
}

/** The env a deployment ends with: inherit resolved against the previous deployment, resources checked. */
function resolveEnv(account: Account, previous: PreviewDeployment | undefined, env: Env): Answer | PreviewDeployment["env"] {
  const result: PreviewDeployment["env"] = {};
  for (const [name, binding] of Object.entries(env)) {
    if (binding === null) continue;
    if (binding.type === "inherit") {
      const old = previous?.env[name];
      if (!old) return refuse(400, 10057, `inherit binding '${name}' is invalid`);
      result[name] = old;
      continue;
    }
    if (binding.type === "kv_namespace" && !account.state.kvNamespaces.some((ns) => ns.id === binding.namespace_id))
      return refuse(400, 10042, `KV namespace '${String(binding.namespace_id)}' is not valid.`);
    if (binding.type === "d1" && !account.state.d1Databases.some((db) => db.uuid === (binding.database_id ?? binding.id)))
      return refuse(400, 10021, `binding ${name} of type d1 must have a valid \`id\` specified`);
    const { name: _name, ...kept } = keptBinding({ ...binding, name } as Binding);
    result[name] = kept;
  }
  return result;
}

export function createPreviewDeployment(call: Call): Answer {
  const found = locate(call);
  if (isAnswer(found)) return found;
  const part = call.parts.get("metadata");
  if (!part) return refuse(400, 10021, "the deployment has no metadata part");
  const metadata = JSON.parse(part.text) as {
    main_module?: string;
    env?: Env;
    annotations?: Record<string, string>;
    migrations?: { new_tag?: string };
  };
  const previous = found.preview.deployments.at(-1);
  const env = resolveEnv(call.account, previous, metadata.env ?? {});
  if (isAnswer(env)) return env;
  const deployment: PreviewDeployment = {
    id: uuid(),
    created_on: now(),
    main_module: metadata.main_module ?? null,
    env,
    annotations: metadata.annotations ?? {},
    migration_tag: metadata.migrations?.new_tag ?? previous?.migration_tag ?? null,
  };
  found.preview.deployments.push(deployment);
  call.account.changed();
  return ok(deploymentResult(call, found.script, found.preview, deployment));
}

/** `wrangler preview secret put/bulk/delete`: a merge patch of the latest deployment's env. */
export function patchPreviewDeployment(call: Call): Answer {
  const found = locate(call);
  if (isAnswer(found)) return found;
  const deployment = deploymentOf(found.preview, call.params.deployment_id);
  if (!deployment) return notFound(10222, "This Preview has no such deployment");
  const patch = (call.json?.env ?? {}) as Record<string, (Omit<Binding, "name"> & { name?: string }) | null>;
  for (const [name, binding] of Object.entries(patch)) {
    if (binding === null) delete deployment.env[name];
    else {
      const { name: _name, ...kept } = keptBinding({ ...binding, name } as Binding);
      deployment.env[name] = kept;
    }
  }
  Object.assign(
    deployment.annotations,
    Object.fromEntries(Object.entries(call.json?.annotations ?? {}).filter(([, v]) => v !== undefined)),
  );
  call.account.changed();
  return ok(deploymentResult(call, found.script, found.preview, deployment));
}
