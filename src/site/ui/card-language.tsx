import { langOfPath, type Lang } from "../../shared/i18n/lang";
import { useT } from "../site-context";

/**
 * A card of a listing that leads to a page in another language than the one it is listed on: a
 * case that has only a Dutch page, in an English listing. We keep such stories in the listing (the
 * work is the argument, whatever language it is written up in) and say so: the card carries the
 * story's language, its link `hrefLang`, and a label in the page's language that the link names
 * as its description.
 */
export interface CardLanguage {
  /** The language of the story's page: the card's `lang`, its link's `hrefLang`. */
  lang: Lang;
  /** The page's own language: the site's words inside the card ("Read the case") are in it. */
  pageLang: Lang;
  /** The label's id, for the link's `aria-describedby`. */
  labelId: string;
  /** "In Dutch". */
  label: string;
}

/** The card's language when it is not the page's; undefined on a page in the story's own language. */
export function useCardLanguage(story: { uuid: string; full_slug: string }): CardLanguage | undefined {
  const { lang: pageLang, t } = useT();
  // Links of a translated page name the English page where there is one, else the Dutch one
  // (server/content/localise.ts): the path the card links to says which.
  const lang = langOfPath(`/${story.full_slug.replace(/^\/+/, "")}`);
  if (lang === pageLang) return undefined;
  return { lang, pageLang, labelId: `${story.uuid}-lang`, label: t.common.inLanguage[lang] };
}

/** The visible label ("In Dutch"), in the page's language inside a card in another one. */
export function CardLanguageLabel({ language }: { language: CardLanguage }) {
  return (
    <p
      id={language.labelId}
      lang={language.pageLang}
      className="m-0 self-start rounded-full bg-sand px-3 py-0.5 text-sm font-semibold text-ink-soft ring-1 ring-sand-dark"
    >
      {language.label}
    </p>
  );
}
