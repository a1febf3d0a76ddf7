/**
 * Worker scripts, versions and deployments. A script upload (PUT) makes a version and deploys it
 * at 100%, as Cloudflare does; `POST .../versions` only makes a version; a deployment splits
 * traffic between existing versions (percentages summing to 100). Secrets are bindings of a
 * version, so a secret change makes a new version and deploys it, like the real API.
 */
import { type Resolved, resolveUpload } from "./bindings.ts";
import { type Answer, type Call, isAnswer, notFound, ok, refuse } from "./envelope.ts";
import {
  type Binding,
  createScript,
  currentVersion,
  type DeploymentRecord,
  hexId,
  isSecret,
  keptBinding,
  now,
  type ScriptRecord,
  uuid,
  type VersionRecord,
} from "./state.ts";

export const AUTHOR = "stand-in@example.com";
export const scriptMissing = () => notFound(10007, "This Worker does not exist on your account.");

export function findScript(call: Call): ScriptRecord | undefined {
  return call.account.state.scripts[call.params.script_name ?? ""];
}

function metadataOf(call: Call): Record<string, unknown> | Answer {
  const part = call.parts.get("metadata");
  if (!part) return refuse(400, 10021, "the upload has no metadata part");
  const metadata = JSON.parse(part.text) as Record<string, unknown>;
  const main = metadata.main_module ?? metadata.body_part;
  if (typeof main !== "string" || !call.parts.has(main))
    return refuse(400, 10021, `No such module "${String(main)}": the metadata names a part the upload lacks`);
  return metadata;
}

function makeVersion(
  script: ScriptRecord,
  metadata: Record<string, unknown>,
  resolved: Resolved,
  source: VersionRecord["source"],
  call: Call,
): VersionRecord {
  const version: VersionRecord = {
    id: uuid(),
    number: (script.versions.at(-1)?.number ?? 0) + 1,
    created_on: now(),
    source,
    main_module: String(metadata.main_module ?? metadata.body_part ?? ""),
    modules: [...call.parts.keys()].filter((name) => name !== "metadata"),
    compatibility_date: typeof metadata.compatibility_date === "string" ? metadata.compatibility_date : null,
    compatibility_flags: Array.isArray(metadata.compatibility_flags) ? (metadata.compatibility_flags as string[]) : [],
    bindings: resolved.bindings,
    migration_tag: resolved.migrationTag,
    assets: resolved.assets,
    annotations: {
      ...((metadata.annotations as Record<string, string>) ?? {}),
      "workers/triggered_by": source === "upload" ? "upload" : "version_upload",
    },
    has_preview: script.subdomain.previews_enabled,
  };
  script.versions.push(version);
  script.modified_on = version.created_on;
  return version;
}

function deploy(
  script: ScriptRecord,
  versions: DeploymentRecord["versions"],
  annotations: Record<string, string>,
  source = "wrangler",
): DeploymentRecord {
  const deployment: DeploymentRecord = {
    id: uuid(),
    created_on: now(),
    source,
    strategy: "percentage",
    versions,
    annotations,
    author_email: AUTHOR,
  };
  script.deployments.push(deployment);
  return deployment;
}

const handlers = (version: VersionRecord | undefined) => (version ? ["fetch", "scheduled"] : []);

export function scriptResult(script: ScriptRecord) {
  const version = currentVersion(script);
  return {
    id: script.name,
    tag: script.tag,
    tags: (script.script_settings.tags as string[] | undefined) ?? [],
    etag: hexId(32),
    handlers: handlers(version),
    created_on: script.created_on,
    modified_on: script.modified_on,
    migration_tag: script.migration_tag ?? undefined,
    usage_model: "standard",
    compatibility_date: version?.compatibility_date ?? undefined,
    compatibility_flags: version?.compatibility_flags ?? [],
    has_assets: Boolean(version?.assets),
    has_modules: true,
    logpush: Boolean(script.script_settings.logpush),
    last_deployed_from: "wrangler",
    placement_mode: undefined,
  };
}

export function uploadScript(call: Call): Answer {
  const metadata = metadataOf(call);
  if (isAnswer(metadata)) return metadata;
  const name = call.params.script_name ?? "";
  const existing = findScript(call);
  const resolved = resolveUpload(call.account, name, existing, metadata, call.query.get("bindings_inherit") === "strict");
  if (isAnswer(resolved)) return resolved;
  const script = existing ?? createScript(name);
  call.account.state.scripts[name] = script;
  script.migration_tag = resolved.migrationTag;
  script.durable_object_classes = resolved.classes;
  const version = makeVersion(script, metadata, resolved, "upload", call);
  const message = (metadata.annotations as Record<string, string> | undefined)?.["workers/message"];
  deploy(script, [{ version_id: version.id, percentage: 100 }], message ? { "workers/message": message } : {});
  for (const key of ["logpush", "tail_consumers", "observability"]) if (key in metadata) script.script_settings[key] = metadata[key];
  call.account.changed();
  return ok({ ...scriptResult(script), deployment_id: version.id, startup_time_ms: 3 });
}

