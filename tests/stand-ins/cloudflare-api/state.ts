/**
 * What one Cloudflare account holds, as far as deploying a Worker touches it. Plain JSON, so a
 * test reads it and `CLOUDFLARE_LOCAL_STATE` can keep it between two stand-ins. Secret values are
 * never kept: a secret is a binding with a name (the API never returns a value either), which is
 * all `inherit` bindings and `secret list` need.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export interface KvNamespace {
  id: string;
  title: string;
  supports_url_encoding: boolean;
}

export interface D1Database {
  uuid: string;
  name: string;
  created_at: string;
  version: "production";
  primary_location_hint?: string;
}

/** A binding as a version keeps it (secret values dropped). */
export interface Binding {
  type: string;
  name: string;
  [key: string]: unknown;
}

export interface VersionRecord {
  id: string;
  number: number;
  created_on: string;
  /** upload (PUT script), version (POST versions), secret (a secret change made a version) */
  source: "upload" | "version" | "secret";
  main_module: string | null;
  modules: string[];
  compatibility_date: string | null;
  compatibility_flags: string[];
  bindings: Binding[];
  /** The Durable Object migration tag the script had once this version was made. */
  migration_tag: string | null;
  /** Hashes of the static assets this version serves (from its completion token). */
  assets: string[] | null;
  annotations: Record<string, string>;
  has_preview: boolean;
}

export interface DeploymentRecord {
  id: string;
  created_on: string;
  source: string;
  strategy: "percentage";
  versions: Array<{ version_id: string; percentage: number }>;
  annotations: Record<string, string>;
  author_email: string;
}

export interface PreviewDeployment {
  id: string;
  created_on: string;
  main_module: string | null;
  /** Bindings by name (secret values dropped). */
  env: Record<string, Omit<Binding, "name">>;
  annotations: Record<string, string>;
  migration_tag: string | null;
}

/** A Worker Preview (`wrangler preview`): named, with deployments of its own, newest last. */
export interface PreviewRecord {
  id: string;
  name: string;
  slug: string;
  created_on: string;
  settings: Record<string, unknown>;
  deployments: PreviewDeployment[];
}

export interface ScriptRecord {
  name: string;
  /** Cloudflare's script tag: a 32-hex id the services API answers as `tag`. */
  tag: string;
  created_on: string;
  modified_on: string;
  migration_tag: string | null;
  /** Durable Object classes its migrations have created (and not deleted). */
  durable_object_classes: string[];
  versions: VersionRecord[];
  /** Newest last. */
  deployments: DeploymentRecord[];
  /** Non-versioned settings: logpush, tail_consumers, observability, tags. */
  script_settings: Record<string, unknown>;
  schedules: Array<{ cron: string; created_on: string; modified_on: string }>;
  subdomain: { enabled: boolean; previews_enabled: boolean };
  previews: PreviewRecord[];
}

export interface AccountState {
  accountId: string;
  /** The account's workers.dev subdomain; null until one is registered. */
  subdomain: string | null;
  kvNamespaces: KvNamespace[];
  d1Databases: D1Database[];
  scripts: Record<string, ScriptRecord>;
  /** Static asset contents the account holds, by hash (what an upload session need not ask for again). */
  assetHashes: string[];
}

export const now = () => new Date().toISOString();
export const hexId = (bytes = 16) => randomBytes(bytes).toString("hex");
export const uuid = () => randomUUID();

export function createAccount(accountId: string, subdomain: string | null): AccountState {
  return { accountId, subdomain, kvNamespaces: [], d1Databases: [], scripts: {}, assetHashes: [] };
}

export function createScript(name: string): ScriptRecord {
  const at = now();
  return {
    name,
    tag: hexId(),
    created_on: at,
    modified_on: at,
    migration_tag: null,
    durable_object_classes: [],
    versions: [],
    deployments: [],
    script_settings: { logpush: false, tail_consumers: null, observability: { enabled: false }, tags: [] },
    schedules: [],
    subdomain: { enabled: false, previews_enabled: false },
    previews: [],
  };
}

/** The version taking most of the traffic in the latest deployment: what "the Worker" is now. */
export function currentVersion(script: ScriptRecord): VersionRecord | undefined {
  const latest = script.deployments.at(-1);
  if (!latest) return script.versions.at(-1);
  const top = [...latest.versions].sort((a, b) => b.percentage - a.percentage)[0];
  return script.versions.find((v) => v.id === top?.version_id);
}

export const isSecret = (binding: Binding) => binding.type === "secret_text" || binding.type === "secret_key";

/** A binding as kept: what the API would never answer back (secret values, keys) dropped. */
export function keptBinding(binding: Binding): Binding {
  if (binding.type === "secret_text") return { type: binding.type, name: binding.name };
  if (binding.type === "secret_key") {
    const { key_base64: _b, key_jwk: _j, ...rest } = binding;
    return rest as Binding;
  }
  return structuredClone(binding);
}

export function loadState(file: string): AccountState | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, "utf8")) as AccountState;
}

export function saveState(file: string, state: AccountState): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
}
