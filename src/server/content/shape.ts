import type { DatasourceEntry, LinkEntry, LoadedStory } from "../../shared/content";
import type { StoryList } from "./storyblok";

/**
 * What an origin answer must look like before it is cached or served. A 200 with the wrong shape
 * (`{"story":null}` after a publish, a string where blocks belong, a version that is no number) is
 * treated like a failed call: never cached, never put over a last-known-good copy. Each check
 * answers what is wrong, or undefined. They check what the site relies on to render, not every
 * field the API documents.
 */
export type ShapeCheck<T> = (value: T) => string | undefined;

/**
 * Block-list fields at the root of the stories the site renders (page types and the theme), as
 * the blocks read them. Absent is fine (an empty field); anything but a list is not.
 */
const ROOT_BLOCK_LISTS: Readonly<Record<string, readonly string[]>> = {
  Page: ["body"],
  CaseDetail: ["body", "results"],
  InsightDetail: ["body"],
  Sector: ["body"],
  Theme: ["header", "footer", "customers"],
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A story's own fields the route and the blocks read: its path and its content tree. */
function storyProblem(story: unknown, at: string): string | undefined {
  if (!isObject(story)) return `${at} is not an object`;
  if (typeof story.full_slug !== "string") return `${at}.full_slug is not a string`;
  const content = story.content;
  if (!isObject(content) || typeof content.component !== "string" || !content.component) return `${at}.content has no component name`;
  for (const field of ROOT_BLOCK_LISTS[content.component] ?? []) {
    if (content[field] !== undefined && !Array.isArray(content[field])) return `${at}.content.${field} is not a list`;
  }
  return blokProblem(content, `${at}.content`);
}

/** Every blok in the tree has a component name, and every list in it holds values, not holes. */
function blokProblem(node: unknown, at: string): string | undefined {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) {
      if (item === null || item === undefined) return `${at}[${index}] is empty`;
      const problem = blokProblem(item, `${at}[${index}]`);
      if (problem) return problem;
    }
  } else if (isObject(node)) {
    if ("component" in node && typeof node.component !== "string") return `${at}.component is not a string`;
    for (const [key, value] of Object.entries(node)) {
      // resolved relations and links are whole stories: their content is checked where it is rendered
      if (key === "content" && "full_slug" in node) continue;
      if (typeof value === "object" && value !== null) {
        const problem = blokProblem(value, `${at}.${key}`);
        if (problem) return problem;
      }
    }
  }
  return undefined;
}

export const loadedStoryProblem: ShapeCheck<LoadedStory> = (value) => {
  if (!isObject(value)) return "the answer is not an object";
  if (!Array.isArray(value.rels) || !Array.isArray(value.links)) return "rels or links is not a list";
  return storyProblem(value.story, "story");
};

export const storyListProblem: ShapeCheck<StoryList> = (value) => {
  if (!isObject(value) || !Array.isArray(value.stories)) return "stories is not a list";
  if (!Array.isArray(value.rels)) return "rels is not a list";
  if (!Number.isFinite(value.total) || !Number.isFinite(value.perPage)) return "total or per-page is not a number";
  for (const [index, story] of value.stories.entries()) {
    const problem = storyProblem(story, `stories[${index}]`);
    if (problem) return problem;
  }
  return undefined;
};

export const linksProblem: ShapeCheck<LinkEntry[]> = (value) => {
  if (!Array.isArray(value)) return "links is not a list";
  const bad = value.findIndex(
    (link) =>
      !isObject(link) ||
      typeof link.id !== "number" ||
      typeof link.slug !== "string" ||
      typeof link.published !== "boolean" ||
      typeof link.is_folder !== "boolean",
  );
  return bad === -1 ? undefined : `links[${bad}] lacks id, slug, published or is_folder`;
};

export const datasourceEntriesProblem: ShapeCheck<DatasourceEntry[]> = (value) => {
  if (!Array.isArray(value)) return "datasource_entries is not a list";
  const bad = value.findIndex((entry) => !isObject(entry) || typeof entry.name !== "string" || typeof entry.value !== "string");
  return bad === -1 ? undefined : `datasource_entries[${bad}] lacks a name or value`;
};
