/**
 * The site's languages: Dutch at the root (the space's default language), English under `/en`.
 * Plain data and pure helpers for every runtime: the page route, the document head, the sitemap,
 * the switcher and the newsletter all ask here. No dictionary is imported: the islands use this
 * module, and the dictionaries must not reach the visitor's bundle.
 */
export const LANGS = ["nl", "en"] as const;
export type Lang = (typeof LANGS)[number];

/** Dutch: served at the root, Storyblok's `default` language. */
export const DEFAULT_LANG: Lang = "nl";

/** Where each language lives: "" for the root. */
export const LANG_PREFIX: Record<Lang, string> = { nl: "", en: "/en" };
export const EN_PREFIX = LANG_PREFIX.en;

/** `og:locale` per language (Open Graph wants language_TERRITORY): a Dutch agency writes British English. */
export const OG_LOCALE: Record<Lang, string> = { nl: "nl_NL", en: "en_GB" };

/** Each language named in itself (endonym), as a switcher shows it. */
export const LANG_NAMES: Record<Lang, string> = { nl: "Nederlands", en: "English" };

/** A page in another language: what the switcher links to and what B2's hreflang links list. */
export interface LangAlternate {
  lang: Lang;
  /** Root-relative path, e.g. "/en/services". */
  href: string;
}

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/** A language a client sent (form field, JSON): a known one, else the default. */
export function parseLang(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}

/** "/en" and "/en/..." are English; everything else ("/", "/diensten", "/english") is Dutch. */
export function langOfPath(path: string): Lang {
  for (const lang of LANGS) {
    const prefix = LANG_PREFIX[lang];
    if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) return lang;
  }
  return DEFAULT_LANG;
}

/** The path with its language prefix removed: "/en/services" -> "/services", "/en" -> "/". */
export function pathWithoutLang(path: string): string {
  const prefix = LANG_PREFIX[langOfPath(path)];
  return path.slice(prefix.length) || "/";
}

/** A root-relative path in a language: ("en", "/services") -> "/en/services", ("en", "/") -> "/en". */
export function localisedPath(lang: Lang, path: string): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  const prefix = LANG_PREFIX[lang];
  return prefix ? (clean === "/" ? prefix : prefix + clean) : clean;
}

/** The language's home page: "/" or "/en". */
export function homePath(lang: Lang): string {
  return localisedPath(lang, "/");
}

/** Until a page knows its translations: every other language's home page. */
export function defaultAlternates(current: Lang): LangAlternate[] {
  return LANGS.filter((lang) => lang !== current).map((lang) => ({ lang, href: homePath(lang) }));
}

/** Both at once: "/en/services" -> { lang: "en", path: "/services" }; a Dutch path as it is. */
export function splitLangPath(path: string): { lang: Lang; path: string } {
  return { lang: langOfPath(path), path: pathWithoutLang(path) };
}
