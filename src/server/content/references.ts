/**
 * Which stories a story's content refers to, by the rules of Storyblok's Content Delivery API: an
 * answer's `rels` are the stories named in the `component.field` relation fields asked for
 * (`resolve_relations`), its `links` the stories that multilink fields and rich-text link marks
 * point at (`resolve_links`). Uuids in order of first appearance, over the raw content (before a
 * client puts the related stories in place). The embedded emulator answers with these; the
 * content layer splits an answer for several stories into what each one's own answer holds.
 */
import type { Story } from "../../shared/content";

/** Uuids in `component.field` relation fields, in order of first appearance. */
export function collectRelations(stories: Story[], fields: ReadonlySet<string>): Set<string> {
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
export function collectStoryLinks(stories: Story[]): Set<string> {
  const uuids = new Set<string>();
  for (const story of stories) {
    walk(story.content, (node) => {
      if (node.fieldtype === "multilink" && node.linktype === "story" && typeof node.id === "string" && node.id) uuids.add(node.id);
      if (
        node.type === "link" &&
        isRecord(node.attrs) &&
        node.attrs.linktype === "story" &&
        typeof node.attrs.uuid === "string" &&
        node.attrs.uuid
      ) {
        uuids.add(node.attrs.uuid);
      }
    });
  }
  return uuids;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every object in a JSON tree, parents before children. */
export function walk(value: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
  } else if (isRecord(value)) {
    visit(value);
    for (const child of Object.values(value)) walk(child, visit);
  }
}
