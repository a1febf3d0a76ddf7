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
  return themeFrom(
    content.story(THEME_SLUG, { version, language: storyLanguage(lang) }),
    version,
    lang,
    dutchTheme(content, version, lang),
  );
}

/**
 * In another language than Dutch, the Dutch theme story: the API delivers an untranslated field as
 * the Dutch text, and only the Dutch version tells the two apart (the newsletter's consent text
 * must be in the page's language). Cheap: the same cached story every Dutch page reads.
 */
export function dutchTheme(content: Content, version: Version, lang: Lang): Promise<Fetched<LoadedStory>> | undefined {
  return lang === DEFAULT_LANG ? undefined : content.story(THEME_SLUG, { version });
}

/** The theme in the theme story as read (with the page: `Content.storiesTogether`), in `lang`. */
export async function themeFrom(
  read: Promise<Fetched<LoadedStory>>,
  version: Version,
  lang: Lang = DEFAULT_LANG,
  dutchRead?: Promise<Fetched<LoadedStory>>,
): Promise<Fetched<Theme>> {
  // without the Dutch version the English texts are taken as translated: a page is never held up for it
  const [{ value, source, cv }, dutch] = await Promise.all([read, dutchRead?.catch(() => undefined)]);
  const themeVersion = { lang, dutch: dutch?.value.story.content };
  return {
    value:
      version === "published"
        ? publishedTheme(value.story.content, value.story.id, themeVersion)
        : themeOf(value.story.content, value.story.id, themeVersion),
    source,
    cv,
  };
}

/** Published theme stories come from the isolate's parsed cache: one theme object per story content (and Dutch content), so what follows from it can be kept with it. */
const themes = new WeakMap<Blok, { dutch?: Blok; theme: Theme }>();

function publishedTheme(content: Blok, storyId: number, version: { lang: Lang; dutch?: Blok }): Theme {
  let kept = themes.get(content);
  if (!kept || kept.dutch !== version.dutch) {
    kept = { dutch: version.dutch, theme: themeOf(content, storyId, version) };
    themes.set(content, kept);
  }
  return kept.theme;
}
