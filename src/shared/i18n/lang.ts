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

/**
 * "/en" and "/en/..." are English; everything else ("/", "/diensten", "/english") is Dutch. The
 * prefix counts in any spelling a client may send ("/EN", "/En/...", "/%65n/..."): such a request
 * is meant for the English site, which answers it (a 301 to the page's own URL, or its 404).
 */
export function langOfPath(path: string): Lang {
  return langPrefix(path).lang;
}

/** The path with its language prefix removed: "/en/services" -> "/services", "/en" -> "/", "/EN/x" -> "/x". */
export function pathWithoutLang(path: string): string {
  return path.slice(langPrefix(path).length) || "/";
}

/** The path's language and how many of its characters spell that language's prefix (0 for the root's). */
function langPrefix(path: string): { lang: Lang; length: number } {
  for (const lang of LANGS) {
    const length = LANG_PREFIX[lang] ? spelledLength(path, LANG_PREFIX[lang]) : 0;
    if (length) return { lang, length };
  }
  return { lang: DEFAULT_LANG, length: 0 };
}

/**
 * How many characters at the start of `path` spell `prefix` up to a "/" or the end, letters in
 * any case or percent-encoded (RFC 3986: the same URL), else 0. A scan, not a regular expression
 * built at load time: the islands' bundle imports this module and must not carry the prefix rule.
 */
function spelledLength(path: string, prefix: string): number {
  let at = 0;
  for (const char of prefix) {
    const encoded = path[at] === "%" && /[a-z]/i.test(char);
    const found = encoded ? String.fromCharCode(Number.parseInt(path.slice(at + 1, at + 3), 16)) : path[at];
    if (found?.toLowerCase() !== char) return 0;
    at += encoded ? 3 : 1;
  }
  return at === path.length || path[at] === "/" ? at : 0;
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
  const { lang, length } = langPrefix(path);
  return { lang, path: path.slice(length) || "/" };
}
