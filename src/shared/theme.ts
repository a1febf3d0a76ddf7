import type { ModelContent } from "../../content-model/types.ts";
import type { Blok } from "./content";
import { DEFAULT_LANG, type Lang } from "./i18n/lang";
import { type ShownConsent, shownConsent } from "./newsletter-consent";

/** Site-wide content of the theme story (`theme/theme`). */
export interface Theme {
  /** The theme story's id: the visual editor's `input` events for it carry header, footer and customers. */
  storyId?: number;
  /** First entry of `header` (a TwMenu block). */
  header?: Blok;
  /** First entry of `footer` (a TwFooter block). */
  footer?: Blok;
  /** The customers store. */
  customers: Blok[];
  /** The organisation behind the site (name, office, contact), as search engines read it. */
  organisation?: Organisation;
  /** The consent text beside the newsletter form: the footer's, or the built-in one where that is missing. */
  newsletterConsent: ShownConsent;
}

/** Which language version of the theme story is read, and (another language) the Dutch version's content. */
export interface ThemeVersion {
  lang: Lang;
  /** The Dutch content: an English field equal to it is an untranslated one. Unknown: taken as translated. */
  dutch?: Blok;
}

/** The theme's organisation fields, as the content model names them. */
export type Organisation = Pick<
  ThemeContent,
  "organisationName" | "legalName" | "streetAddress" | "postalCode" | "addressLocality" | "addressCountry" | "telephone" | "email"
>;

/** The theme story's content, as the content model defines it. */
type ThemeContent = ModelContent<"Theme">;

/**
 * The theme of the theme story's content: read by the server from the API, and by the preview
 * bundle from the editor's edits of the theme story.
 */
export function themeOf(content: Blok, storyId?: number, { lang, dutch }: ThemeVersion = { lang: DEFAULT_LANG }): Theme {
  const theme = content as ThemeContent;
  const dutchFooter = dutch && (dutch as ThemeContent).footer?.[0];
  return {
    ...(storyId === undefined ? {} : { storyId }),
    header: theme.header?.[0],
    footer: theme.footer?.[0],
    customers: theme.customers ?? [],
    ...(theme.organisationName ? { organisation: organisationOf(theme) } : {}),
    newsletterConsent: shownConsent(theme.footer?.[0]?.newsletterConsent, lang, dutch && (dutchFooter?.newsletterConsent ?? null)),
  };
}

function organisationOf(theme: ThemeContent): Organisation {
  const { organisationName, legalName, streetAddress, postalCode, addressLocality, addressCountry, telephone, email } = theme;
  return { organisationName, legalName, streetAddress, postalCode, addressLocality, addressCountry, telephone, email };
}
