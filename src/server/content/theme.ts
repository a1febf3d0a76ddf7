import type { Content, Fetched } from "./content";
import type { Blok, LoadedStory, Version } from "../../shared/content";
import { DEFAULT_LANG, type Lang } from "../../shared/i18n/lang";
import { storyLanguage } from "./localise";
import { THEME_SLUG } from "../../shared/pages/page-types";
import { themeOf, type Theme } from "../../shared/theme";

export { THEME_SLUG };
export type { Theme };

/** The theme in `lang` (header, footer and customers are translated in the theme story). */
export function loadTheme(content: Content, version: Version = "published", lang: Lang = DEFAULT_LANG): Promise<Fetched<Theme>> {
  return themeFrom(content.story(THEME_SLUG, { version, language: storyLanguage(lang) }), version);
}

/** The theme in the theme story as read (with the page: `Content.storiesTogether`). */
export async function themeFrom(read: Promise<Fetched<LoadedStory>>, version: Version): Promise<Fetched<Theme>> {
  const { value, source, cv } = await read;
  return {
    value: version === "published" ? publishedTheme(value.story.content, value.story.id) : themeOf(value.story.content, value.story.id),
    source,
    cv,
  };
}

/** Published theme stories come from the isolate's parsed cache: one theme object per story content, so what follows from it can be kept with it. */
const themes = new WeakMap<Blok, Theme>();

function publishedTheme(content: Blok, storyId: number): Theme {
  let theme = themes.get(content);
  if (!theme) {
    theme = themeOf(content, storyId);
    themes.set(content, theme);
  }
  return theme;
}
