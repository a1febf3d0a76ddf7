import type { BreadcrumbList, WebPage } from "schema-dts";
import type { GraphContext } from "./context";
import { type Node, ref } from "./node";

/** Which kind of page (schema.org's WebPage subtypes) a page is. */
export type WebPageType = "WebPage" | "CollectionPage" | "ContactPage" | "AboutPage" | "ItemPage";

/** The page itself: in the website, about its main entity when it has one, with its breadcrumb below home. */
export function webPageNode(context: GraphContext, type: WebPageType, main?: string): Node<WebPage> {
  const { ids, canonical, title, description, lang, ancestors } = context;
  return {
    "@type": type,
    "@id": ids.webpage,
    url: canonical,
    name: title,
    ...(description ? { description } : {}),
    inLanguage: lang,
    isPartOf: ref(ids.website),
    ...(ancestors.length ? { breadcrumb: ref(ids.breadcrumb) } : {}),
    ...(main ? { mainEntity: ref(main) } : { about: ref(ids.organization) }),
  };
}

/** Home, then each page above this one, then the page: at least two items on every page below home. */
export function breadcrumbNode(context: GraphContext): Node<BreadcrumbList> {
  const { ids, ancestors, canonical, title } = context;
  const items = [...ancestors.map((crumb) => ({ name: crumb.name, url: context.origin + crumb.path })), { name: title, url: canonical }];
  return {
    "@type": "BreadcrumbList",
    "@id": ids.breadcrumb,
    itemListElement: items.map((item, index) => ({ "@type": "ListItem", position: index + 1, name: item.name, item: item.url })),
  };
}
