import { statusText as httpStatusText } from "../../content/http-status";
import type { LinkAlternate, LinkEntry, Story, Version } from "../../../shared/content";
import { translatedIndex } from "./i18n";

/** Story-level fields a link entry carries in the `link` form of resolve_links. */
export type ResolvedLink = LinkEntry & { full_slug: string; created_at?: string; alternates?: LinkAlternate[] };

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface View {
  stories: Story[];
  byUuid: Map<string, Story>;
  byId: Map<number, Story>;
  bySlug: Map<string, Story>;
  /** Per language of the space: stories by their full path in that language. */
  byTranslatedPath: Map<string, Map<string, Story>>;
}

export interface State {
  version: number;
  published: Map<string, Story>;
  drafts: Map<string, Story>;
  views: Partial<Record<Version, View>>;
}

export type Access = "public" | "preview";

/** Storyblok returns uuids instead of stories past this many relations or links. */
export const MAX_RESOLVED = 50;
export const MAX_STORIES_PER_PAGE = 100;
export const MAX_LINKS_PER_PAGE = 1000;
export const MAX_ENTRIES_PER_PAGE = 1000;
/** The CDN keeps every URL for a year; the emulator keeps the most recent ones. */
export const CDN_CACHE_SIZE = 500;

export const NOT_FOUND_BODY = ["This record could not be found"] as const;
export const UNAUTHORIZED_BODY = { error: "Unauthorized" } as const;

export function statusText(status: number): string {
  return httpStatusText(status, "Unknown Status");
}

export function mergeDrafts(state: State): Story[] {
  const merged = new Map(state.published);
  for (const [uuid, draft] of state.drafts) merged.set(uuid, draft);
  return [...merged.values()];
}

export function buildView(stories: Story[], languages: readonly string[] = []): View {
  return {
    byTranslatedPath: translatedIndex(stories, languages),
    stories,
    byUuid: new Map(stories.map((story) => [story.uuid, story])),
    byId: new Map(stories.map((story) => [story.id, story])),
    bySlug: new Map(stories.map((story) => [story.full_slug, story])),
  };
}

export interface Ctx {
  params: URLSearchParams;
  version: Version;
  view: View;
  cv: number;
  spaceId: number;
  /** Published stories by uuid: decides `published` of link entries in the draft view. */
  published: Map<string, Story>;
  /** The space's languages besides the default one (`language_codes`). */
  languages: readonly string[];
  /** The language of the answer (`language`, "default" when absent or unknown to the space). */
  language: string;
  /** `fallback_lang`: where untranslated fields look before the default language. */
  fallback?: string;
}
