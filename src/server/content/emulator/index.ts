/**
 * The embedded content source: a Storyblok Content Delivery API (v2) emulator that is a plain
 * `fetch` function over a `SpaceSnapshot`. It answers the same paths, parameters, status codes,
 * headers and JSON shapes as https://api.storyblok.com/v2/cdn (checked against Storyblok's own
 * OpenAPI description in tests/node/emulator-openapi.test.ts), so the site runs the production
 * code path offline and tests can inject the failures the real service has (429, 5xx, slow
 * answers, dropped connections).
 *
 * Deliberate simplifications, each invisible to a client that follows the documentation:
 * - A published request without `cv` is answered as if the 301 to `?cv=<latest>` had been followed.
 * - Requests with `cv` behave like the CDN: the first answer for a URL is kept and replayed until
 *   the URL changes (so a stale `cv` keeps returning stale content, as in production).
 * - `filter_query`, `search_term`, date filters, `from_release`, `language` and `fallback_lang`
 *   are accepted and ignored (the snapshot has one language and no releases).
 */
import type { SpaceSnapshot } from "../snapshot";
import type { DatasourceEntry, LinkEntry, Story, Version } from "../../../shared/content";
import { statusText as httpStatusText } from "../http-status";

export type Fault =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | { delayMs: number }
  | { networkError: true };

export interface EmulatorOptions {
  /** Clock for publish(): timestamps and the new cache version. */
  now?: () => number;
  /** Called for every request before it is handled; return a fault to inject it. */
  fault?: (url: URL) => Fault | undefined;
}

export interface Emulator {
  fetch: typeof fetch;
  /** Promotes the draft of `fullSlug` to published and bumps the space's cache version. */
  publish(fullSlug: string): void;
  /** The current cache version (`space.version`). */
  readonly cacheVersion: number;
}

/** Story-level fields a link entry carries in the `link` form of resolve_links. */
type ResolvedLink = LinkEntry & { full_slug: string; created_at?: string; alternates?: unknown[] };

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface View {
  stories: Story[];
  byUuid: Map<string, Story>;
  byId: Map<number, Story>;
  bySlug: Map<string, Story>;
}

interface State {
  version: number;
  published: Map<string, Story>;
  drafts: Map<string, Story>;
  views: Partial<Record<Version, View>>;
}

type Access = "public" | "preview";

/** Storyblok returns uuids instead of stories past this many relations or links. */
export const MAX_RESOLVED = 50;
const MAX_STORIES_PER_PAGE = 100;
const MAX_LINKS_PER_PAGE = 1000;
const MAX_ENTRIES_PER_PAGE = 1000;
const DEFAULT_PER_PAGE = 25;
/** The CDN keeps every URL for a year; the emulator keeps the most recent ones. */
const CDN_CACHE_SIZE = 500;

export const NOT_FOUND_BODY = ["This record could not be found"] as const;
export const UNAUTHORIZED_BODY = { error: "Unauthorized" } as const;

function statusText(status: number): string {
  return httpStatusText(status, "Unknown Status");
}

