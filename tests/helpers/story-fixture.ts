import type { Story } from "../../src/shared/content";
import type { Listing } from "../../src/shared/listings/listings";
import type { StoredBlok, StoredStory } from "./stored";

let nextId = 1;

/** A complete CDN story object around `content`, as listings and relations deliver them. */
export function storyOf(fullSlug: string, content: StoredBlok, overrides: Partial<Story> = {}): StoredStory {
  const id = nextId++;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    name: String(content.name ?? content.title ?? fullSlug),
    slug: fullSlug.split("/").pop() as string,
    full_slug: fullSlug,
    content,
    created_at: "2026-01-05T09:00:00.000Z",
    published_at: "2026-01-14T11:00:00.000Z",
    first_published_at: "2026-01-06T08:00:00.000Z",
    sort_by_date: null,
    position: id * 10,
    tag_list: [],
    is_startpage: false,
    parent_id: 3901,
    group_id: "00000000-0000-4000-8000-000000000000",
    lang: "default",
    path: null,
    meta_data: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
    ...overrides,
  };
}

/** What the page route hands a listing block: these stories, all on one page unless `extra` says otherwise. */
export const listingOf = (stories: Listing["stories"], extra: Partial<Listing> = {}): Listing => ({
  stories,
  total: stories.length,
  perPage: 25,
  page: 1,
  ...extra,
});
