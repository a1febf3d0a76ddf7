import type { Article } from "schema-dts";
import { isoDateTime } from "../../shared/dates/datetime";
import type { BlokOf } from "../blocks/types";
import type { GraphContext } from "./context";
import { imageUrls } from "./images";
import { type Node, ref } from "./node";

/** A case: an article by the organisation about what it made for a client. */
export function caseStudyNode(context: GraphContext, blok: BlokOf<"CaseDetail">): Node<Article> {
  const { story, ids, canonical } = context;
  const datePublished = isoDateTime(story.first_published_at) ?? isoDateTime(story.created_at);
  const dateModified = isoDateTime(story.published_at) ?? datePublished;
  const images = imageUrls(context, blok.heroImage?.filename);
  const description = context.description || blok.intro;
  return {
    "@type": "Article",
    "@id": ids.main,
    headline: blok.title.length > 110 ? `${blok.title.slice(0, 109)}…` : blok.title,
    ...(description ? { description } : {}),
    url: canonical,
    ...(datePublished ? { datePublished } : {}),
    ...(dateModified ? { dateModified } : {}),
    ...(images.length ? { image: images } : {}),
    author: ref(ids.organization),
    publisher: ref(ids.organization),
    ...(blok.client ? { about: { "@type": "Organization", name: blok.client } } : {}),
    ...(blok.sector ? { articleSection: blok.sector } : {}),
    inLanguage: context.lang,
    isPartOf: ref(ids.website),
    mainEntityOfPage: ref(ids.webpage),
  };
}
