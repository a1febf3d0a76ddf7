import type { Story } from "../../../shared/content";
import type { Ctx } from "./model";
import { walk } from "./params";
import { localizeStory } from "./i18n";

/**
 * A response copy of a story: in the answer's language (never with `__i18n__` keys), content
 * fields excluded on request, editor markers on drafts.
 */
export function present(story: Story, ctx: Ctx, excludedFields: readonly string[]): Story {
  const copy = structuredClone(localizeStory(story, ctx.language, ctx.fallback));
  for (const field of excludedFields) {
    if (field !== "component" && field !== "_uid") delete (copy.content as Record<string, unknown>)[field];
  }
  if (ctx.version === "draft") addEditable(copy, ctx.spaceId);
  return copy;
}

/** The Visual Editor finds bloks by these comments, which the API adds to every draft blok. */
export function addEditable(story: Story, spaceId: number): void {
  walk(story.content, (node) => {
    if (typeof node.component !== "string" || typeof node._uid !== "string") return;
    node._editable = `<!--#storyblok#{"name": ${JSON.stringify(node.component)}, "space": "${spaceId}", "uid": ${JSON.stringify(node._uid)}, "id": "${story.id}"}-->`;
  });
}
