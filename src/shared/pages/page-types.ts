/**
 * Which stories are pages: the one rule the page route, the sitemap and the preview share.
 *
 * A story is a page when it lives outside the data folders and its content type is a page type.
 * The links API (the sitemap's source) does not say which content type a story has, so a link
 * can only be judged by its folder; a story fetched in full is judged by both.
 */

/** Content types of stories that are whole pages, served at their full_slug. */
export const PAGE_CONTENT_TYPES: ReadonlySet<string> = new Set(["Page", "CaseDetail", "InsightDetail", "Sector", "Vacancy"]);

/**
 * The site's page types: what a visitor's page says it is (`<meta name="page-type">`), the one list
 * the field measurements (`src/shared/vitals.ts`) and the lab (`npm run lighthouse`, the smoke
 * check) are grouped by. The content types, with one apart: a `Page` that is a folder's start page
 * is a `Listing` (the cases, insights, vacancies, sectors and team overviews, the structured
 * data's CollectionPage), measured apart from the other `Page`s (home, contact, privacy), whose
 * figures it would otherwise blur.
 */
export const PAGE_TYPES = ["Page", "CaseDetail", "InsightDetail", "Sector", "Vacancy", "Listing"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const isPageType = (value: unknown): value is PageType =>
  typeof value === "string" && (PAGE_TYPES as readonly string[]).includes(value);

/** Content types of data stories: shown inside pages (a team grid, a contact person), never on their own. */
export const DATA_CONTENT_TYPES: ReadonlySet<string> = new Set(["TeamMember", "Customer"]);

/** Folders that hold site data, never pages: the theme (header, footer, customers) and the team members. */
export const DATA_FOLDERS: readonly string[] = ["theme/", "team/"];

/** The theme story: header, footer and the customers store of the whole site. */
export const THEME_SLUG = "theme/theme";

/** How a story is shown: as a page, as the theme (only in preview), or as a data story's card (only in preview). */
export type StoryKind = "page" | "theme" | "data";

interface StoryLike {
  full_slug: string;
  is_startpage?: boolean;
  content: { component: string };
}

/** True for a slug in a data folder: no page can live there but the folder's start page (`team/`, the page /team). */
export function isDataSlug(slug: string): boolean {
  return DATA_FOLDERS.some((folder) => slug.startsWith(folder) && slug !== folder);
}

/** The page type of a story visitors may see as a page, else undefined. */
export function pageTypeOf(story: StoryLike): PageType | undefined {
  if (!isPageStory(story)) return undefined;
  const type = story.content.component as Exclude<PageType, "Listing">;
  return type === "Page" && story.is_startpage ? "Listing" : type;
}

/** A story visitors may see as a page. */
export function isPageStory(story: StoryLike): boolean {
  return !isDataSlug(story.full_slug) && PAGE_CONTENT_TYPES.has(story.content.component);
}

/** A link (links API) the sitemap lists: a published story, not a folder, outside the data folders. */
export function isPageLink(link: { slug: string; published: boolean; is_folder: boolean }): boolean {
  return link.published && !link.is_folder && !isDataSlug(link.slug);
}

/**
 * What a story is, or null when it cannot be shown at all. Visitors see pages only; the visual
 * editor shows every kind.
 */
export function storyKind(story: StoryLike): StoryKind | null {
  if (isPageStory(story)) return "page";
  if (story.full_slug === THEME_SLUG) return "theme";
  if (DATA_CONTENT_TYPES.has(story.content.component)) return "data";
  return null;
}
