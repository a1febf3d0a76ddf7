import type { Lang, LangAlternate } from "../../shared/i18n/lang";
import type { Dictionary } from "../../shared/i18n/nl";

/** Serialisable navigation data: what the server resolves from Storyblok and the islands render. */
export interface NavLink {
  id: string;
  label: string;
  href: string;
  external: boolean;
}

export interface NavColumn {
  id: string;
  heading: string;
  href?: string;
  external?: boolean;
  links: NavLink[];
}

export interface NavItem {
  id: string;
  label: string;
  href?: string;
  external?: boolean;
  /** Empty: a plain link. At most three columns. */
  columns: NavColumn[];
}

export interface MobileNavItem {
  id: string;
  label: string;
  href?: string;
  external?: boolean;
  /** The text of the link to the item's own page in its sub list. */
  overviewLabel: string;
  links: NavLink[];
}

/** A contact entry: a link (tel:, mailto:, a page) or plain text (an address). */
export interface ContactItem {
  id: string;
  label: string;
  href?: string;
  external?: boolean;
}

/** The menus' own words, in the page's language (props: the island bundles no dictionary). */
export type MenuTexts = Omit<Dictionary["menu"], "overview">;

/** The language switcher: the page's language and where the same page is in the others. */
export interface LanguageSwitch {
  current: Lang;
  /** "Taal" / "Language": the links are named "Taal: English". */
  label: string;
  alternates: LangAlternate[];
}

export interface HeaderModel {
  logo: { src: string; alt: string };
  /** The logo's link: the home page in the page's language. */
  home: string;
  texts: MenuTexts;
  languages: LanguageSwitch;
  items: NavItem[];
  mobile: MobileNavItem[];
  socials: NavLink[];
  contact: ContactItem[];
}
