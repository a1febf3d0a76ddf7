import type { Story } from "../../shared/content";
import type { Lang } from "../../shared/i18n/lang";
import type { Theme } from "../../shared/theme";
import type { NodeIds } from "./ids";

/** A page of the site an ancestor crumb leads to: its name and its site path. */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * What a page's graph is built from: what the page's document already has (its story, theme,
 * title, description and canonical URL, the page index's names of its ancestors). Nothing is loaded
 * for it.
 */
export interface GraphInput {
  /** Origin of canonical URLs (SITE_URL, else the request's). */
  origin: string;
  lang: Lang;
  /** The page's absolute canonical URL. */
  canonical: string;
  /** The page's own title (without the site name) and description. */
  title: string;
  description?: string;
  story: Story;
  theme?: Theme;
  /** The pages above this one, home first; empty on home. */
  ancestors: Crumb[];
  /** The site's name (the brand). */
  siteName: string;
  /** The site path of the team page in the page's language (else Dutch): where an article's author is introduced. */
  teamPath?: string;
}

/** What every node builder gets: the input and the ids of the graph's nodes. */
export interface GraphContext extends GraphInput {
  ids: NodeIds;
  /**
   * An absolute URL for a site path or an asset URL (the embedded space's assets are paths), or
   * undefined for a value that is neither (`javascript:...`): the node leaves it out.
   */
  absolute: (urlOrPath: string) => string | undefined;
}
