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
