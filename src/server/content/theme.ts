import type { Content, Fetched } from "./content";
import type { Version } from "../../shared/content";
import { THEME_SLUG } from "../../shared/page-types";
import { themeOf, type Theme } from "../../shared/theme";

export { THEME_SLUG };
export type { Theme };

export async function loadTheme(content: Content, version: Version = "published"): Promise<Fetched<Theme>> {
  const { value, source, cv } = await content.story(THEME_SLUG, { version });
  return { value: themeOf(value.story.content, value.story.id), source, cv };
}
