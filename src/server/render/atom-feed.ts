/**
 * The insights feed of each language, as Atom 1.0 (RFC 4287): every date carries its time zone
 * (RFC 3339), every entry has a stable id that survives a renamed slug, and the document says its
 * language (`xml:lang`). Pure: the route hands it plain data.
 */
import { DEFAULT_LANG, localisedPath, type Lang } from "../../shared/i18n/lang";
import { digestHex } from "../../shared/digest";
import { escapeXml } from "./xml";

/** The feed's path in a language: `/insights/feed.xml`, `/en/insights/feed.xml`. */
export const feedPath = (lang: Lang): string => localisedPath(lang, "/insights/feed.xml");

export const ATOM_CONTENT_TYPE = "application/atom+xml; charset=utf-8";

/**
 * Atom ids are names, not addresses (RFC 4287 4.2.6): no request's Host may change them. With
 * SITE_URL the feed is named by its canonical URL; without it the site has no canonical origin (each
 * host names itself: workers.dev, a branch preview, localhost), so the feed's id is a name-based
 * UUID of its path, the same on every host.
 */
export async function feedId(lang: Lang, siteUrl: string | undefined): Promise<string> {
  return siteUrl ? siteUrl + feedPath(lang) : `urn:uuid:${await nameUuid(FEED_NAMESPACE, feedPath(lang))}`;
}

/**
 * An entry's id, one per language of a translated insight (a reader of both feeds must not merge
 * two languages into one entry), kept when its slug changes: the story's uuid in Dutch (the ids the
 * Dutch feed's readers already have), a name-based UUID of it and the language in another.
 */
export async function entryId(storyUuid: string, lang: Lang): Promise<string> {
  return `urn:uuid:${lang === DEFAULT_LANG ? storyUuid : await nameUuid(storyUuid, lang)}`;
}

/** The namespace of the feeds' own names (a random UUID, fixed here once). */
const FEED_NAMESPACE = "6f1c2d0e-5b7a-4c39-9e58-2a4b8d3f7c10";

/** RFC 9562 version 5: SHA-1 of the namespace's bytes (a UUID: Storyblok's uuids are) and the name, with its version and variant bits. */
async function nameUuid(namespace: string, name: string): Promise<string> {
  const bytes = (namespace.replaceAll("-", "").match(/../g) ?? []).map((hex) => Number.parseInt(hex, 16));
  const hex = (await digestHex("SHA-1", new Uint8Array([...bytes, ...new TextEncoder().encode(name)]))).split("");
  hex[12] = "5";
  hex[16] = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  const id = hex.join("");
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20, 32)}`;
}

export interface FeedEntry {
  /** A stable id per language (`entryId`), kept when its slug changes. */
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
  /** The feed's permanent name (`feedId`). */
  id: string;
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

/** When the feed last changed: its newest entry's update, or the fallback when it lists nothing. */
export function feedUpdated(feed: Pick<Feed, "entries" | "updatedFallback">): string {
  return (
    feed.entries
      .map((entry) => entry.updated)
      .sort()
      .at(-1) ?? feed.updatedFallback
  );
}

export function atomFeed(feed: Feed): string {
  const updated = feedUpdated(feed);
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="${feed.lang}">`,
    `<id>${escapeXml(feed.id)}</id>`,
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
