/**
 * What Cloudflare checks of an upload's metadata before it makes a version: that every binding
 * names something that exists (KV 10042, D1 10021, a Durable Object class the script's migrations
 * created 10061), that `inherit` bindings resolve against the previous version (10057, the note
 * wrangler's handleMissingSecretsError parses), that a migration starts from the script's current
 * tag (10079), and that an assets JWT is a completion token for this script.
 */
import type { Account } from "./account.ts";
import { type Answer, isAnswer, refuse } from "./envelope.ts";
import { type Binding, currentVersion, keptBinding, type ScriptRecord } from "./state.ts";

// biome-ignore lint/suspicious/noExplicitAny: upload metadata, checked against the description
type Metadata = Record<string, any>;

export interface Resolved {
  bindings: Binding[];
  migrationTag: string | null;
  classes: string[];
  assets: string[] | null;
}

interface MigrationStep {
  new_classes?: string[];
  new_sqlite_classes?: string[];
  deleted_classes?: string[];
  renamed_classes?: Array<{ from: string; to: string }>;
  transferred_classes?: Array<{ from: string; from_script: string; to: string }>;
}

/** The classes after a migration's steps, or a refusal when it does not start at the current tag. */
function applyMigrations(
  script: ScriptRecord | undefined,
  migrations: Metadata | undefined,
): Answer | { tag: string | null; classes: string[] } {
  const currentTag = script?.migration_tag ?? null;
  const classes = new Set(script?.durable_object_classes ?? []);
  if (!migrations) return { tag: currentTag, classes: [...classes] };
  const oldTag = migrations.old_tag ?? null;
  if (oldTag !== currentTag)
    return refuse(
      400,
      10079,
      `Migration tag precondition failed; the script's current migration tag is ${currentTag === null ? "unset" : `'${currentTag}'`}, the upload's old_tag is ${oldTag === null ? "unset" : `'${oldTag}'`}`,
    );
  const steps: MigrationStep[] = Array.isArray(migrations.steps) ? migrations.steps : [migrations];
  for (const step of steps) {
    for (const name of [...(step.new_classes ?? []), ...(step.new_sqlite_classes ?? [])]) {
      if (classes.has(name)) return refuse(400, 10074, `Cannot create Durable Object class '${name}': it already exists`);
      classes.add(name);
    }
    for (const { from, to } of step.renamed_classes ?? []) {
      classes.delete(from);
      classes.add(to);
    }
    for (const { to } of step.transferred_classes ?? []) classes.add(to);
    for (const name of step.deleted_classes ?? []) classes.delete(name);
  }
  return { tag: migrations.new_tag ?? currentTag, classes: [...classes] };
}

function checkBinding(account: Account, binding: Binding, classes: readonly string[], scriptName: string): Answer | undefined {
  const { state } = account;
  if (binding.type === "kv_namespace" && !state.kvNamespaces.some((ns) => ns.id === binding.namespace_id))
    return refuse(400, 10042, `KV namespace '${String(binding.namespace_id)}' is not valid.`);
  if (binding.type === "d1" && !state.d1Databases.some((db) => db.uuid === (binding.database_id ?? binding.id)))
    return refuse(400, 10021, `binding ${binding.name} of type d1 must have a valid \`id\` specified`);
  const ownClass = binding.type === "durable_object_namespace" && (!binding.script_name || binding.script_name === scriptName);
  if (ownClass && !classes.includes(String(binding.class_name)))
    return refuse(
      400,
      10061,
      `Cannot create binding for class '${String(binding.class_name)}' because it is not currently configured to implement Durable Objects. Did you forget to apply a Durable Object migration?`,
    );
  return undefined;
}

/** Replaces `inherit` bindings with the previous version's, and keeps the previous bindings of `keep_bindings` types. */
function inherit(script: ScriptRecord | undefined, given: Binding[], keepTypes: string[], strict: boolean): Answer | Binding[] {
  const previous = script ? (currentVersion(script)?.bindings ?? []) : [];
  const result: Binding[] = [];
  const missing: string[] = [];
  for (const binding of given) {
    if (binding.type !== "inherit") {
      result.push(binding);
      continue;
    }
    const found = previous.find((old) => old.name === (binding.old_name ?? binding.name));
    if (found) result.push({ ...found, name: binding.name });
    else missing.push(binding.name);
  }
  if (missing.length && strict) {
    const [first, ...rest] = missing.map((name) => ({ code: 10057, message: `inherit binding '${name}' is invalid` }));
    return refuse(400, first!.code, first!.message, ...rest);
  }
  for (const old of previous) if (keepTypes.includes(old.type) && !result.some((b) => b.name === old.name)) result.push(old);
  return result;
}

function resolveAssets(account: Account, metadata: Metadata, scriptName: string, bindings: Binding[]): Answer | string[] | null {
  const jwt = metadata.assets?.jwt;
  if (jwt === undefined) {
    return bindings.some((b) => b.type === "assets")
      ? refuse(400, 10021, "an assets binding needs static assets (metadata.assets.jwt)")
      : null;
  }
  const token = account.readAssetsToken(String(jwt));
  if (token?.kind !== "completion" || token.script !== scriptName)
    return refuse(400, 10021, "Invalid or expired assets completion token (metadata.assets.jwt)");
  return token.hashes;
}

export function resolveUpload(
  account: Account,
  scriptName: string,
  script: ScriptRecord | undefined,
  metadata: Metadata,
  strict: boolean,
): Answer | Resolved {
  const migrated = applyMigrations(script, metadata.migrations);
  if (isAnswer(migrated)) return migrated;
  const given = (Array.isArray(metadata.bindings) ? metadata.bindings : []) as Binding[];
  const bindings = inherit(script, given, Array.isArray(metadata.keep_bindings) ? metadata.keep_bindings : [], strict);
  if (!Array.isArray(bindings)) return bindings;
  for (const binding of bindings) {
    const refused = checkBinding(account, binding, migrated.classes, scriptName);
    if (refused) return refused;
  }
  const assets = resolveAssets(account, metadata, scriptName, bindings);
  if (assets && isAnswer(assets)) return assets;
  return { bindings: bindings.map(keptBinding), migrationTag: migrated.tag, classes: migrated.classes, assets };
}
