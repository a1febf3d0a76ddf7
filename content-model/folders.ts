/**
 * Folders. Component groups (Storyblok: Block Library -> folders) sort the blocks for editors; story
 * folders hold the stories of one kind, each with its English slug (Translatable Slugs).
 */
import { defineFolder } from "@storyblok/schema";

export const pageTypesFolder = defineFolder({ name: "Paginatypen" });
export const dataFolder = defineFolder({ name: "Gegevens" });
export const sectionsFolder = defineFolder({ name: "Secties" });
export const listingsFolder = defineFolder({ name: "Overzichten" });
export const textAndMediaFolder = defineFolder({ name: "Tekst en media" });
export const partsFolder = defineFolder({ name: "Onderdelen" });
export const navigationFolder = defineFolder({ name: "Navigatie" });

/**
 * A story folder. @storyblok/schema (0.3) models component groups only, not story folders, so
 * these are plain data in the shape of the Management API's folder story: name, slug, the slug
 * per language, and which content types editors can create in it.
 */
export interface StoryFolder {
  /** Name editors see in the content tree. */
  name: string;
  /** Dutch slug: the folder's full_slug and the first segment of its stories' paths. */
  slug: string;
  /** Slug per other language of the space (Translatable Slugs). */
  translatedSlugs: Readonly<Record<string, string>>;
  /** Content types that can be created in the folder; the first is the default. */
  contentTypes: readonly string[];
  /** Stories in it are site data, never pages (src/shared/pages/page-types.ts DATA_FOLDERS). */
  data?: boolean;
}

export const storyFolders: readonly StoryFolder[] = [
  { name: "Cases", slug: "cases", translatedSlugs: { en: "cases" }, contentTypes: ["CaseDetail"] },
  { name: "Diensten", slug: "diensten", translatedSlugs: { en: "services" }, contentTypes: ["Page"] },
  { name: "Insights", slug: "insights", translatedSlugs: { en: "insights" }, contentTypes: ["InsightDetail"] },
  { name: "Sectoren", slug: "sectoren", translatedSlugs: { en: "sectoren" }, contentTypes: ["Sector"] },
  { name: "Team", slug: "team", translatedSlugs: { en: "team" }, contentTypes: ["TeamMember"], data: true },
  { name: "Thema", slug: "theme", translatedSlugs: { en: "theme" }, contentTypes: ["Theme"], data: true },
  { name: "Vacatures", slug: "vacatures", translatedSlugs: { en: "jobs" }, contentTypes: ["Vacancy"] },
];
