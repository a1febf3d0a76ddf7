/** Shapes of the Storyblok Content Delivery API (v2) that this site reads. */

/**
 * Any blok, before the dispatcher knows its component: its fields are those of the component's
 * definition in the content model (`BlokOf` in src/site/blocks/types.ts), none is read through
 * this type.
 */
export type Blok = {
  _uid: string;
  component: string;
  _editable?: string;
};

export interface StoryAlternate {
  id: number;
  name: string;
  slug: string;
  full_slug: string;
  is_folder: boolean;
  parent_id: number | null;
}

/**
 * A story's slug in one of the space's other languages (Storyblok's Translatable Slugs app). `path`
 * is the full slug in that language, without the language prefix; `published` says whether that
 * language version is published (null where no translated slug was ever set: `path` then falls
 * back to the default language's slugs and `name` is null).
 */
export interface TranslatedSlug {
  path: string;
  name: string | null;
  lang: string;
  published: boolean | null;
}

export interface Story<C extends Blok = Blok> {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  content: C;
  created_at: string;
  updated_at?: string;
  published_at: string | null;
  first_published_at: string | null;
  sort_by_date: string | null;
  position: number;
  tag_list: string[];
  is_startpage: boolean;
  parent_id: number | null;
  group_id: string;
  lang: string;
  path: string | null;
  meta_data: unknown;
  alternates: StoryAlternate[];
  default_full_slug: string | null;
  translated_slugs: TranslatedSlug[] | null;
  release_id?: number | null;
}

/** A link field as stored in content (multilink). */
export interface LinkField {
  id?: string;
  url?: string;
  cached_url?: string;
  linktype?: "story" | "url" | "email" | "asset";
  fieldtype?: "multilink";
  anchor?: string;
  target?: "_blank" | "_self";
  email?: string;
  story?: { full_slug?: string; url?: string };
}

/** An asset field as stored in content. */
export interface AssetField {
  id?: number | null;
  filename: string | null;
  alt?: string | null;
  title?: string | null;
  focus?: string | null;
  name?: string;
  copyright?: string | null;
  fieldtype?: "asset";
}

/** A language version of a link entry (field-level translation), as `cdn/links` lists it. */
export interface LinkAlternate {
  path: string;
  name: string;
  lang: string;
  published: boolean;
  translated_slug: string;
}

export interface LinkEntry {
  id: number;
  uuid: string;
  slug: string;
  path: string | null;
  real_path: string;
  name: string;
  published: boolean;
  parent_id: number | null;
  is_folder: boolean;
  is_startpage: boolean;
  position: number;
  published_at?: string | null;
  updated_at?: string | null;
  /** One entry per language of the space besides the default one; absent in a one-language space. */
  alternates?: LinkAlternate[];
}

export interface DatasourceEntry {
  id: number;
  name: string;
  value: string;
  dimension_value: string | null;
}

export type Version = "published" | "draft";

/** A story as the site uses it: the story plus the relations and links resolved with it. */
export interface LoadedStory {
  story: Story;
  rels: Story[];
  links: Array<Partial<Omit<LinkEntry, "alternates">> & { uuid: string }>;
  cv: number;
}

/** Parameters of a story request (Content Delivery API `cdn/stories/{slug}`). */
export interface StoryParams {
  version?: Version;
  cv?: number;
  resolve_relations?: string;
  resolve_links?: "url" | "story" | "link";
  language?: string;
}

/** Parameters of a story listing (`cdn/stories`): what listing blocks ask the page route to load. */
export interface ListParams extends StoryParams {
  starts_with?: string;
  by_uuids?: string;
  per_page?: number;
  page?: number;
  sort_by?: string;
  excluding_slugs?: string;
  /** Content fields left out of each story (comma-separated), e.g. what a card does not show. */
  excluding_fields?: string;
  content_type?: string;
  is_startpage?: boolean;
}
