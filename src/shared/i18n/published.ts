import type { LinkAlternate } from "../content.ts";
import { DEFAULT_LANG, isLang, type Lang } from "./lang.ts";

/** A language version of a story besides Dutch that visitors can read: its language, path slug and name. */
export interface PublishedTranslation {
  lang: Lang;
  path: string;
  name: string;
}

/**
 * The languages besides Dutch a story is published in, from its links entry: the one reading of
 * the links list's `alternates` for the page index, the feeds, the sitemap and content health (a
 * language of Storyblok's that the site does not serve is none, an unpublished translation neither).
 */
export function publishedTranslations(link: { alternates?: readonly LinkAlternate[] } | undefined): PublishedTranslation[] {
  return (link?.alternates ?? []).flatMap((alternate) =>
    alternate.published && alternate.lang !== DEFAULT_LANG && isLang(alternate.lang)
      ? [{ lang: alternate.lang, path: alternate.path, name: alternate.name }]
      : [],
  );
}
