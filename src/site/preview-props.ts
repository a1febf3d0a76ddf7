import type { LinkTarget } from "../shared/content-health";
import type { Listing } from "../shared/listings/listings";
import { editorAudience } from "./audience";
import type { Blok, Story } from "../shared/content";
import type { Logger } from "../shared/log";
import type { StoryKind } from "../shared/pages/page-types";
import type { Theme } from "../shared/theme";
import type { Lang, LangAlternate } from "../shared/i18n/lang";
import type { Dictionary } from "../shared/i18n/nl";
import type { SiteContextValue } from "./site-context";
import { themeSite } from "./theme-site";

/**
 * Everything the preview bundle needs to render the page again in the browser (header, routed
 * story, footer): the server puts it, as JSON, on the preview root (only in preview), so an edit
 * re-renders with the same blocks and the same site context, without asking the server.
 */
export interface PreviewProps {
  /** What the open story is shown as: a page, the theme, a data story's card. */
  kind: StoryKind;
  /** The story the editor has open: its `input` events carry the edited story. */
  storyId: number;
  content: Blok;
  /** Header, footer and customers (the theme's draft); for the theme story, the story itself. */
  theme: Theme;
  /** Stories resolved with the page (relations), by the order the API gave them. */
  rels: Story[];
  /** Listings of the listing blocks on the page, resolved, by block `_uid`. */
  listings: Record<string, Listing>;
  path: string;
  search: string;
  /** The year it is on the server (the footer's copyright line). */
  year: number;
  /** HubSpot confirms signups by email first: the form's success message says so. */
  doubleOptIn?: boolean;
  /** The language the page is previewed in, and the page in the other languages. */
  lang: Lang;
  alternates: LangAlternate[];
  /** `component.field` relations the bridge resolves in edited stories, as the server does. */
  resolveRelations: string[];
  /** What the content-health panel checks the edited story with (client/health/). */
  health: PreviewHealth;
}

/** What the preview's content rules read besides the edited content (src/shared/content-health/). */
export interface PreviewHealth {
  /** The story's name and Dutch full_slug. */
  story: { name: string; full_slug: string };
  /** The links list: the stories that exist and whether each is published. */
  links: LinkTarget[];
  /** In a preview of another language: the Dutch draft's content, what an untranslated field falls back to. */
  dutch?: Blok;
}

/** The preview root's marker attribute (its props are in `data-props`). */
export const PREVIEW_ROOT_ATTRIBUTE = "data-preview-root";

/**
 * An already fulfilled promise in React's thenable convention (see `readable()` in
 * src/shared/listings/listings.ts), so `use()` reads it during hydration without suspending.
 */
export function fulfilled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: "fulfilled", value });
}

/**
 * The site context of a preview render with `theme` (which an edit of the theme story replaces),
 * on the server and in the preview bundle alike; `t` is `dictionary(props.lang)` and `Block` the
 * dispatcher, both passed in so this module imports neither the dictionaries nor the block registry.
 */
export function previewSite(
  props: PreviewProps,
  theme: Theme,
  logger: Logger,
  t: Dictionary,
  Block: SiteContextValue["Block"],
): SiteContextValue {
  return {
    ...themeSite(theme),
    lang: props.lang,
    t,
    alternates: props.alternates,
    relations: new Map(props.rels.map((story) => [story.uuid, story])),
    listings: new Map(Object.entries(props.listings).map(([uid, listing]) => [uid, fulfilled(listing)])),
    logger,
    path: props.path,
    search: props.search,
    year: props.year,
    doubleOptIn: props.doubleOptIn,
    audience: editorAudience(props.storyId),
    Block,
  };
}
