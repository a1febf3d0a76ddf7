/**
 * The insights feed of each language, as Atom 1.0 (RFC 4287): every date carries its time zone
 * (RFC 3339), every entry has a stable id that survives a renamed slug, and the document says its
 * language (`xml:lang`). Pure: the route hands it plain data.
 */
import { localisedPath, type Lang } from "../../shared/i18n/lang";
import { escapeXml } from "./xml";

/** The feed's path in a language: `/insights/feed.xml`, `/en/insights/feed.xml`. */
export const feedPath = (lang: Lang): string => localisedPath(lang, "/insights/feed.xml");

export const ATOM_CONTENT_TYPE = "application/atom+xml; charset=utf-8";

export interface FeedEntry {
  /** A stable id (the story's uuid), kept when its slug changes. */
  id: string;
  /** Absolute URL of the page. */
  url: string;
  title: string;
  summary?: string;
  /** ISO 8601 instants. */
  published: string;
  updated: string;
  author?: string;
  category?: string;
  /** Absolute URL of the entry's image (the image service's sharing size) and its pixel size. */
  image?: { url: string; type: string; width: number; height: number };
}

export interface Feed {
  lang: Lang;
  title: string;
  /** Absolute URLs: the feed itself and the HTML page it follows. */
  self: string;
  page: string;
  /** When nothing is listed: when the listed content last changed (the cache version's time). */
  updatedFallback: string;
  /** The site's name: the feed's author. */
  author: string;
  entries: FeedEntry[];
}

export function atomFeed(feed: Feed): string {
  const updated =
    feed.entries
      .map((entry) => entry.updated)
      .sort()
      .at(-1) ?? feed.updatedFallback;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="${feed.lang}">`,
    `<id>${escapeXml(feed.self)}</id>`,
    `<title>${escapeXml(feed.title)}</title>`,
    `<updated>${updated}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feed.self)}"/>`,
    `<link rel="alternate" type="text/html" hreflang="${feed.lang}" href="${escapeXml(feed.page)}"/>`,
    `<author><name>${escapeXml(feed.author)}</name></author>`,
    ...feed.entries.map(atomEntry),
    "</feed>",
    "",
  ];
  return lines.join("\n");
}

function atomEntry(entry: FeedEntry): string {
  const parts = [
    `<id>${escapeXml(entry.id)}</id>`,
    `<title>${escapeXml(entry.title)}</title>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(entry.url)}"/>`,
    `<published>${entry.published}</published>`,
    `<updated>${entry.updated}</updated>`,
  ];
  if (entry.author) parts.push(`<author><name>${escapeXml(entry.author)}</name></author>`);
  if (entry.category) parts.push(`<category term="${escapeXml(entry.category)}"/>`);
  if (entry.summary) parts.push(`<summary type="text">${escapeXml(entry.summary)}</summary>`);
  if (entry.image) {
    const { url, type, width, height } = entry.image;
    parts.push(`<link rel="enclosure" type="${type}" href="${escapeXml(url)}"/>`);
    parts.push(`<media:thumbnail url="${escapeXml(url)}" width="${width}" height="${height}"/>`);
  }
  return `<entry>${parts.join("")}</entry>`;
}
