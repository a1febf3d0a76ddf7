/**
 * Stories, last: each is found by full_slug or created (so every story has its uuid in the space
 * before any content points at it), then its content is written with links, relations and asset
 * URLs remapped, published as in the snapshot, and its draft saved on top where it has one.
 */
import type { Story } from "../../../src/shared/content.ts";
import { change, differingKeys, type Json, type PushContext, plannedId } from "./context.ts";
import type { DesiredStory } from "./desired.ts";
import { type AssetRef, remapContent, type Remaps } from "./remap.ts";
import { type SlugEntry, slugAttributes, slugEntriesOf, slugsDiffer } from "./translated-slugs.ts";

const working = (story: DesiredStory): Story => (story.draft ?? story.published) as Story;

function storyBody(version: Story, parentId: number | string, remaps: Remaps): Json {
  return {
    name: version.name,
    slug: version.slug,
    parent_id: parentId,
    position: version.position,
    is_startpage: version.is_startpage,
    tag_list: version.tag_list,
    sort_by_date: version.sort_by_date,
    content: remapContent(version.content, remaps),
  };
}

const storySlugs = (version: Story): SlugEntry[] =>
  (version.translated_slugs ?? []).map((item) => ({
    lang: item.lang,
    slug: item.path?.split("/").pop() ?? "",
    name: item.name ?? undefined,
    published: item.published === true,
  }));

/** Finds or creates every story (an empty shell of its content type); returns full_slug -> the space's story. */
async function ensureStories(
  ctx: PushContext,
  stories: readonly DesiredStory[],
  folders: ReadonlyMap<string, number | string>,
): Promise<Map<string, Json>> {
  const existing = await ctx.mapi.list<Json>("/stories", "stories", { story_only: 1 });
  const bySlug = new Map(existing.filter((story) => !story.is_folder).map((story) => [String(story.full_slug), story]));
  for (const story of stories) {
    if (bySlug.has(story.fullSlug)) continue;
    const version = working(story);
    const parentId = story.folderSlug ? folders.get(story.folderSlug) : 0;
    if (parentId === undefined) throw new Error(`story ${story.fullSlug}: no folder ${story.folderSlug} in the content model`);
    const shell = {
      name: version.name,
      slug: version.slug,
      parent_id: parentId,
      // a start page is at its folder's path from the start, so a rerun finds it by full_slug
      is_startpage: version.is_startpage,
      content: { _uid: version.content._uid, component: version.content.component },
    };
    const created = await change(ctx, `create story ${story.fullSlug}`, () => ctx.mapi.post<{ story: Json }>("/stories", { story: shell }));
    bySlug.set(
      story.fullSlug,
      created?.story ?? { id: plannedId(`story ${story.fullSlug}`), uuid: plannedId(`uuid of ${story.fullSlug}`), created: true },
    );
  }
  return bySlug;
}

interface Version {
  body: Json;
  slugs: SlugEntry[];
  publish: boolean;
}

/** What differs between the space's story and the snapshot's (content, fields, slugs, publication), and the space's slug entries. */
async function storyDifferences(
  ctx: PushContext,
  story: DesiredStory,
  current: Json,
  versions: readonly Version[],
): Promise<{ differs: string[]; found: SlugEntry[] }> {
  if (current.created) return { differs: ["new"], found: [] };
  const { story: full } = await ctx.mapi.get<{ story: Json }>(`/stories/${current.id}`);
  const working = versions.at(-1) as Version;
  const differs = differingKeys(working.body, full);
  const found = slugEntriesOf(full);
  if (slugsDiffer(working.slugs, found)) differs.push("translated slugs");
  if (Boolean(full.published) !== Boolean(story.published)) differs.push("published");
  if (Boolean(full.unpublished_changes) !== Boolean(story.published && story.draft)) differs.push("unpublished changes");
  const published = versions.find((version) => version.publish);
  if (published && story.draft && !differs.length) {
    const { story_versions: stored } = await ctx.mapi.get<{ story_versions: Json[] }>("/story_versions", {
      by_story_id: current.id as number,
      show_content: 1,
    });
    const live = stored.find((version) => version.status === "published");
    if (differingKeys({ content: published.body.content }, live ?? {}).length) differs.push("published content");
  }
  return { differs, found };
}

/** Writes each version in turn (published, then the draft on top), each addressing the slug entries the write before left. */
async function writeStory(ctx: PushContext, id: unknown, versions: readonly Version[], found: SlugEntry[]): Promise<void> {
  let entries = found;
  for (const { body, slugs, publish } of versions) {
    const story = { ...body, translated_slugs_attributes: slugAttributes(slugs, entries) };
    const answer = await ctx.mapi.put<{ story: Json }>(`/stories/${id}`, publish ? { story, publish: 1 } : { story });
    entries = slugEntriesOf(answer.story);
  }
}

export async function pushStories(
  ctx: PushContext,
  stories: readonly DesiredStory[],
  folders: ReadonlyMap<string, number | string>,
  assets: ReadonlyMap<string, AssetRef>,
): Promise<void> {
  const inSpace = await ensureStories(ctx, stories, folders);
  const uuids = new Map<string, string>();
  for (const story of stories) {
    const uuid = String(inSpace.get(story.fullSlug)?.uuid);
    for (const version of [story.published, story.draft]) if (version) uuids.set(version.uuid, uuid);
  }
  const remaps: Remaps = { uuids, assets };
  for (const story of stories) {
    const current = inSpace.get(story.fullSlug) as Json;
    const parentId = story.folderSlug ? (folders.get(story.folderSlug) as number | string) : 0;
    const versions = [
      story.published && { body: storyBody(story.published, parentId, remaps), slugs: storySlugs(story.published), publish: true },
      story.draft && { body: storyBody(story.draft, parentId, remaps), slugs: storySlugs(story.draft), publish: false },
    ].filter((version): version is Version => Boolean(version));
    const { differs, found } = await storyDifferences(ctx, story, current, versions);
    if (!differs.length) continue;
    await change(ctx, `write story ${story.fullSlug} (${differs.join(", ")})`, () => writeStory(ctx, current.id, versions, found));
  }
}