export function deleteScript(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  delete call.account.state.scripts[script.name];
  call.account.changed();
  return ok(null);
}

export function listScripts(call: Call): Answer {
  return ok(Object.values(call.account.state.scripts).map(scriptResult));
}

export function versionResult(script: ScriptRecord, version: VersionRecord) {
  return {
    id: version.id,
    number: version.number,
    metadata: {
      created_on: version.created_on,
      modified_on: version.created_on,
      source: "wrangler",
      author_id: "stand-in",
      author_email: AUTHOR,
      has_preview: version.has_preview,
      hasPreview: version.has_preview,
    },
    annotations: version.annotations,
    resources: {
      script: { etag: hexId(32), handlers: handlers(version), last_deployed_from: "wrangler" },
      script_runtime: {
        compatibility_date: version.compatibility_date ?? undefined,
        compatibility_flags: version.compatibility_flags,
        usage_model: "standard",
      },
      bindings: version.bindings,
    },
    migration_tag: version.migration_tag ?? undefined,
    script: script.name,
  };
}

export function uploadVersion(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  const metadata = metadataOf(call);
  if (isAnswer(metadata)) return metadata;
  // Durable Object migrations change every version's classes at once: only a script upload applies them
  if (metadata.migrations)
    return refuse(
      400,
      10211,
      "Durable Object migrations cannot be applied by uploading a version; upload the script (wrangler deploy) instead",
    );
  const resolved = resolveUpload(call.account, script.name, script, metadata, call.query.get("bindings_inherit") === "strict");
  if (isAnswer(resolved)) return resolved;
  const version = makeVersion(script, metadata, resolved, "version", call);
  call.account.changed();
  return ok({ ...versionResult(script, version), startup_time_ms: 3 });
}

export function listVersions(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  const items = [...script.versions].reverse().map((version) => {
    const { resources: _resources, ...short } = versionResult(script, version);
    return short;
  });
  return ok({ items });
}

export function getVersion(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  const version = script.versions.find((v) => v.id === call.params.version_id);
  return version ? ok(versionResult(script, version)) : notFound(10230, `Version ${call.params.version_id} not found`);
}

export function createDeployment(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  const versions = call.json.versions as DeploymentRecord["versions"];
  const unknown = versions.find((v) => !script.versions.some((known) => known.id === v.version_id));
  if (unknown) return refuse(400, 10230, `Version ${unknown.version_id} not found`);
  if (new Set(versions.map((v) => v.version_id)).size !== versions.length)
    return refuse(400, 10232, "a version appears twice in the deployment");
  const total = versions.reduce((sum, v) => sum + v.percentage, 0);
  if (Math.abs(total - 100) > 1e-9) return refuse(400, 10231, `Version percentages must add up to 100 (they add up to ${total})`);
  const message = call.json.annotations?.["workers/message"];
  const deployment = deploy(
    script,
    versions.map((v) => ({ version_id: v.version_id, percentage: v.percentage })),
    message ? { "workers/message": String(message) } : {},
    call.json.annotations?.["workers/rollback_from"] ? "rollback" : "wrangler",
  );
  call.account.changed();
  return ok(deployment);
}

export function listDeployments(call: Call): Answer {
  const script = findScript(call);
  if (!script) return scriptMissing();
  return ok({ deployments: [...script.deployments].reverse() });
}

/** A new version of the current one with the given bindings changed, deployed at once (what a secret change does). */
export function redeployWith(call: Call, script: ScriptRecord, change: (bindings: Binding[]) => Binding[]): VersionRecord | Answer {
  const base = currentVersion(script);
  if (!base) return refuse(400, 10215, "This Worker has no version to change; deploy it first");
  const latest = script.deployments.at(-1);
  if (latest && latest.versions.length > 1)
    return refuse(
      400,
      10215,
      "Secret edit failed. You attempted to modify a secret, but the latest version of your Worker isn't currently deployed.",
    );
  const version: VersionRecord = {
    ...structuredClone(base),
    id: uuid(),
    number: (script.versions.at(-1)?.number ?? 0) + 1,
    created_on: now(),
    source: "secret",
    bindings: change(structuredClone(base.bindings)).map(keptBinding),
    annotations: { "workers/triggered_by": "secret" },
  };
  script.versions.push(version);
  deploy(script, [{ version_id: version.id, percentage: 100 }], { "workers/triggered_by": "secret" });
  call.account.changed();
  return version;
}

export const secretsOf = (script: ScriptRecord) => (currentVersion(script)?.bindings ?? []).filter(isSecret);
