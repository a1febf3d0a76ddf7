/**
 * What the space should hold, from the content model (content-model/) and the checked snapshot of
 * content/: component groups, components in the Management API's wire format, story folders,
 * datasources with entries, the assets the content points at, and every story with its published
 * version and its draft.
 */
import type { StoryFolder } from "../../../content-model/index.ts";
import type { SpaceSnapshot } from "../../../src/server/content/snapshot.ts";
import type { Story } from "../../../src/shared/content.ts";

export type Json = Record<string, unknown>;

interface ModelLike {
  blocks: Record<string, unknown>;
  folders: Record<string, { name: string }>;
}

export interface DesiredStory {
  fullSlug: string;
  /** The folder's full_slug, or undefined at the root. */
  folderSlug: string | undefined;
  /** The published version, if the snapshot has one. */
  published?: Story;
  /** The newer, unpublished version, if the snapshot has one. */
  draft?: Story;
}

export interface DesiredSpace {
  languages: string[];
  groups: string[];
  /** Wire format; `folder` names the component group. */
  components: Json[];
  folders: readonly StoryFolder[];
  datasources: Array<{ name: string; slug: string; entries: Array<{ name: string; value: string }> }>;
  /** Every asset URL the content uses, once, sorted. */
  assets: string[];
  stories: DesiredStory[];
}

/** A field as the Management API stores it: `allow` becomes component_whitelist (as `storyblok schema push` does). */
function fieldToWire(field: Json): [string, Json] {
  const { name, allow, datasource, ...rest } = field;
  const value: Json = { ...rest };
  if (Array.isArray(allow)) {
    value.component_whitelist = allow;
    if (rest.type === "bloks") Object.assign(value, { restrict_components: true, restrict_type: "" });
  }
  if (typeof datasource === "string") value.datasource_slug = datasource;
  return [String(name), value];
}

export function componentToWire(block: Json): Json {
  const { id: _id, created_at: _created, updated_at: _updated, fields, ...rest } = block;
  return { ...rest, schema: Object.fromEntries(((fields as Json[] | undefined) ?? []).map(fieldToWire)) };
}

/** Every asset object (`fieldtype: "asset"`) in a story's content, any language. */
export function assetUrls(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) assetUrls(item, found);
  else if (value && typeof value === "object") {
    const node = value as Json;
    if (node.fieldtype === "asset" && typeof node.filename === "string" && node.filename) found.add(node.filename);
    for (const child of Object.values(node)) assetUrls(child, found);
  }
  return found;
}

function desiredStories(snapshot: SpaceSnapshot): DesiredStory[] {
  const byUuid = new Map<string, DesiredStory>();
  const entry = (story: Story): DesiredStory => {
    const existing = byUuid.get(story.uuid);
    if (existing) return existing;
    const segments = story.full_slug.split("/");
    const created = { fullSlug: story.full_slug, folderSlug: segments.length > 1 ? segments.slice(0, -1).join("/") : undefined };
    byUuid.set(story.uuid, created);
    return created;
  };
  for (const story of snapshot.stories) entry(story).published = story;
  for (const story of snapshot.drafts) entry(story).draft = story;
  return [...byUuid.values()].sort((a, b) => (a.fullSlug < b.fullSlug ? -1 : 1));
}

export function desiredSpace(snapshot: SpaceSnapshot, model: ModelLike, folders: readonly StoryFolder[]): DesiredSpace {
  const stories = desiredStories(snapshot);
  const assets = new Set<string>();
  for (const story of stories) for (const version of [story.published, story.draft]) if (version) assetUrls(version.content, assets);
  return {
    languages: snapshot.space.language_codes,
    groups: Object.values(model.folders).map((folder) => folder.name),
    components: Object.values(model.blocks).map((block) => componentToWire(block as Json)),
    folders,
    datasources: snapshot.datasources.map(({ name, slug, entries }) => ({
      name,
      slug,
      entries: entries.map(({ name, value }) => ({ name, value })),
    })),
    assets: [...assets].sort(),
    stories,
  };
}
