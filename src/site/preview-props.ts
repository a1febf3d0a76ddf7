import type { NavLink } from "./islands/nav-model";
import type { Listing } from "./blocks/listings";
import type { Blok, Story } from "../shared/content";
import type { Logger } from "../shared/log";
import type { CustomerBlok, SiteContextValue } from "./site-context";

/**
 * Everything the preview bundle needs to render the routed page again in the browser: the
 * server puts it, as JSON, on the preview root (only in preview), so an edit re-renders with the
 * same blocks and the same site context, without asking the server.
 */
export interface PreviewProps {
  /** The story the bridge is subscribed to: its `input` events carry the edited story. */
  storyId: number;
  content: Blok;
  /** Stories resolved with the page (relations), by the order the API gave them. */
  rels: Story[];
  /** Listings of the listing blocks on the page, resolved, by block `_uid`. */
  listings: Record<string, Listing>;
  customers: CustomerBlok[];
  socials: NavLink[];
  path: string;
  search: string;
  /** `component.field` relations the bridge resolves in edited stories, as the server does. */
  resolveRelations: string[];
}

/** The preview root's marker attribute (its props are in `data-props`). */
export const PREVIEW_ROOT_ATTRIBUTE = "data-preview-root";

/**
 * An already fulfilled promise in React's thenable convention (see `readable()` in
 * src/site/blocks/listings.ts), so `use()` reads it during hydration without suspending.
 */
export function fulfilled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: "fulfilled", value });
}

/** The site context of a preview render; `content` relations inlined by the bridge win over `rels`. */
export function previewSite(props: PreviewProps, logger: Logger): SiteContextValue {
  return {
    customers: props.customers,
    relations: new Map(props.rels.map((story) => [story.uuid, story])),
    listings: new Map(Object.entries(props.listings).map(([uid, listing]) => [uid, fulfilled(listing)])),
    logger,
    path: props.path,
    search: props.search,
    socials: props.socials,
    preview: true,
  };
}
