// Every resource the Worker binds that has an id, found by its name or created: a deploy can be
// run again after any failure (a create that Cloudflare carried out but whose answer was lost is
// found by name the next time), and a second deploy with nothing changed creates nothing.
import type { CloudflareApi } from "./cloudflare-api.ts";
import type { Needed } from "./deploy-config.ts";

export interface Resolved {
  /** What was found or made, by binding. */
  ids: Record<string, string>;
  /** One line per resource: found or created. */
  report: string[];
}

interface KvNamespace {
  id: string;
  title: string;
}
interface D1Database {
  uuid: string;
  name: string;
}

async function kvNamespace(api: CloudflareApi, title: string): Promise<{ id: string; created: boolean }> {
  const found = (await api.list<KvNamespace>("/storage/kv/namespaces")).find((namespace) => namespace.title === title);
  if (found) return { id: found.id, created: false };
  return { id: (await api.post<KvNamespace>("/storage/kv/namespaces", { title })).id, created: true };
}

async function d1Database(api: CloudflareApi, name: string): Promise<{ id: string; created: boolean }> {
  const found = (await api.list<D1Database>(`/d1/database?name=${encodeURIComponent(name)}`)).find((db) => db.name === name);
  if (found) return { id: found.uuid, created: false };
  return { id: (await api.post<D1Database>("/d1/database", { name })).uuid, created: true };
}

/** Finds or creates each needed resource, one after the other (an account's writes are rate limited). */
export async function resolveResources(api: CloudflareApi, needed: Needed[]): Promise<Resolved> {
  const resolved: Resolved = { ids: {}, report: [] };
  for (const need of needed) {
    const { id, created } = need.kind === "kv" ? await kvNamespace(api, need.name) : await d1Database(api, need.name);
    resolved.ids[need.key] = id;
    resolved.report.push(`${created ? "created" : "found"} ${need.kind === "kv" ? "KV namespace" : "D1 database"} ${need.name} (${id})`);
  }
  return resolved;
}