export function createEmulator(snapshot: SpaceSnapshot, options: EmulatorOptions = {}): Emulator {
  const now = options.now ?? Date.now;
  const space = structuredClone(snapshot.space);
  const tokens = { ...snapshot.tokens };
  const datasources = structuredClone(snapshot.datasources);
  const state: State = {
    version: space.version,
    published: new Map(structuredClone(snapshot.stories).map((story) => [story.uuid, story])),
    drafts: new Map(structuredClone(snapshot.drafts).map((story) => [story.uuid, story])),
    views: {},
  };
  const cdnCache = new Map<string, Answer>();

  function view(version: Version): View {
    return (state.views[version] ??= buildView(version === "draft" ? mergeDrafts(state) : [...state.published.values()]));
  }

  function handle(method: string, url: URL): Answer {
    const route = matchRoute(url.pathname);
    if (!route) return { status: 404, body: { error: "Not Found" } };
    if (method !== "GET") return { status: 405, body: { error: statusText(405) }, headers: { allow: "GET" } };

    const params = url.searchParams;
    const access = authorize(params.get("token"), tokens);
    if (!access) return { status: 401, body: UNAUTHORIZED_BODY };
    const version: Version = params.get("version") === "draft" ? "draft" : "published";
    // A public token only ever sees published content; the real API answers a plain 401.
    if (version === "draft" && access !== "preview") return { status: 401, body: UNAUTHORIZED_BODY };

    const cacheable = version === "published" && route.kind !== "space" && params.has("cv");
    const key = cacheable ? cdnCacheKey(url) : "";
    const replay = cacheable ? cdnCache.get(key) : undefined;
    if (replay) return replay;

    const ctx: Ctx = { params, version, view: view(version), cv: state.version, spaceId: space.id, published: state.published };
    const answer = answerRoute(route, ctx);
    if (cacheable && answer.status === 200) remember(cdnCache, key, answer);
    return answer;
  }

  function answerRoute(route: Route, ctx: Ctx): Answer {
    switch (route.kind) {
      case "story":
        return getStory(route.identifier, ctx);
      case "stories":
        return listStories(ctx);
      case "links":
        return listLinks(ctx);
      case "link":
        return getLink(route.uuid, ctx);
      case "space":
        return { status: 200, body: { space: { ...space, version: state.version } } };
      case "datasources":
        return listDatasources(datasources, ctx);
      case "datasource":
        return getDatasource(datasources, route.id, ctx);
      case "datasource_entries":
        return listDatasourceEntries(datasources, ctx);
      case "tags":
        return listTags(ctx);
    }
  }

  async function emulatorFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const { url, method, signal } = readRequest(input, init);
    throwIfAborted(signal);
    const fault = options.fault?.(url);
    if (fault && "networkError" in fault) throw new TypeError("fetch failed");
    if (fault && "delayMs" in fault) await sleep(fault.delayMs, signal);
    else if (fault) return toResponse({ status: fault.status, body: fault.body ?? { error: statusText(fault.status) }, headers: fault.headers });
    return toResponse(handle(method, url));
  }

  function publish(fullSlug: string): void {
    const bySlug = (story: Story) => story.full_slug === fullSlug;
    // Publishing a story without a draft republishes it, which also moves cv, as in Storyblok.
    const source = [...state.drafts.values()].find(bySlug) ?? [...state.published.values()].find(bySlug);
    if (!source) throw new Error(`publish: no story with full_slug "${fullSlug}"`);
    const at = new Date(now()).toISOString();
    const promoted: Story = {
      ...structuredClone(source),
      published_at: at,
      updated_at: at,
      first_published_at: source.first_published_at ?? at,
    };
    state.published.set(promoted.uuid, promoted);
    state.drafts.delete(promoted.uuid);
    // cv is a Unix timestamp that only ever grows, even when publishes land in the same second.
    state.version = Math.max(state.version + 1, Math.floor(now() / 1000));
    state.views = {};
  }

  return {
    fetch: emulatorFetch as typeof fetch,
    publish,
    get cacheVersion() {
      return state.version;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Requests and responses

function readRequest(input: RequestInfo | URL, init?: RequestInit): { url: URL; method: string; signal?: AbortSignal } {
  const request = input instanceof Request ? input : undefined;
  const raw = request ? request.url : input instanceof URL ? input.href : String(input);
  // The host is irrelevant: the emulator is whatever endpoint the client was configured with.
  const url = new URL(raw, "http://emulator.local");
  const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
  const signal = init?.signal ?? request?.signal ?? undefined;
  return { url, method, signal };
}

function toResponse(answer: Answer): Response {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    statusText: statusText(answer.status),
    headers: { "content-type": "application/json", ...answer.headers },
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

/** A real timer, cancelled by the request's signal the way fetch is. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal ? abortReason(signal) : undefined);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function authorize(token: string | null, tokens: SpaceSnapshot["tokens"]): Access | undefined {
  if (token && token === tokens.preview) return "preview";
  if (token && token === tokens.public) return "public";
  return undefined;
}

/** The CDN keys on the full URL; parameter order does not matter to Storyblok, so neither here. */
function cdnCacheKey(url: URL): string {
  const params = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  return `${url.pathname}?${new URLSearchParams(params).toString()}`;
}

function remember(cache: Map<string, Answer>, key: string, answer: Answer): void {
  cache.set(key, answer);
  if (cache.size > CDN_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
}

// ---------------------------------------------------------------------------------------------
// Routes

type Route =
  | { kind: "story"; identifier: string }
  | { kind: "stories" }
  | { kind: "links" }
  | { kind: "link"; uuid: string }
  | { kind: "space" }
  | { kind: "datasources" }
  | { kind: "datasource"; id: string }
  | { kind: "datasource_entries" }
  | { kind: "tags" };

const PREFIX = "/v2/cdn/";

function matchRoute(pathname: string): Route | undefined {
  if (!pathname.startsWith(PREFIX)) return undefined;
  const rest = pathname.slice(PREFIX.length);
  if (rest === "stories" || rest === "stories/") return { kind: "stories" };
  // Story identifiers keep their trailing slash: a folder's start page has a full_slug like "blog/".
  if (rest.startsWith("stories/")) return { kind: "story", identifier: decodePath(rest.slice("stories/".length)) };
  const parts = rest.replace(/\/+$/, "").split("/").map(decodePath);
  const [head, second, ...more] = parts;
  if (more.length) return undefined;
  if (head === "links") return second === undefined ? { kind: "links" } : { kind: "link", uuid: second };
  if (head === "spaces" && second === "me") return { kind: "space" };
  if (head === "datasources") return second === undefined ? { kind: "datasources" } : { kind: "datasource", id: second };
  if (head === "datasource_entries" && second === undefined) return { kind: "datasource_entries" };
  if (head === "tags" && second === undefined) return { kind: "tags" };
  return undefined;
}

function decodePath(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// ---------------------------------------------------------------------------------------------
// Content state

function mergeDrafts(state: State): Story[] {
  const merged = new Map(state.published);
  for (const [uuid, draft] of state.drafts) merged.set(uuid, draft);
  return [...merged.values()];
}

function buildView(stories: Story[]): View {
  return {
    stories,
    byUuid: new Map(stories.map((story) => [story.uuid, story])),
    byId: new Map(stories.map((story) => [story.id, story])),
    bySlug: new Map(stories.map((story) => [story.full_slug, story])),
  };
}

interface Ctx {
  params: URLSearchParams;
  version: Version;
  view: View;
  cv: number;
  spaceId: number;
  /** Published stories by uuid: decides `published` of link entries in the draft view. */
  published: Map<string, Story>;
}

// ---------------------------------------------------------------------------------------------
// Stories

function getStory(identifier: string, ctx: Ctx): Answer {
  const story = findStory(identifier, ctx.params.get("find_by"), ctx.view);
  if (!story) return { status: 404, body: NOT_FOUND_BODY };
  const presented = present(story, ctx, []);
  return { status: 200, body: { story: presented, cv: ctx.cv, ...resolveReferences([presented], ctx) } };
}

function findStory(identifier: string, findBy: string | null, view: View): Story | undefined {
  if (findBy === "uuid") return view.byUuid.get(identifier);
  if (/^\d+$/.test(identifier)) return view.byId.get(Number(identifier));
  return view.bySlug.get(identifier);
}

function listStories(ctx: Ctx): Answer {
  const { params } = ctx;
  const ordered = list(params, "by_uuids_ordered");
  const matching = ctx.view.stories.filter(storyFilter(params));
  const sorted = ordered ? orderBy(matching, ordered) : sortStories(matching, params.get("sort_by"));
  const { page, perPage } = readPagination(params, MAX_STORIES_PER_PAGE);
  const excluded = list(params, "excluding_fields") ?? [];
  const stories = pageOf(sorted, page, perPage).map((story) => present(story, ctx, excluded));
  return {
    status: 200,
    body: { stories, cv: ctx.cv, ...resolveReferences(stories, ctx) },
    headers: paginationHeaders(sorted.length, perPage),
  };
}

/** A response copy of a story: content fields excluded on request, editor markers on drafts. */
function present(story: Story, ctx: Ctx, excludedFields: readonly string[]): Story {
  const copy = structuredClone(story);
  for (const field of excludedFields) {
    if (field !== "component" && field !== "_uid") delete copy.content[field];
  }
  if (ctx.version === "draft") addEditable(copy, ctx.spaceId);
  return copy;
}

/** The Visual Editor finds bloks by these comments, which the API adds to every draft blok. */
function addEditable(story: Story, spaceId: number): void {
  walk(story.content, (node) => {
    if (typeof node.component !== "string" || typeof node._uid !== "string") return;
    node._editable = `<!--#storyblok#{"name": ${JSON.stringify(node.component)}, "space": "${spaceId}", "uid": ${JSON.stringify(node._uid)}, "id": "${story.id}"}-->`;
  });
}

function storyFilter(params: URLSearchParams): (story: Story) => boolean {
  const startsWith = params.get("starts_with");
  const bySlugs = list(params, "by_slugs")?.map(slugPattern);
  const excludingSlugs = list(params, "excluding_slugs")?.map(slugPattern);
  const uuids = list(params, "by_uuids") ?? list(params, "by_uuids_ordered");
  const uuidSet = uuids ? new Set(uuids) : undefined;
  const excludingIds = new Set((list(params, "excluding_ids") ?? []).map(Number));
  const contentType = params.get("content_type");
  const startpage = readFlag(params.get("is_startpage"));
  const tags = list(params, "with_tag");
  const level = params.has("level") ? Number(params.get("level")) : undefined;

  return (story) =>
    (startsWith === null || story.full_slug.startsWith(startsWith.replace(/^\//, ""))) &&
    (!bySlugs || bySlugs.some((pattern) => pattern.test(story.full_slug))) &&
    (!excludingSlugs || !excludingSlugs.some((pattern) => pattern.test(story.full_slug))) &&
    (!uuidSet || uuidSet.has(story.uuid)) &&
    !excludingIds.has(story.id) &&
    (contentType === null || story.content.component === contentType) &&
    (startpage === undefined || story.is_startpage === startpage) &&
    (!tags || tags.some((tag) => story.tag_list.includes(tag))) &&
    (level === undefined || story.full_slug.split("/").length === level);
}

/** `*` in by_slugs/excluding_slugs matches any run of characters, folder separators included. */
function slugPattern(pattern: string): RegExp {
  const escaped = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join(".*")}$`);
}

function readFlag(value: string | null): boolean | undefined {
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  return undefined;
}

function orderBy(stories: Story[], uuids: string[]): Story[] {
  const rank = new Map(uuids.map((uuid, index) => [uuid, index]));
  return [...stories].sort((a, b) => (rank.get(a.uuid) ?? 0) - (rank.get(b.uuid) ?? 0));
}

/**
 * `sort_by=<attribute>:<asc|desc>[:int|float]`, attribute a story property or `content.<field>`.
 * Storyblok does not document its default order; the emulator uses newest first (created_at:desc).
 */
function sortStories(stories: Story[], sortBy: string | null): Story[] {
  const [attribute = "created_at", direction = "asc", type] = (sortBy || "created_at:desc").split(":");
  const sign = direction.toLowerCase() === "desc" ? -1 : 1;
  const key = (story: Story): unknown => {
    const value = attribute.startsWith("content.") ? story.content[attribute.slice("content.".length)] : (story as unknown as Record<string, unknown>)[attribute];
    return type === "int" || type === "float" ? Number(value) : value;
  };
  return [...stories].sort((a, b) => sign * compareValues(key(a), key(b)) || b.id - a.id);
}

/** Missing values sort last ascending and first descending, like the database behind the API. */
function compareValues(a: unknown, b: unknown): number {
  const aMissing = a === null || a === undefined || Number.isNaN(a);
  const bMissing = b === null || b === undefined || Number.isNaN(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Relations and links

interface References {
  rels: Story[];
  links: unknown[];
  rel_uuids?: string[];
  link_uuids?: string[];
}

function resolveReferences(stories: Story[], ctx: Ctx): References {
  const result: References = { rels: [], links: [] };
  const fields = new Set(list(ctx.params, "resolve_relations") ?? []);
  if (fields.size) {
    const related = existing(collectRelations(stories, fields), ctx.view);
    if (related.length > MAX_RESOLVED) result.rel_uuids = related.map((story) => story.uuid);
    else result.rels = related.map((story) => present(story, ctx, []));
  }
  const mode = linkMode(ctx.params.get("resolve_links"));
  if (mode) {
    const linked = existing(collectStoryLinks(stories), ctx.view);
    const folders = mode === "link" ? deriveFolders(ctx.view.stories) : new Map<string, Folder>();
    if (linked.length > MAX_RESOLVED) result.link_uuids = linked.map((story) => story.uuid);
    else result.links = linked.map((story) => resolvedLink(story, mode, folders, ctx));
  }
  return result;
}

function linkMode(value: string | null): "story" | "url" | "link" | undefined {
  if (value === "story" || value === "1") return "story";
  if (value === "url" || value === "link") return value;
  return undefined;
}

function existing(uuids: Iterable<string>, view: View): Story[] {
  return [...uuids].flatMap((uuid) => view.byUuid.get(uuid) ?? []);
}

/** Uuids in `component.field` relation fields, in order of first appearance. */
function collectRelations(stories: Story[], fields: ReadonlySet<string>): Set<string> {
  const uuids = new Set<string>();
  for (const story of stories) {
    walk(story.content, (node) => {
      if (typeof node.component !== "string") return;
      for (const [field, value] of Object.entries(node)) {
        if (!fields.has(`${node.component}.${field}`)) continue;
        for (const uuid of typeof value === "string" ? [value] : Array.isArray(value) ? value : []) {
          if (typeof uuid === "string" && uuid) uuids.add(uuid);
        }
      }
    });
  }
  return uuids;
}

/** Uuids of stories linked from multilink fields and rich text link marks. */
function collectStoryLinks(stories: Story[]): Set<string> {
  const uuids = new Set<string>();
  for (const story of stories) {
    walk(story.content, (node) => {
      if (node.fieldtype === "multilink" && node.linktype === "story" && typeof node.id === "string" && node.id) uuids.add(node.id);
      if (node.type === "link" && isRecord(node.attrs) && node.attrs.linktype === "story" && typeof node.attrs.uuid === "string" && node.attrs.uuid) {
        uuids.add(node.attrs.uuid);
      }
    });
  }
  return uuids;
}

/** `story`: the whole story; `url`: just enough to build an href; `link`: a links-API entry. */
function resolvedLink(story: Story, mode: "story" | "url" | "link", folders: Map<string, Folder>, ctx: Ctx): unknown {
  if (mode === "story") return present(story, ctx, []);
  if (mode === "url") return { name: story.name, id: story.id, uuid: story.uuid, slug: story.slug, url: story.full_slug, full_slug: story.full_slug };
  return { ...linkEntry(story, folders, ctx.published.has(story.uuid), false), full_slug: story.full_slug, alternates: [] } satisfies ResolvedLink;
}

// ---------------------------------------------------------------------------------------------
// Links (stories and folders)

interface Folder {
  id: number;
  uuid: string;
  fullSlug: string;
  name: string;
  parentId: number | null;
  createdAt: string;
}

function listLinks(ctx: Ctx): Answer {
  const { params } = ctx;
  const includeDates = params.get("include_dates") === "1";
  const startsWith = (params.get("starts_with") ?? "").replace(/^\//, "");
  const withParent = params.has("with_parent") ? Number(params.get("with_parent")) : undefined;
  const folders = deriveFolders(ctx.view.stories);
  const entries: LinkEntry[] = [
    ...[...folders.values()].map((folder) => folderEntry(folder, includeDates)),
    ...ctx.view.stories.map((story) => linkEntry(story, folders, ctx.published.has(story.uuid), includeDates)),
  ]
    .filter((entry) => entry.slug.startsWith(startsWith))
    .filter((entry) => withParent === undefined || (entry.parent_id ?? 0) === withParent)
    .sort((a, b) => compareValues(a.slug, b.slug) || a.id - b.id);
  // Spaces created since May 2023 always paginate links; `paginated=1` is what older ones need.
  const { page, perPage } = readPagination(params, MAX_LINKS_PER_PAGE);
  const links = Object.fromEntries(pageOf(entries, page, perPage).map((entry) => [entry.uuid, entry]));
  return { status: 200, body: { links, cv: ctx.cv }, headers: paginationHeaders(entries.length, perPage) };
}

function getLink(uuid: string, ctx: Ctx): Answer {
  const folders = deriveFolders(ctx.view.stories);
  const includeDates = ctx.params.get("include_dates") === "1";
  const story = ctx.view.byUuid.get(uuid);
  const folder = [...folders.values()].find((candidate) => candidate.uuid === uuid);
  const link = story ? linkEntry(story, folders, ctx.published.has(uuid), includeDates) : folder ? folderEntry(folder, includeDates) : undefined;
  return link ? { status: 200, body: { link, cv: ctx.cv } } : { status: 404, body: NOT_FOUND_BODY };
}

function parentPath(fullSlug: string): string {
  const trimmed = fullSlug.replace(/\/$/, "");
  const cut = trimmed.lastIndexOf("/");
  // A start page ("blog/") lives in the folder its slug names.
  if (fullSlug.endsWith("/")) return trimmed;
  return cut < 0 ? "" : trimmed.slice(0, cut);
}

/**
 * Folders are not in the snapshot; they are implied by full_slug prefixes. A folder takes the id
 * its stories point to with parent_id, so links and stories agree; ids and uuids of folders
 * without direct stories are derived from the path, so they are stable across runs.
 */
function deriveFolders(stories: readonly Story[]): Map<string, Folder> {
  const folders = new Map<string, Folder>();
  const ids = new Map<string, number>();
  const created = new Map<string, string>();
  for (const story of stories) {
    const parent = parentPath(story.full_slug);
    if (parent && story.parent_id && !ids.has(parent)) ids.set(parent, story.parent_id);
    for (let path = parent; path; path = parentPath(path)) {
      const first = created.get(path);
      if (!first || story.created_at < first) created.set(path, story.created_at);
    }
  }
  const paths = [...created.keys()].sort();
  for (const path of paths) ids.set(path, ids.get(path) ?? stableId(path));
  for (const path of paths) {
    const parent = parentPath(path);
    const segment = path.slice(path.lastIndexOf("/") + 1);
    folders.set(path, {
      id: ids.get(path) ?? stableId(path),
      uuid: stableUuid(path),
      fullSlug: path,
      name: segment.charAt(0).toUpperCase() + segment.slice(1).replace(/-/g, " "),
      parentId: parent ? (ids.get(parent) ?? null) : null,
      createdAt: created.get(path) ?? "",
    });
  }
  return folders;
}

function folderEntry(folder: Folder, includeDates: boolean): LinkEntry & { created_at?: string } {
  return {
    id: folder.id,
    uuid: folder.uuid,
    slug: folder.fullSlug,
    path: null,
    parent_id: folder.parentId,
    name: folder.name,
    is_folder: true,
    published: false,
    is_startpage: false,
    position: 0,
    real_path: `/${folder.fullSlug}`,
    ...(includeDates ? { published_at: null, created_at: folder.createdAt, updated_at: folder.createdAt } : {}),
  };
}

function linkEntry(story: Story, folders: Map<string, Folder>, published: boolean, includeDates: boolean): LinkEntry & { created_at?: string } {
  const parent = parentPath(story.full_slug);
  const realPath = story.path ? `/${story.path.replace(/^\//, "")}` : `/${story.full_slug.replace(/\/$/, "")}`;
  return {
    id: story.id,
    uuid: story.uuid,
    slug: story.full_slug,
    path: story.path,
    parent_id: parent ? (folders.get(parent)?.id ?? story.parent_id) : null,
    name: story.name,
    is_folder: false,
    published,
    is_startpage: story.is_startpage,
    position: story.position,
    real_path: realPath,
    ...(includeDates
      ? { published_at: story.published_at, created_at: story.created_at, updated_at: story.updated_at ?? story.created_at }
      : {}),
  };
}

/** FNV-1a: small, synchronous and stable, which is all a derived folder id needs. */
function fnv1a(text: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function stableId(path: string): number {
  return 100_000_000 + (fnv1a(path, 0) % 900_000_000);
}

function stableUuid(path: string): string {
  const hex = [1, 2, 3, 4].map((seed) => fnv1a(path, seed).toString(16).padStart(8, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// ---------------------------------------------------------------------------------------------
// Datasources and tags

type Datasource = SpaceSnapshot["datasources"][number];

function datasourceBody(datasource: Datasource) {
  return { id: datasource.id, name: datasource.name, slug: datasource.slug, dimensions: [] };
}

function listDatasources(datasources: Datasource[], ctx: Ctx): Answer {
  const { page, perPage } = readPagination(ctx.params, MAX_ENTRIES_PER_PAGE);
  return {
    status: 200,
    body: { datasources: pageOf(datasources, page, perPage).map(datasourceBody), cv: ctx.cv },
    headers: paginationHeaders(datasources.length, perPage),
  };
}

function getDatasource(datasources: Datasource[], id: string, ctx: Ctx): Answer {
  const datasource = datasources.find((candidate) => String(candidate.id) === id);
  return datasource ? { status: 200, body: { datasource: datasourceBody(datasource), cv: ctx.cv } } : { status: 404, body: NOT_FOUND_BODY };
}

/** Without `datasource` the API lists the entries of every datasource; an unknown one lists none. */
function listDatasourceEntries(datasources: Datasource[], ctx: Ctx): Answer {
  const slug = ctx.params.get("datasource");
  const entries: DatasourceEntry[] = datasources
    .filter((datasource) => slug === null || datasource.slug === slug)
    .flatMap((datasource) => datasource.entries)
    .map((entry) => ({ id: entry.id, name: entry.name, value: entry.value, dimension_value: entry.dimension_value ?? null }));
  const { page, perPage } = readPagination(ctx.params, MAX_ENTRIES_PER_PAGE);
  return {
    status: 200,
    body: { datasource_entries: pageOf(entries, page, perPage), cv: ctx.cv },
    headers: paginationHeaders(entries.length, perPage),
  };
}

function listTags(ctx: Ctx): Answer {
  const prefix = ctx.params.get("starts_with") ?? "";
  const counts = new Map<string, number>();
  for (const story of ctx.view.stories) {
    for (const tag of story.tag_list) if (tag.startsWith(prefix)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const tags = [...counts].sort(([a], [b]) => compareValues(a, b)).map(([name, taggings_count]) => ({ name, taggings_count }));
  return { status: 200, body: { tags, cv: ctx.cv } };
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function list(params: URLSearchParams, name: string): string[] | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** per_page above the maximum is capped, not refused, as the API does. */
function readPagination(params: URLSearchParams, maxPerPage: number): { page: number; perPage: number } {
  const perPage = Math.min(maxPerPage, positiveInt(params.get("per_page")) ?? DEFAULT_PER_PAGE);
  return { page: positiveInt(params.get("page")) ?? 1, perPage };
}

function positiveInt(value: string | null): number | undefined {
  const parsed = value === null ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : undefined;
}

function pageOf<T>(items: readonly T[], page: number, perPage: number): T[] {
  return items.slice((page - 1) * perPage, page * perPage);
}

function paginationHeaders(total: number, perPage: number): Record<string, string> {
  return { total: String(total), "per-page": String(perPage) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Visits every object in a content tree: bloks, field values, rich text nodes and marks. */
function walk(value: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
  } else if (isRecord(value)) {
    visit(value);
    for (const child of Object.values(value)) walk(child, visit);
  }
}
