/**
 * The content's part of the push before the stories: story folders, datasources with their
 * entries, assets.
 */
import type { StoryFolder } from "../../../content-model/index.ts";
import { change, differingKeys, type Json, type PushContext, plannedId } from "./context.ts";
import type { DesiredSpace } from "./desired.ts";
import { type AssetRef, shortFilenames } from "./remap.ts";
import { type SlugEntry, slugAttributes, slugEntriesOf, slugsDiffer } from "./translated-slugs.ts";

function folderBody(folder: StoryFolder): Json {
  return {
    name: folder.name,
    slug: folder.slug,
    parent_id: 0,
    is_folder: true,
    default_root: folder.contentTypes[0] ?? null,
  };
}

const folderSlugs = (folder: StoryFolder): SlugEntry[] =>
  Object.entries(folder.translatedSlugs).map(([lang, slug]) => ({ lang, slug, name: folder.name, published: false }));

/** Story folders by full_slug; returns full_slug -> id. */
export async function pushFolders(ctx: PushContext, folders: readonly StoryFolder[]): Promise<Map<string, number | string>> {
  const existing = await ctx.mapi.list<Json>("/stories", "stories", { folder_only: 1 });
  const ids = new Map<string, number | string>();
  for (const folder of folders) {
    const body = folderBody(folder);
    const wanted = folderSlugs(folder);
    const current = existing.find((story) => story.is_folder && story.full_slug === folder.slug);
    if (!current) {
      const story = { ...body, translated_slugs_attributes: slugAttributes(wanted, []) };
      const created = await change(ctx, `create folder ${folder.slug}`, () => ctx.mapi.post<{ story: Json }>("/stories", { story }));
      ids.set(folder.slug, created ? (created.story.id as number) : plannedId(`folder ${folder.slug}`));
      continue;
    }
    ids.set(folder.slug, current.id as number);
    const differs = differingKeys(body, current);
    const found = slugEntriesOf(current);
    if (slugsDiffer(wanted, found)) differs.push("translated slugs");
    if (differs.length) {
      const story = { ...body, translated_slugs_attributes: slugAttributes(wanted, found) };
      await change(ctx, `update folder ${folder.slug} (${differs.join(", ")})`, () => ctx.mapi.put(`/stories/${current.id}`, { story }));
    }
  }
  return ids;
}

/** Datasources by slug, entries by name within each. */
export async function pushDatasources(ctx: PushContext, datasources: DesiredSpace["datasources"]): Promise<void> {
  const existing = await ctx.mapi.get<{ datasources: Json[] }>("/datasources");
  for (const datasource of datasources) {
    let current = existing.datasources.find((item) => item.slug === datasource.slug);
    if (!current) {
      const created = await change(ctx, `create datasource ${datasource.slug}`, () =>
        ctx.mapi.post<{ datasource: Json }>("/datasources", { datasource: { name: datasource.name, slug: datasource.slug } }),
      );
      current = created?.datasource;
    } else if (current.name !== datasource.name) {
      await change(ctx, `rename datasource ${datasource.slug}`, () =>
        ctx.mapi.put(`/datasources/${current?.id}`, { datasource: { name: datasource.name, slug: datasource.slug } }),
      );
    }
    const entries = current
      ? await ctx.mapi.list<Json>("/datasource_entries", "datasource_entries", { datasource_id: current.id as number })
      : [];
    for (const entry of datasource.entries) {
      const found = entries.find((item) => item.name === entry.name);
      const body = { datasource_entry: { ...entry, datasource_id: current?.id } };
      if (!found) await change(ctx, `create ${datasource.slug} entry ${entry.name}`, () => ctx.mapi.post("/datasource_entries", body));
      else if (found.value !== entry.value)
        await change(ctx, `update ${datasource.slug} entry ${entry.name}`, () => ctx.mapi.put(`/datasource_entries/${found.id}`, body));
    }
  }
}

/**
 * An asset's pixel size as the signed upload takes it ("<width>x<height>"), from its Storyblok URL
 * (`/f/{space}/{w}x{h}/...`): the space then names it in the uploaded file's URL, which is where
 * the site reads an image's box from.
 */
export function assetSize(url: string): string | undefined {
  const match = /\/f\/\d+\/(\d+)x(\d+)\//.exec(url);
  return match && match[1] !== "0" ? `${match[1]}x${match[2]}` : undefined;
}

/** An asset whose signed upload never finished has no file yet (a `content_length` the API requires in every asset). */
const unfinished = (asset: Json) => !(Number(asset.content_length) > 0);

/**
 * Uploads every asset the content uses that the space lacks (matched by file name), and finishes
 * into the same asset an upload an earlier run started, so a failed run leaves no orphan behind;
 * returns URL -> asset.
 */
export async function pushAssets(ctx: PushContext, urls: readonly string[]): Promise<Map<string, AssetRef>> {
  const names = shortFilenames(urls);
  const existing = await ctx.mapi.list<Json>("/assets", "assets");
  const byName = new Map(existing.map((asset) => [String(asset.short_filename), asset]));
  const refs = new Map<string, AssetRef>();
  for (const [url, name] of names) {
    let asset = byName.get(name);
    if (!asset || unfinished(asset)) {
      const { bytes, contentType } = await ctx.readAsset(url);
      const size = assetSize(url);
      const replacing = asset && (asset.id as number);
      const description = `${replacing ? "finish the upload of" : "upload"} asset ${name} (${url})`;
      asset = await change(ctx, description, () => ctx.mapi.upload(name, bytes, contentType, size, replacing));
    }
    refs.set(
      url,
      asset ? { id: asset.id as number, filename: String(asset.filename) } : { id: null, filename: plannedId(`asset ${name}`) },
    );
  }
  return refs;
}
