import type { WebSite } from "schema-dts";
import type { GraphContext } from "./context";
import { type Node, ref } from "./node";

/** The website in the page's language, published by the organisation. */
export function websiteNode({ ids, siteName, origin, lang }: GraphContext): Node<WebSite> {
  return {
    "@type": "WebSite",
    "@id": ids.website,
    name: siteName,
    url: ids.website.slice(0, ids.website.indexOf("#")) || `${origin}/`,
    inLanguage: lang,
    publisher: ref(ids.organization),
  };
}
