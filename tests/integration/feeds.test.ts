import { env } from "cloudflare:workers";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import type { Story } from "../../src/shared/content";
import { entryId, feedId } from "../../src/server/render/atom-feed";
import { BASE, testInstance, testOrigin } from "../helpers/site";

/**
 * The insights feeds (Atom 1.0, RFC 4287), one per language: well-formed, every element the RFC
 * requires, every published insight of the language with absolute URLs, dates with a time zone, a
 * summary and an image; announced on every page of the language.
 */
const insights = snapshot.stories.filter((story) => story.content.component === "InsightDetail" && !story.is_startpage);
const englishPath = (story: Story) => story.translated_slugs?.find((slug) => slug.lang === "en" && slug.published)?.path;
const EXPECTED = {
  nl: insights.map((story) => `${BASE}/${story.full_slug}`),
  en: insights.flatMap((story) => (englishPath(story) ? [`${BASE}/en/${englishPath(story)}`] : [])),
};
const FEEDS = { nl: "/insights/feed.xml", en: "/en/insights/feed.xml" } as const;
/** RFC 3339 date-time with a time zone (RFC 4287 3.3). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ["entry", "link", "author"].includes(name),
});
type Link = { "@rel"?: string; "@href": string; "@type"?: string };
type Entry = Record<string, unknown> & { link: Link[] };

async function feedOf(lang: "nl" | "en") {
  const site = testInstance(testOrigin(), { kv: env.CONTENT_CACHE });
  const res = await site.get(FEEDS[lang]);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  expect(XMLValidator.validate(res.text)).toBe(true);
  return { site, text: res.text, feed: parser.parse(res.text).feed as Record<string, unknown> & { entry?: Entry[]; link: Link[] } };
}

describe.each(["nl", "en"] as const)("the %s insights feed", (lang) => {
  it("is valid Atom: the feed's required elements, each entry's, absolute URLs and zoned dates", async () => {
    const { feed, text } = await feedOf(lang);
    expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"')).toBe(true);
    expect(feed["@xml:lang"]).toBe(lang);
    // without SITE_URL no origin names the feed: the same id on every host (see "the feeds' ids" below)
    expect(feed.id).toBe(await feedId(lang, undefined));
    expect(feed.id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(feed.title).toBe(lang === "nl" ? "Insights van Koraal" : "Insights from Koraal");
    expect(feed.updated).toMatch(DATE_TIME);
    expect(feed.author).toEqual([{ name: "Koraal" }]);
    expect(feed.link).toEqual([
      { "@rel": "self", "@type": "application/atom+xml", "@href": `${BASE}${FEEDS[lang]}` },
      { "@rel": "alternate", "@type": "text/html", "@hreflang": lang, "@href": `${BASE}${lang === "nl" ? "" : "/en"}/insights` },
    ]);
    const entries = feed.entry ?? [];
    expect(entries.length).toBeGreaterThan(0);
    const ids = new Set<unknown>();
    for (const entry of entries) {
      expect(entry.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      ids.add(entry.id);
      expect(typeof entry.title === "string" && entry.title.length > 0).toBe(true);
      expect(entry.published).toMatch(DATE_TIME);
      expect(entry.updated).toMatch(DATE_TIME);
      expect(String(entry.updated) >= String(entry.published)).toBe(true);
      expect((entry.summary as Record<string, string>)["#text"]?.length).toBeGreaterThan(20);
      const alternate = entry.link.find((link) => link["@rel"] === "alternate");
      expect(alternate?.["@href"]).toMatch(new RegExp(`^${BASE}/`));
      const image = entry.link.find((link) => link["@rel"] === "enclosure");
      expect(image).toEqual({
        "@rel": "enclosure",
        "@type": "image/jpeg",
        "@href": expect.stringMatching(/^https?:\/\/.+\/m\/1200x630\/filters:format\(jpeg\)$/),
      });
      expect(entry["media:thumbnail"]).toEqual({ "@url": image?.["@href"], "@width": "1200", "@height": "630" });
    }
    expect(ids.size).toBe(entries.length); // ids are unique
    expect(feed.updated).toBe(
      entries
        .map((entry) => String(entry.updated))
        .sort()
        .at(-1),
    );
  });

  it("lists every insight published in its language, newest first, each answering 200", async () => {
    const { feed, site } = await feedOf(lang);
    const entries = feed.entry ?? [];
    const urls = entries.map((entry) => entry.link.find((link) => link["@rel"] === "alternate")!["@href"]);
    expect([...urls].sort()).toEqual([...EXPECTED[lang]].sort());
    const published = entries.map((entry) => String(entry.published));
    expect(published).toEqual([...published].sort().reverse());
    for (const url of urls) expect([url, (await site.get(url.slice(BASE.length))).status]).toEqual([url, 200]);
  });

  it("is announced on every page of the language, and on no page of the other", async () => {
    const site = testInstance(testOrigin(), { kv: env.CONTENT_CACHE });
    const other = lang === "nl" ? "en" : "nl";
    for (const path of lang === "nl"
      ? ["/", "/contact", "/insights/meten-wat-ertoe-doet", "/bestaat-niet"]
      : ["/en", "/en/contact", "/en/bestaat-niet"]) {
      const page = await site.get(path);
      const links = page.text.match(/<link rel="alternate" type="application\/atom\+xml"[^>]*>/g);
      const title = lang === "nl" ? "Insights van Koraal" : "Insights from Koraal";
      expect([path, links]).toEqual([
        path,
        [`<link rel="alternate" type="application/atom+xml" title="${title}" href="${BASE}${FEEDS[lang]}"/>`],
      ]);
      expect(page.text).not.toContain(`${BASE}${FEEDS[other]}`);
    }
  });
});

describe("the feed's text", () => {
  it("is XML-escaped: an editor's markup, quotes and control characters stay text", async () => {
    const { atomFeed } = await import("../../src/server/render/atom-feed");
    const hostile = `<script>alert("x")</script> & 'q' ]]> \u0000\u0007\u000b end`;
    const xml = atomFeed({
      lang: "nl",
      id: "urn:uuid:00000000-0000-0000-0000-000000000001",
      title: hostile,
      self: `${BASE}/insights/feed.xml?a=1&b=<2>`,
      page: `${BASE}/insights`,
      updatedFallback: "2026-01-01T00:00:00Z",
      author: hostile,
      entries: [
        {
          id: "urn:uuid:00000000-0000-0000-0000-000000000000",
          url: `${BASE}/insights/x?"y"`,
          title: hostile,
          summary: hostile,
          published: "2026-01-01T00:00:00Z",
          updated: "2026-01-01T00:00:00Z",
          category: hostile,
        },
      ],
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", processEntities: true }).parse(xml).feed;
    const text = `<script>alert("x")</script> & 'q' ]]>  end`;
    expect(feed.title).toBe(text);
    expect(feed.entry.title).toBe(text);
    expect(feed.entry.summary["#text"]).toBe(text);
    expect(feed.entry.category["@term"]).toBe(text);
    expect(feed.link[0]["@href"]).toBe(`${BASE}/insights/feed.xml?a=1&b=<2>`);
  });
});

describe("the feeds' ids", () => {
  it("a translated insight has one id per language, each kept from feed to feed; Dutch keeps the story's uuid", async () => {
    const [nl, en] = [(await feedOf("nl")).feed, (await feedOf("en")).feed];
    const idOf = (entries: Entry[] | undefined, url: string) =>
      entries?.find((entry) => entry.link.some((link) => link["@rel"] === "alternate" && link["@href"] === url))?.id;
    const translated = insights.filter((story) => englishPath(story));
    expect(translated.length).toBeGreaterThan(0);
    for (const story of translated) {
      const dutch = idOf(nl.entry, `${BASE}/${story.full_slug}`);
      const english = idOf(en.entry, `${BASE}/en/${englishPath(story)}`);
      expect(dutch).toBe(`urn:uuid:${story.uuid}`);
      expect(english).toBe(await entryId(story.uuid, "en"));
      expect(english).not.toBe(dutch);
    }
  });

  it("come from the canonical origin only: SITE_URL when set, else a name no Host header changes", async () => {
    expect(await feedId("en", "https://www.koraal.nl")).toBe("https://www.koraal.nl/en/insights/feed.xml");
    expect(await feedId("nl", undefined)).toBe(await feedId("nl", undefined));
    expect(await feedId("nl", undefined)).not.toBe(await feedId("en", undefined));
    const { text } = await feedOf("nl");
    expect(text.match(/<id>[^<]*<\/id>/g)?.filter((id) => id.includes("koraal.test"))).toEqual([]);
  });
});

describe("the feeds' conditional requests", () => {
  it.each(["nl", "en"] as const)(
    "%s: an ETag and a Last-Modified, and a 304 without a body for a reader whose copy is current",
    async (lang) => {
      const site = testInstance(testOrigin(), { kv: env.CONTENT_CACHE });
      const first = await site.get(FEEDS[lang]);
      const etag = first.headers.get("etag") ?? "";
      const lastModified = first.headers.get("last-modified") ?? "";
      expect(etag).toMatch(/^"[0-9a-f]{24}"$/);
      expect(new Date(lastModified).toUTCString()).toBe(lastModified);
      const current: Array<Record<string, string>> = [
        { "If-None-Match": etag },
        { "If-None-Match": `W/${etag}, "other"` },
        { "If-Modified-Since": lastModified },
      ];
      for (const headers of current) {
        const again = await site.get(FEEDS[lang], { headers });
        expect([again.status, again.text, again.headers.get("etag"), again.headers.get("last-modified")]).toEqual([
          304,
          "",
          etag,
          lastModified,
        ]);
        expect(again.headers.get("cache-control")).toBe("public, max-age=300");
      }
      const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
      const stale: Array<Record<string, string>> = [
        { "If-None-Match": '"other"' },
        { "If-Modified-Since": older },
        { "If-None-Match": '"other"', "If-Modified-Since": lastModified },
      ];
      for (const headers of stale) {
        const changed = await site.get(FEEDS[lang], { headers });
        expect([changed.status, changed.text]).toEqual([200, first.text]);
      }
    },
  );
});
