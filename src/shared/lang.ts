/**
 * The site's languages: Dutch at the root, English under `/en`. One Storyblok space holds both
 * (field-level translation); a story exists in English only where its English slug is published.
 */
export const LANGS = ["nl", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "nl";

/** Open Graph locales, and the `hreflang`/`lang` values (the language alone). */
export const OG_LOCALE: Record<Lang, string> = { nl: "nl_NL", en: "en_GB" };

export function isLang(value: unknown): value is Lang {
  return (LANGS as readonly unknown[]).includes(value);
}

/** `/en/services` -> en + `/services`; `/en` -> en + `/`; anything else is Dutch, as it is. */
export function splitLangPath(path: string): { lang: Lang; path: string } {
  for (const lang of LANGS) {
    if (lang === DEFAULT_LANG) continue;
    if (path === `/${lang}`) return { lang, path: "/" };
    if (path.startsWith(`/${lang}/`)) return { lang, path: path.slice(lang.length + 1) };
  }
  return { lang: DEFAULT_LANG, path };
}

/** The site path of `path` (a path without language prefix) in `lang`. */
export function langPath(lang: Lang, path: string): string {
  if (lang === DEFAULT_LANG) return path;
  return path === "/" ? `/${lang}` : `/${lang}${path}`;
}
