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

export interface HeaderModel {
  logo: { src: string; alt: string };
  items: NavItem[];
  mobile: MobileNavItem[];
  socials: NavLink[];
  contact: ContactItem[];
}
