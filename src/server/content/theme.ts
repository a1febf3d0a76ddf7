import type { Content, Fetched } from "./content";
import type { Version } from "../../shared/content";
import { DEFAULT_LANG, type Lang } from "../../shared/i18n/lang";
import { storyLanguage } from "./localise";
import { THEME_SLUG } from "../../shared/page-types";
import { themeOf, type Theme } from "../../shared/theme";

export { THEME_SLUG };
export type { Theme };

/** The theme in `lang` (header, footer and customers are translated in the theme story). */
export async function loadTheme(content: Content, version: Version = "published", lang: Lang = DEFAULT_LANG): Promise<Fetched<Theme>> {
  const { value, source, cv } = await content.story(THEME_SLUG, { version, language: storyLanguage(lang) });
  return { value: themeOf(value.story.content, value.story.id), source, cv };
}
