/**
 * Storyblok's field-level translation as the Content Delivery API serves it.
 *
 * A space lists its extra languages in `language_codes` (the default language has no code; the API
 * calls it "default"). A translatable field keeps its translations next to it in the same blok,
 * `<field>__i18n__<lang>` (the Management API shape, which the snapshot stores). The CDN never shows
 * those keys: for `language=<lang>` each field takes its `__i18n__<lang>` value, and a field without
 * one keeps the default language's value (or `fallback_lang`'s, when that is given and has one).
 * Blocks fields are not translatable, so nested bloks are translated field by field themselves.
 *
 * With the Translatable Slugs app a story carries `translated_slugs` (one entry per language: the
 * full path in that language and whether that language version is published). A translated answer
 * has `lang: <lang>`, `full_slug: "<lang>/<translated path>"` and `default_full_slug` set to the
 * default language's full_slug; a story can be fetched by its translated path, with the language
 * as the first path segment or the `language` parameter.
 */
import type { Blok, LinkAlternate, Story } from "../../../shared/content";
import { isRecord } from "./params";

export const DEFAULT_LANGUAGE = "default";
export const I18N_MARK = "__i18n__";

/** The language an answer is in: a code of the space, else the default (also for unknown codes). */
export function answerLanguage(requested: string | null, languages: readonly string[]): string {
  return requested && languages.includes(requested) ? requested : DEFAULT_LANGUAGE;
}

/** `en/services/web` -> `{ language: "en", rest: "services/web" }` when `en` is a language of the space. */
export function splitLanguagePrefix(identifier: string, languages: readonly string[]): { language?: string; rest: string } {
  const cut = identifier.indexOf("/");
  const head = cut < 0 ? identifier : identifier.slice(0, cut);
  if (cut < 0 || !languages.includes(head)) return { rest: identifier };
  return { language: head, rest: identifier.slice(cut + 1) };
}

/**
 * A copy of a content tree in `language`, without any `__i18n__` key. `fallback` is the language
 * an untranslated field takes before the default one (the API's `fallback_lang`).
 */
export function localizeContent<T>(value: T, language: string, fallback?: string): T {
  if (Array.isArray(value)) return value.map((item) => localizeContent(item, language, fallback)) as T;
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const field of fieldsOf(value, language)) {
    copy[field] = localizeContent(fieldValue(value, field, language, fallback), language, fallback);
  }
  return copy as T;
}

/** The node's own fields, plus fields that exist only as a translation into `language`. */
function fieldsOf(node: Record<string, unknown>, language: string): string[] {
  const fields = Object.keys(node).filter((key) => !key.includes(I18N_MARK));
  const suffix = `${I18N_MARK}${language}`;
  for (const key of Object.keys(node)) {
    if (language !== DEFAULT_LANGUAGE && key.endsWith(suffix)) {
      const field = key.slice(0, -suffix.length);
      if (!(field in node)) fields.push(field);
    }
  }
  return fields;
}

function fieldValue(node: Record<string, unknown>, field: string, language: string, fallback?: string): unknown {
  for (const lang of [language, fallback]) {
    if (!lang || lang === DEFAULT_LANGUAGE) continue;
    const translated = node[`${field}${I18N_MARK}${lang}`];
    // A field set back to "use the default value" is stored as null or not at all.
    if (translated !== undefined && translated !== null) return translated;
  }
  return node[field];
}

/** The full path of a story in `language`, without the language prefix. */
export function translatedPath(story: Story, language: string): string {
  if (language === DEFAULT_LANGUAGE) return story.full_slug;
  return story.translated_slugs?.find((entry) => entry.lang === language)?.path ?? story.full_slug;
}

/** The full_slug of a story in an answer in `language`. */
export function localizedFullSlug(story: Story, language: string): string {
  return language === DEFAULT_LANGUAGE ? story.full_slug : `${language}/${translatedPath(story, language)}`;
}

/** The story as the API answers it in `language` (content translated, slugs and `lang` set). */
export function localizeStory(story: Story, language: string, fallback?: string): Story {
  const content = localizeContent(story.content, language, fallback) as Blok;
  if (language === DEFAULT_LANGUAGE) return { ...story, content };
  return {
    ...story,
    content,
    lang: language,
    full_slug: localizedFullSlug(story, language),
    default_full_slug: story.translated_slugs ? (story.default_full_slug ?? story.full_slug) : null,
  };
}

/** Stories by their full path in each language (translated slugs, else the default slugs). */
export function translatedIndex(stories: readonly Story[], languages: readonly string[]): Map<string, Map<string, Story>> {
  return new Map(languages.map((language) => [language, new Map(stories.map((story) => [translatedPath(story, language), story]))]));
}

const lastSegment = (path: string) => path.replace(/\/$/, "").split("/").pop() ?? path;

/** A link entry's `alternates`: the story in every other language of the space. */
export function storyAlternates(story: Story, languages: readonly string[]): LinkAlternate[] {
  return languages.map((lang) => {
    const entry = story.translated_slugs?.find((candidate) => candidate.lang === lang);
    const path = entry?.path ?? story.full_slug;
    return { path, name: entry?.name ?? story.name, lang, published: entry?.published === true, translated_slug: lastSegment(path) };
  });
}

/** A folder's `alternates`; folders are never published, whatever the language. */
export function folderAlternates(
  fullSlug: string,
  name: string,
  translated: ReadonlyMap<string, string>,
  languages: readonly string[],
): LinkAlternate[] {
  return languages.map((lang) => {
    const path = translated.get(lang) ?? fullSlug;
    return {
      path,
      name: path === fullSlug ? name : folderName(lastSegment(path)),
      lang,
      published: false,
      translated_slug: lastSegment(path),
    };
  });
}

export function folderName(segment: string): string {
  return segment.charAt(0).toUpperCase() + segment.slice(1).replace(/-/g, " ");
}

/**
 * Translated folder paths, read from the translated paths of the stories inside: a story
 * `diensten/web` translated as `services/web` puts folder `diensten` at `services` in English.
 */
export function folderTranslations(stories: readonly Story[]): Map<string, Map<string, string>> {
  const folders = new Map<string, Map<string, string>>();
  for (const story of stories) {
    const own = story.full_slug.replace(/\/$/, "").split("/");
    // A start page ("blog/") is the folder itself; other stories add their own last segment.
    const depth = story.full_slug.endsWith("/") ? own.length : own.length - 1;
    for (const entry of story.translated_slugs ?? []) {
      const translated = entry.path.replace(/\/$/, "").split("/");
      if (translated.length !== own.length) continue;
      for (let i = 1; i <= depth; i++) {
        const byLanguage = folders.get(own.slice(0, i).join("/")) ?? new Map<string, string>();
        if (!byLanguage.has(entry.lang)) byLanguage.set(entry.lang, translated.slice(0, i).join("/"));
        folders.set(own.slice(0, i).join("/"), byLanguage);
      }
    }
  }
  return folders;
}
