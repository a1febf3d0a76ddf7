import type { BlogPosting, Person } from "schema-dts";
import { isoDateTime } from "../../shared/dates/datetime";
import { minutesDuration } from "../../shared/structured-data/schema-values";
import type { BlokOf } from "../blocks/types";
import type { GraphContext } from "./context";
import { imageUrls } from "./images";
import { type Node, ref } from "./node";

/**
 * An insight: headline, description, the dates with their time zone, the hero image in the three
 * crops search engines show, its author (the organisation when none is named) and publisher.
 */
export function blogPostingNode(context: GraphContext, blok: BlokOf<"InsightDetail">): Node<BlogPosting> {
  const { story, ids, canonical } = context;
  const datePublished = isoDateTime(blok.publishedDate) ?? isoDateTime(story.first_published_at) ?? isoDateTime(story.created_at);
  const dateModified = isoDateTime(story.published_at) ?? isoDateTime(story.updated_at) ?? datePublished;
  const images = imageUrls(context, blok.heroImage?.filename);
  const description = context.description || blok.intro;
  const timeRequired = minutesDuration(blok.readingTime);
  return {
    "@type": "BlogPosting",
    "@id": ids.main,
    headline: headline(blok.title),
    ...(description ? { description } : {}),
    url: canonical,
    ...(datePublished ? { datePublished } : {}),
    ...(dateModified ? { dateModified: later(dateModified, datePublished) } : {}),
    ...(images.length ? { image: images } : {}),
    author: blok.authorName ? author(context, blok) : ref(ids.organization),
    publisher: ref(ids.organization),
    ...(blok.category ? { articleSection: blok.category } : {}),
    ...(timeRequired ? { timeRequired } : {}),
    inLanguage: context.lang,
    isPartOf: ref(ids.website),
    mainEntityOfPage: ref(ids.webpage),
  };
}

/** The named author, introduced on the team page (Google asks an author for a `url` that says who they are). */
function author(context: GraphContext, blok: BlokOf<"InsightDetail">): Exclude<Person, string> {
  const image = blok.authorImage?.filename ? context.absolute(blok.authorImage.filename) : undefined;
  return {
    "@type": "Person",
    name: blok.authorName as string,
    ...(context.teamPath ? { url: context.origin + context.teamPath } : {}),
    ...(blok.authorRole ? { jobTitle: blok.authorRole } : {}),
    ...(image ? { image } : {}),
    worksFor: ref(context.ids.organization),
  };
}

/** Google shows at most 110 characters of a headline. */
const headline = (title: string) => (title.length > 110 ? `${title.slice(0, 109)}…` : title);

/** A modification is never before the publication (an article dated ahead of its first publish). */
const later = (modified: string, published: string | undefined) => (published && published > modified ? published : modified);
