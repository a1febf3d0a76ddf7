import type { LinkEntry, Story } from "../../../shared/content";
import { type Answer, type Ctx, MAX_LINKS_PER_PAGE, NOT_FOUND_BODY } from "./model";
import { compareValues } from "./params";
import { pageOf, paginationHeaders, readPagination } from "./params";
import { folderAlternates, folderName, folderTranslations, storyAlternates } from "./i18n";
import { parentPath } from "./slugs";

export interface Folder {
  id: number;
  uuid: string;
  fullSlug: string;
  name: string;
  parentId: number | null;
  createdAt: string;
  /** The folder's full path per other language (Translatable Slugs), where one is known. */
  translated: Map<string, string>;
}

export function listLinks(ctx: Ctx): Answer {
  const { params } = ctx;
  const includeDates = params.get("include_dates") === "1";
  const startsWith = (params.get("starts_with") ?? "").replace(/^\//, "");
  const withParent = params.has("with_parent") ? Number(params.get("with_parent")) : undefined;
  const folders = deriveFolders(ctx.view.stories);
  const entries: LinkEntry[] = [
    ...[...folders.values()].map((folder) => folderEntry(folder, includeDates, ctx.languages)),
    ...ctx.view.stories.map((story) => linkEntry(story, folders, ctx.published.has(story.uuid), includeDates, ctx.languages)),
  ]
    .filter((entry) => entry.slug.startsWith(startsWith))
    .filter((entry) => withParent === undefined || (entry.parent_id ?? 0) === withParent)
    .sort((a, b) => compareValues(a.slug, b.slug) || a.id - b.id);
  // Spaces created since May 2023 always paginate links; `paginated=1` is what older ones need.
  const { page, perPage } = readPagination(params, MAX_LINKS_PER_PAGE);
  const links = Object.fromEntries(pageOf(entries, page, perPage).map((entry) => [entry.uuid, entry]));
  return { status: 200, body: { links, cv: ctx.cv }, headers: paginationHeaders(entries.length, perPage) };
}

export function getLink(uuid: string, ctx: Ctx): Answer {
  const folders = deriveFolders(ctx.view.stories);
  const includeDates = ctx.params.get("include_dates") === "1";
  const story = ctx.view.byUuid.get(uuid);
  const folder = [...folders.values()].find((candidate) => candidate.uuid === uuid);
  const link = story
    ? linkEntry(story, folders, ctx.published.has(uuid), includeDates, ctx.languages)
    : folder
      ? folderEntry(folder, includeDates, ctx.languages)
      : undefined;
  return link ? { status: 200, body: { link, cv: ctx.cv } } : { status: 404, body: NOT_FOUND_BODY };
}

/**
 * Folders are not in the snapshot; they are implied by full_slug prefixes. A folder takes the id
 * its stories point to with parent_id, so links and stories agree; ids and uuids of folders
 * without direct stories are derived from the path, so they are stable across runs.
 */
export function deriveFolders(stories: readonly Story[]): Map<string, Folder> {
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
  const translations = folderTranslations(stories);
  for (const path of paths) ids.set(path, ids.get(path) ?? stableId(path));
  for (const path of paths) {
    const parent = parentPath(path);
    const segment = path.slice(path.lastIndexOf("/") + 1);
    folders.set(path, {
      id: ids.get(path) ?? stableId(path),
      uuid: stableUuid(path),
      fullSlug: path,
      name: folderName(segment),
      parentId: parent ? (ids.get(parent) ?? null) : null,
      createdAt: created.get(path) ?? "",
      translated: translations.get(path) ?? new Map(),
    });
  }
  return folders;
}

/** Link entries carry `alternates` only when the space has other languages, as in the API. */
export function folderEntry(folder: Folder, includeDates: boolean, languages: readonly string[] = []): LinkEntry & { created_at?: string } {
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
    ...(languages.length ? { alternates: folderAlternates(folder.fullSlug, folder.name, folder.translated, languages) } : {}),
  };
}

export function linkEntry(
  story: Story,
  folders: Map<string, Folder>,
  published: boolean,
  includeDates: boolean,
  languages: readonly string[] = [],
): LinkEntry & { created_at?: string } {
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
    ...(languages.length ? { alternates: storyAlternates(story, languages) } : {}),
  };
}

/** FNV-1a: small, synchronous and stable, which is all a derived folder id needs. */
export function fnv1a(text: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function stableId(path: string): number {
  return 100_000_000 + (fnv1a(path, 0) % 900_000_000);
}

export function stableUuid(path: string): string {
  const hex = [1, 2, 3, 4].map((seed) => fnv1a(path, seed).toString(16).padStart(8, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
