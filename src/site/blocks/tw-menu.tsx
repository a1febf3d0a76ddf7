import { Island } from "../islands/island";
import type { ContactItem, HeaderModel, NavLink as NavLinkModel } from "../islands/nav-model";
import { SiteHeader } from "../islands/site-header";
import { resolveLink } from "../../shared/links/links";
import { useEditable } from "../editable";
import { useSite, type SiteContextValue } from "../site-context";
import { homePath } from "../../shared/i18n/lang";
import type { BlockProps, BlokOf, LinkField } from "./types";

export type NavLink = BlokOf<"nav-link">;

export type NavSubmenu = BlokOf<"nav-submenu">;

export type DesktopNavItem = BlokOf<"nav-item">;

export type MobileNavItem = BlokOf<"mobile-nav-item">;

export type ContactEntry = BlokOf<"contact-link"> | BlokOf<"contact-text">;

export type TwMenuBlok = BlokOf<"TwMenu">;

function target(link: LinkField | null | undefined): { href?: string; external?: boolean } {
  const resolved = resolveLink(link);
  return resolved ? { href: resolved.href, external: resolved.external } : {};
}

/** Entries with a text and a target, resolved by the link rules (socials, submenu links, ...). */
export function links(items: NavLink[] | null | undefined): NavLinkModel[] {
  return (items ?? []).flatMap((item) => {
    const resolved = resolveLink(item.link);
    return resolved && item.linkText ? [{ id: item._uid, label: item.linkText, href: resolved.href, external: resolved.external }] : [];
  });
}

/**
 * Storyblok's header fields and the page's language -> the serialisable model the header island
 * renders and hydrates (the menus' texts travel with it: the island bundles no dictionary).
 */
export function headerModel(blok: TwMenuBlok, { lang, t, alternates }: Pick<SiteContextValue, "lang" | "t" | "alternates">): HeaderModel {
  const { overview, ...texts } = t.menu;
  return {
    logo: { src: blok.logo?.filename || "/images/logo.svg", alt: blok.logo?.alt || "Koraal" },
    home: homePath(lang),
    texts,
    languages: { current: lang, label: t.switcher.label, alternates },
    items: (blok.desktopNavigationMenu ?? []).map((item) => ({
      id: item._uid,
      label: item.title ?? "",
      ...target(item.link),
      columns: (item.submenu ?? []).slice(0, 3).map((column) => ({
        id: column._uid,
        heading: column.heading ?? "",
        ...target(column.link),
        links: links(column.links),
      })),
    })),
    mobile: (blok.mobileNavigationMenu ?? []).map((item) => ({
      id: item._uid,
      label: item.title ?? "",
      ...target(item.link),
      overviewLabel: item.overviewLinkText?.trim() || overview,
      links: links(item.links),
    })),
    socials: links(blok.socials),
    contact: (blok.contact ?? []).flatMap((entry): ContactItem[] => {
      const label = entry.linkText || entry.content;
      return label ? [{ id: entry._uid, label, ...target(entry.link) }] : [];
    }),
  };
}

/**
 * The site header (logo, desktop navigation with submenus, mobile menu): an island. It belongs to
 * the theme story: the editor attributes (previewing the theme only) go on the island's own
 * `<header>`, as the island root is `display: contents` and has no box to outline.
 */
export function TwMenu({ blok }: BlockProps<TwMenuBlok>) {
  const editable = useEditable(blok);
  const site = useSite();
  // The header follows from the theme, the language and where the switcher leads: its HTML is
  // rendered once per cache version and language for each switcher target (memo.tsx), and its
  // model worked out only then.
  const sameFor = `${blok._uid}:${site.alternates.map((alternate) => alternate.href).join(" ")}`;
  const props = () => {
    const model = headerModel(blok, site);
    return editable["data-blok-c"] ? { model, editable } : { model };
  };
  return <Island name="SiteHeader" component={SiteHeader} props={props} sameFor={sameFor} />;
}
