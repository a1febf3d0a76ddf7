import type { Story } from "../../../shared/content";
import type { State } from "./model";

/** What an editor does in Storyblok, for tests and the local publish route: each moves the cache version. */

export function publishStory(state: State, fullSlug: string, at: number): void {
  const bySlug = (story: Story) => story.full_slug === fullSlug;
  // Publishing a story without a draft republishes it, which also moves cv, as in Storyblok.
  const source = [...state.drafts.values()].find(bySlug) ?? [...state.published.values()].find(bySlug);
  if (!source) throw new Error(`publish: no story with full_slug "${fullSlug}"`);
  const when = new Date(at).toISOString();
  const promoted: Story = {
    ...structuredClone(source),
    published_at: when,
    updated_at: when,
    first_published_at: source.first_published_at ?? when,
  };
  state.published.set(promoted.uuid, promoted);
  state.drafts.delete(promoted.uuid);
  // cv is a Unix timestamp that only ever grows, even when publishes land in the same second.
  state.version = Math.max(state.version + 1, Math.floor(at / 1000));
  state.views = {};
}

export function unpublishStory(state: State, fullSlug: string, at: number): void {
  const story = [...state.published.values()].find((candidate) => candidate.full_slug === fullSlug);
  if (!story) throw new Error(`unpublish: no published story with full_slug "${fullSlug}"`);
  state.published.delete(story.uuid);
  state.version = Math.max(state.version + 1, Math.floor(at / 1000));
  state.views = {};
}

/** A slug as Storyblok makes one: lowercase letters, digits and hyphens. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * An editor renames a story's slug (in the default language, or its translated slug in `language`)
 * in its draft, as Storyblok's editor does before a publish: returns the draft's full_slug, which
 * `publishStory` then publishes. A folder's start page keeps its folder's slug.
 */
export function renameStory(state: State, fullSlug: string, slug: string, language?: string): string {
  if (!SLUG.test(slug)) throw new Error(`rename: "${slug}" is not a slug`);
  const bySlug = (story: Story) => story.full_slug === fullSlug;
  const source = [...state.drafts.values()].find(bySlug) ?? [...state.published.values()].find(bySlug);
  if (!source || source.is_startpage) throw new Error(`rename: no story with full_slug "${fullSlug}" that is not a start page`);
  const draft = structuredClone(source);
  const renamed = (path: string) => [...path.split("/").slice(0, -1), slug].join("/");
  if (language) {
    const entry = draft.translated_slugs?.find((candidate) => candidate.lang === language);
    if (!entry) throw new Error(`rename: "${fullSlug}" has no translated slug in "${language}"`);
    entry.path = renamed(entry.path);
  } else {
    draft.slug = slug;
    draft.full_slug = renamed(draft.full_slug);
    if (draft.default_full_slug) draft.default_full_slug = draft.full_slug;
  }
  state.drafts.set(draft.uuid, draft);
  state.views = {};
  return draft.full_slug;
}
