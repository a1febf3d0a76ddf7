/**
 * The space, component groups, components, datasources and their entries: list, create and update,
 * as resources/mapi/{spaces,component_folders,components,datasources,datasource_entries}/main.yaml
 * describe them.
 */
import type { Json, SpaceStore } from "./store.ts";

export interface Call {
  store: SpaceStore;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  /** The stand-in's own origin (the signed upload form posts there). */
  origin: string;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

export const notFound = (what: string): Answer => ({ status: 404, body: { error: `${what} not found` } });
export const badRequest = (message: string): Answer => ({ status: 422, body: { error: message } });

/** The object under `key` in the request body (`{ component: {...} }`), or undefined. */
export function wrapped(body: unknown, key: string): Json | undefined {
  return isObject(body) && isObject(body[key]) ? body[key] : undefined;
}

/** Page `page` of `items` (per_page 25 by default, at most 100) with Total and Per-Page headers. */
export function paginated(key: string, items: readonly unknown[], query: URLSearchParams): Answer {
  const perPage = Math.min(Math.max(Number(query.get("per_page") ?? 25) || 25, 1), 100);
  const page = Math.max(Number(query.get("page") ?? 1) || 1, 1);
  return {
    status: 200,
    body: { [key]: items.slice((page - 1) * perPage, page * perPage) },
    headers: { total: String(items.length), "per-page": String(perPage) },
  };
}

const SPACE_WRITABLE = ["name", "domain", "story_published_hook", "environments", "default_root", "languages"];

export function getSpace({ store }: Call): Answer {
  return { status: 200, body: { space: store.space } };
}

export function updateSpace({ store, body }: Call): Answer {
  const changes = wrapped(body, "space");
  if (!changes) return badRequest("space is required");
  for (const key of SPACE_WRITABLE) if (key in changes) store.space[key] = changes[key];
  store.space.updated_at = store.now();
  return { status: 200, body: { space: store.space } };
}

/** List, create and update for one kind of record kept in `store[list]`. */
function collection(
  list: "componentGroups" | "components" | "datasources",
  key: string,
  plural: string,
  fill: (store: SpaceStore, input: Json) => Json,
) {
  return {
    list: ({ store }: Call): Answer => ({ status: 200, body: { [plural]: store[list] } }),
    create({ store, body }: Call): Answer {
      const input = wrapped(body, key);
      if (!input || typeof input.name !== "string" || !input.name) return badRequest(`${key}.name is required`);
      if (store[list].some((item) => item.name === input.name)) return badRequest(`${key} ${input.name} already exists`);
      const record = fill(store, input);
      store[list].push(record);
      return { status: 201, body: { [key]: record } };
    },
    update({ store, params, body }: Call): Answer {
      const input = wrapped(body, key);
      const record = store[list].find((item) => String(item.id) === params.id);
      if (!record) return notFound(key);
      if (!input) return badRequest(`${key} is required`);
      Object.assign(record, input, { id: record.id, updated_at: store.now() });
      return { status: 200, body: { [key]: record } };
    },
  };
}

export const componentGroups = collection("componentGroups", "component_group", "component_groups", (store, input) => ({
  id: store.nextId(),
  name: input.name,
  uuid: store.uuid(),
}));

export const components = collection("components", "component", "components", (store, input) => ({
  schema: {},
  ...input,
  id: store.nextId(),
  created_at: store.now(),
  updated_at: store.now(),
}));

export const datasources = collection("datasources", "datasource", "datasources", (store, input) => ({
  id: store.nextId(),
  name: input.name,
  slug: input.slug,
  dimensions: [],
  created_at: store.now(),
  updated_at: store.now(),
}));

export function listEntries({ store, query }: Call): Answer {
  const id = query.get("datasource_id");
  const slug = query.get("datasource_slug");
  const datasource = store.datasources.find((item) => String(item.id) === id || item.slug === slug);
  if (!datasource) return notFound("datasource");
  return paginated(
    "datasource_entries",
    store.datasourceEntries.filter((entry) => entry.datasource_id === datasource.id),
    query,
  );
}

export function createEntry({ store, body }: Call): Answer {
  const input = wrapped(body, "datasource_entry");
  if (!input || typeof input.name !== "string" || typeof input.value !== "string")
    return badRequest("datasource_entry.name and value are required");
  if (!store.datasources.some((item) => item.id === input.datasource_id)) return notFound("datasource");
  const entry = { id: store.nextId(), name: input.name, value: input.value, datasource_id: input.datasource_id };
  store.datasourceEntries.push(entry);
  return { status: 201, body: { datasource_entry: entry } };
}

export function updateEntry({ store, params, body }: Call): Answer {
  const input = wrapped(body, "datasource_entry");
  const entry = store.datasourceEntries.find((item) => String(item.id) === params.id);
  if (!entry) return notFound("datasource_entry");
  if (!input) return badRequest("datasource_entry is required");
  if (typeof input.name === "string") entry.name = input.name;
  if (typeof input.value === "string") entry.value = input.value;
  return { status: 204 };
}
