import type { Service } from "schema-dts";
import type { GraphContext } from "./context";
import { imageUrls } from "./images";
import { type Node, ref } from "./node";

/**
 * A service the organisation provides (a page under the services folder), or its work for one
 * sector (a Sector page: the service for that audience).
 */
export function serviceNode(context: GraphContext, image: string | null | undefined, sector?: string): Node<Service> {
  const { ids, canonical, title, description } = context;
  const images = imageUrls(context, image);
  return {
    "@type": "Service",
    "@id": ids.main,
    name: title,
    ...(description ? { description } : {}),
    url: canonical,
    provider: ref(ids.organization),
    ...(sector ? { audience: { "@type": "BusinessAudience", audienceType: sector } } : { serviceType: title }),
    areaServed: { "@type": "Country", name: context.theme?.organisation?.addressCountry || "NL" },
    ...(images.length ? { image: images[0] } : {}),
    mainEntityOfPage: ref(ids.webpage),
  };
}
