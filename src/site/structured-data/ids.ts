/**
 * Stable `@id`s of the graph's nodes: a page's own nodes are its canonical URL and a fragment, the
 * site's (organisation, website) the home page's, so every page names the same organisation.
 */
import { homePath, type Lang } from "../../shared/i18n/lang";

export interface NodeIds {
  organization: string;
  website: string;
  webpage: string;
  breadcrumb: string;
  /** The page's main entity: the article, the job posting, the service. */
  main: string;
  logo: string;
  image: string;
}

export function nodeIds(origin: string, lang: Lang, canonical: string): NodeIds {
  const home = origin + homePath(lang);
  return {
    organization: `${origin}/#organization`,
    website: `${home}#website`,
    webpage: `${canonical}#webpage`,
    breadcrumb: `${canonical}#breadcrumb`,
    main: `${canonical}#main-entity`,
    logo: `${origin}/#logo`,
    image: `${canonical}#primaryimage`,
  };
}
