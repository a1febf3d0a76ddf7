import type { Story } from "../../../shared/content";
import { type Ctx, MAX_RESOLVED, type ResolvedLink, type View } from "./model";
import { present } from "./present";
import { type Folder, deriveFolders, linkEntry } from "./links";
import { list } from "./params";
import { collectRelations, collectStoryLinks } from "../../content/references";
import { localizedFullSlug } from "./i18n";

export interface References {
  rels: Story[];
  links: unknown[];
  rel_uuids?: string[];
  link_uuids?: string[];
}

export function resolveReferences(stories: Story[], ctx: Ctx): References {
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

export function linkMode(value: string | null): "story" | "url" | "link" | undefined {
  if (value === "story" || value === "1") return "story";
  if (value === "url" || value === "link") return value;
  return undefined;
}

export function existing(uuids: Iterable<string>, view: View): Story[] {
  return [...uuids].flatMap((uuid) => view.byUuid.get(uuid) ?? []);
}

/** `story`: the whole story; `url`: just enough to build an href; `link`: a links-API entry. */
export function resolvedLink(story: Story, mode: "story" | "url" | "link", folders: Map<string, Folder>, ctx: Ctx): unknown {
  if (mode === "story") return present(story, ctx, []);
  // In another language the url is the translated full_slug, language prefix included.
  const fullSlug = localizedFullSlug(story, ctx.language);
  if (mode === "url") return { name: story.name, id: story.id, uuid: story.uuid, slug: story.slug, url: fullSlug, full_slug: fullSlug };
  const entry = linkEntry(story, folders, ctx.published.has(story.uuid), false, ctx.languages);
  return { ...entry, full_slug: fullSlug, alternates: entry.alternates ?? [] } satisfies ResolvedLink;
}
