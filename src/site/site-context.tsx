import { createContext, useContext, type ComponentType, type ReactNode } from "react";
import type { NavLink } from "./islands/nav-model";
import type { Listing } from "../shared/listings/listings";
import type { BlokOf } from "./blocks/types";
import type { Blok, Story } from "../shared/content";
import type { Logger } from "../shared/log";
import type { Lang, LangAlternate } from "../shared/i18n/lang";
import type { Dictionary } from "../shared/i18n/nl";
import type { PartId } from "./part-id";
import type { ShownConsent } from "../shared/newsletter-consent";

/**
 * The HTML of a part every visitor of a cache version gets (and of a path, where `id` says so):
 * `parts(id, children)` answers the HTML of `children`, rendered once per isolate and kept in
 * the language of the request's key (a function is handed that language), or, the first time,
 * a promise of it (its `<Memo>` waits with `use`). Server only, visitors only. In the streaming
 * render it answers a marker the server replaces with the part's bytes.
 * A part is rendered without the memo (its `<Memo>`s render their children), unless it `nests`:
 * then the parts inside it come from the memo too, each rendered on its own as always (an island's
 * React ids count from its own root, as the browser hydrates it).
 */
export type PartHtml = (
  id: PartId,
  children: ReactNode | ((lang: Lang) => ReactNode),
  options?: { nests?: boolean },
) => string | Promise<string>;

/** One customer of the theme's customers list (the "customers store" of the spec). */
export type CustomerBlok = BlokOf<"Customer">;

/** What the visual editor finds a blok by (the attributes `storyblokEditable()` produces; editable.ts). */
export interface EditableAttributes {
  "data-blok-c": string;
  "data-blok-uid": string;
}

/** What a block spreads on its root element: the editor attributes, or nothing. */
export type EditableProps = Partial<EditableAttributes>;

/** An interactive component rendered on the server and hydrated in the browser (islands/island.tsx). */
export interface IslandProps<P extends object> {
  name: string;
  component: ComponentType<P>;
  /** The island's props; a function when working them out is worth skipping on a memo hit. */
  props: P | (() => P);
  /**
   * Set when the props are the same for every visitor given this key (besides the cache version and
   * language): root attributes and HTML are then one part, rendered once (see memo.tsx).
   */
  sameFor?: string;
}

/**
 * Who the page is for, decided once by the page route (a valid visual-editor link or not) and
 * carried here, so that no block asks again: a visitor's page and an editor's preview differ in
 * these three only (audience.tsx makes both).
 */
export interface Audience {
  /** The editor attributes of a blok's own root element: in a preview, for the story being edited; never for visitors. */
  editable: (blok: Blok) => EditableProps;
  /** Where a blok of a block the site does not know stands: nothing for visitors, a note naming it for an editor. */
  Unsupported: (props: { blok: Blok }) => ReactNode;
  /** An island: for visitors a root the visitor bundle hydrates; in a preview plain markup, as the preview bundle hydrates the whole page. */
  island: <P extends object>(island: IslandProps<P>) => ReactNode;
}

/**
 * Everything a block may read besides its own fields, scoped to one request: the customers
 * store, the stories resolved with the page (relations and listings), the request's language with
 * its dictionary, and where to log.
 */
export interface SiteContextValue {
  /** The language the page is rendered in. */
  lang: Lang;
  /** Everything the site itself says, in `lang` (from `dictionary(lang)`; types only here, so islands never bundle it). */
  t: Dictionary;
  /** This page in the other languages (the switcher's links): the route's, or each language's home. */
  alternates: LangAlternate[];
  customers: CustomerBlok[];
  /** The theme's consent text beside the newsletter form (the footer's, or the built-in one); unset: the footer block's own, as the shared rule reads it. */
  newsletterConsent?: ShownConsent;
  /** Stories resolved with the page, by uuid (relations) */
  relations: ReadonlyMap<string, Story>;
  /** Listings the route loaded for listing blocks, by block `_uid`. */
  listings: ReadonlyMap<string, Promise<Listing>>;
  logger: Logger;
  /** The path of the page being rendered, e.g. "/cases". */
  path: string;
  /**
   * An answer that is not a page of its own (the error screen, at whatever path was asked): the
   * sign-up form sends a plain post back to the language's home, not to that path.
   */
  notAPage?: boolean;
  /** The request's query string (e.g. "?nieuwsbrief=geabonneerd"). */
  search: string;
  /** The company's social links (from the header), shown in the footer too. */
  socials: NavLink[];
  /** A visitor's page or an editor's preview. */
  audience: Audience;
  /** Renders one blok through the registry (the dispatcher): container blocks render their children with it, so no block imports the registry. */
  Block: (props: { blok: Blok }) => ReactNode;
  /** Server only, visitors only: HTML of the parts every visitor of this cache version gets (`<Memo>` in memo.tsx reads it). */
  parts?: PartHtml;
  /** The part id of the page body (`<main>`), when it is the same for every visitor of this path. */
  bodyPart?: PartId;
  /** The year it is (the footer's copyright line), from the server's clock. */
  year: number;
  /** HubSpot confirms signups by email first (HUBSPOT_DOUBLE_OPT_IN): the sign-up's success asks the visitor to confirm. */
  doubleOptIn?: boolean;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export function SiteProvider({ value, children }: { value: SiteContextValue; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error("useSite() outside <SiteProvider>");
  return value;
}

export function useCustomers(): CustomerBlok[] {
  return useSite().customers;
}

/** The request's language and its dictionary: `const { t } = useT()`. */
export function useT(): Pick<SiteContextValue, "lang" | "t"> {
  const { lang, t } = useSite();
  return { lang, t };
}
