import type { LinkEntry } from "../../src/shared/content";

/** A links-list entry of a published page at `slug` (its uuid the slug, for readable tests), with `extra` over it. */
export const linkEntry = (slug: string, extra: Partial<LinkEntry> = {}): LinkEntry => ({
  id: 1,
  uuid: slug,
  slug,
  path: null,
  real_path: `/${slug}`,
  name: slug,
  published: true,
  parent_id: null,
  is_folder: false,
  is_startpage: false,
  position: 0,
  ...extra,
});
