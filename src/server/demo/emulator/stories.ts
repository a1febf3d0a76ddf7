import type { Story } from "../../../shared/content";
import { type Answer, type Ctx, MAX_STORIES_PER_PAGE, NOT_FOUND_BODY, type View } from "./model";
import { resolveReferences } from "./references";
import { compareValues, list, pageOf, paginationHeaders, readPagination } from "./params";
import { present } from "./present";
import { DEFAULT_LANGUAGE, splitLanguagePrefix } from "./i18n";

/** A language code as the first segment (`en/services`) asks for that language, over `language`. */
export function getStory(identifier: string, ctx: Ctx): Answer {
  const byPath = ctx.params.get("find_by") !== "uuid" && !/^\d+$/.test(identifier);
  const prefixed = byPath ? splitLanguagePrefix(identifier, ctx.languages) : { rest: identifier };
  const local: Ctx = prefixed.language ? { ...ctx, language: prefixed.language } : ctx;
  const story = findStory(prefixed.rest, ctx.params.get("find_by"), ctx.view, local.language);
  if (!story) return { status: 404, body: NOT_FOUND_BODY };
  const presented = present(story, local, []);
  return { status: 200, body: { story: presented, cv: ctx.cv, ...resolveReferences([presented], local) } };
}

/** In another language a full_slug is looked up as a translated path first, then as it is. */
export function findStory(identifier: string, findBy: string | null, view: View, language = DEFAULT_LANGUAGE): Story | undefined {
  if (findBy === "uuid") return view.byUuid.get(identifier);
  if (/^\d+$/.test(identifier)) return view.byId.get(Number(identifier));
  return view.byTranslatedPath.get(language)?.get(identifier) ?? view.bySlug.get(identifier);
}

export function listStories(ctx: Ctx): Answer {
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

export function storyFilter(params: URLSearchParams): (story: Story) => boolean {
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
    !excludingSlugs?.some((pattern) => pattern.test(story.full_slug)) &&
    (!uuidSet || uuidSet.has(story.uuid)) &&
    !excludingIds.has(story.id) &&
    (contentType === null || story.content.component === contentType) &&
    (startpage === undefined || story.is_startpage === startpage) &&
    (!tags || tags.some((tag) => story.tag_list.includes(tag))) &&
    (level === undefined || story.full_slug.split("/").length === level);
}

/** `*` in by_slugs/excluding_slugs matches any run of characters, folder separators included. */
export function slugPattern(pattern: string): RegExp {
  const escaped = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join(".*")}$`);
}

export function readFlag(value: string | null): boolean | undefined {
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  return undefined;
}

export function orderBy(stories: Story[], uuids: string[]): Story[] {
  const rank = new Map(uuids.map((uuid, index) => [uuid, index]));
  return [...stories].sort((a, b) => (rank.get(a.uuid) ?? 0) - (rank.get(b.uuid) ?? 0));
}

/**
 * `sort_by=<attribute>:<asc|desc>[:int|float]`, attribute a story property or `content.<field>`.
 * Storyblok does not document its default order; the emulator uses newest first (created_at:desc).
 */
export function sortStories(stories: Story[], sortBy: string | null): Story[] {
  const [attribute = "created_at", direction = "asc", type] = (sortBy || "created_at:desc").split(":");
  const sign = direction.toLowerCase() === "desc" ? -1 : 1;
  const key = (story: Story): unknown => {
    const value = attribute.startsWith("content.")
      ? (story.content as Record<string, unknown>)[attribute.slice("content.".length)]
      : (story as unknown as Record<string, unknown>)[attribute];
    return type === "int" || type === "float" ? Number(value) : value;
  };
  return [...stories].sort((a, b) => sign * compareValues(key(a), key(b)) || b.id - a.id);
}
