/**
 * Reads a space back through the Management API in the layout of content/ (stories/, drafts/,
 * datasources/): each story's published version (from its versions when it has unpublished
 * changes) in the Content Delivery API's story shape, its working copy as a draft where it differs.
 * The round-trip test builds the site's snapshot from it.
 */
import type { ContentFile, ContentFiles } from "../../build/build-snapshot.ts";
import { storyFilePath } from "../../build/build-snapshot.ts";
import type { Json, Mapi } from "./mapi.ts";

/** A Management API story as the Content Delivery API would give it. */
function deliveryShape(story: Json, content: unknown, publishedAt: unknown): Json {
  return {
    name: story.name,
    created_at: story.created_at,
    published_at: publishedAt,
    updated_at: story.updated_at,
    id: story.id,
    uuid: story.uuid,
    content,
    slug: story.slug,
    full_slug: story.full_slug,
    sort_by_date: story.sort_by_date,
    position: story.position,
    tag_list: story.tag_list,
    is_startpage: story.is_startpage,
    parent_id: story.parent_id,
    meta_data: story.meta_data,
    group_id: story.group_id,
    first_published_at: story.first_published_at,
    release_id: null,
    lang: "default",
    path: story.path,
    alternates: [],
    default_full_slug: story.full_slug,
    // either documented shape: both give the full path
    translated_slugs: ((story.translated_slugs ?? story.localized_paths ?? []) as Json[]).map(({ path, name, lang, published }) => ({
      path,
      name,
      lang,
      published,
    })),
  };
}

async function pullStory(mapi: Mapi, id: unknown): Promise<{ published?: Json; draft?: Json }> {
  const { story } = await mapi.get<{ story: Json }>(`/stories/${id}`);
  if (!story.published) return { draft: deliveryShape(story, story.content, null) };
  if (!story.unpublished_changes) return { published: deliveryShape(story, story.content, story.published_at) };
  const { story_versions: versions } = await mapi.get<{ story_versions: Json[] }>("/story_versions", {
    by_story_id: id as number,
    show_content: 1,
  });
  const live = versions.find((version) => version.status === "published");
  return {
    published: deliveryShape(story, live?.content, story.published_at),
    draft: deliveryShape(story, story.content, story.published_at),
  };
}

async function pullDatasources(mapi: Mapi): Promise<ContentFile[]> {
  const { datasources } = await mapi.get<{ datasources: Json[] }>("/datasources");
  const files: ContentFile[] = [];
  for (const datasource of datasources) {
    const entries = await mapi.list<Json>("/datasource_entries", "datasource_entries", { datasource_id: datasource.id as number });
    const data = {
      id: datasource.id,
      name: datasource.name,
      slug: datasource.slug,
      entries: entries.map(({ id, name, value }) => ({ id, name, value, dimension_value: null })),
    };
    files.push({ file: `pulled/datasources/${datasource.slug}.json`, data });
  }
  return files;
}

/** The space's stories, drafts and datasources; `space` is left to the caller (it holds the site's tokens). */
export async function readBackSpace(mapi: Mapi): Promise<ContentFiles> {
  const listed = await mapi.list<Json>("/stories", "stories", { story_only: 1 });
  const files: ContentFiles = { stories: [], drafts: [], datasources: await pullDatasources(mapi) };
  for (const summary of listed.filter((story) => !story.is_folder)) {
    const { published, draft } = await pullStory(mapi, summary.id);
    const path = storyFilePath(String(summary.full_slug));
    if (published) files.stories.push({ file: `pulled/stories/${path}`, data: published });
    if (draft) files.drafts.push({ file: `pulled/drafts/${path}`, data: draft });
  }
  return files;
}
