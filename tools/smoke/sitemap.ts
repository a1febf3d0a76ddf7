// /sitemap.xml, read once per run: its own check, and where the page checks find their pages. A
// sitemap index is followed to a few of its sitemaps; reading stops at a bound of bytes and URLs
// (the protocol allows 50,000 URLs per file; this site lists ~50).
import { XMLParser } from "fast-xml-parser";
import { type Check, parseXml, statusProblem } from "./check.ts";
import type { Answer } from "./http.ts";
import type { Site } from "./site.ts";

const MAX_SITEMAP_BYTES = 10 * 1024 * 1024;
/** Of a sitemap index, the sitemaps read. */
const MAX_CHILD_SITEMAPS = 5;
/** URLs kept: far more than the page checks can fetch, enough to find every page type. */
const MAX_URLS = 10_000;

export interface SitemapRead {
  /** Every `<loc>` read, in order. */
  urls: string[];
  problems: string[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (name) => name === "url" || name === "sitemap" || name === "xhtml:link",
});

type XmlNode = Record<string, unknown>;

export function readSitemap(site: Site): Promise<SitemapRead> {
  return site.once("sitemap", () => read(site));
}

async function read(site: Site): Promise<SitemapRead> {
  const top = await readOne(site, "/sitemap.xml");
  if ("problem" in top) return { urls: [], problems: [top.problem] };
  const index = top.doc.sitemapindex as XmlNode | undefined;
  if (!index) return checked(site, urlsOf(top.doc));
  const children = ((index.sitemap as XmlNode[] | undefined) ?? []).map((entry) => String(entry.loc ?? ""));
  const problems = offOrigin(site, children, "sitemap index");
  const entries: Array<{ loc: string; alternates: string[] }> = [];
  for (const child of children.filter((loc) => loc.startsWith(`${site.origin}/`)).slice(0, MAX_CHILD_SITEMAPS)) {
    const path = new URL(child).pathname + new URL(child).search;
    const one = await readOne(site, path);
    if ("problem" in one) problems.push(`${path}: ${one.problem}`);
    else entries.push(...urlsOf(one.doc));
  }
  const result = checked(site, entries);
  return { urls: result.urls, problems: [...problems, ...result.problems] };
}

async function readOne(site: Site, path: string): Promise<{ doc: XmlNode } | { problem: string }> {
  let answer: Answer;
  try {
    answer = await site.get(path, MAX_SITEMAP_BYTES);
  } catch (error) {
    return { problem: (error as Error).message };
  }
  if (answer.status !== 200) return { problem: statusProblem(answer, 200) };
  const type = answer.headers.get("content-type") ?? "";
  if (!/^(application|text)\/xml\b/i.test(type)) return { problem: `content-type is "${type}", not application/xml` };
  const parsed = parseXml(answer.text, parser);
  if ("problem" in parsed) return parsed;
  if (!parsed.doc.urlset && !parsed.doc.sitemapindex) return { problem: "neither a <urlset> nor a <sitemapindex>" };
  return parsed;
}

/** The page URLs of a `<urlset>` with their language alternates' URLs (checked, not kept). */
function urlsOf(doc: XmlNode): Array<{ loc: string; alternates: string[] }> {
  const entries = ((doc.urlset as XmlNode | undefined)?.url as XmlNode[] | undefined) ?? [];
  return entries.slice(0, MAX_URLS).map((entry) => ({
    loc: String(entry.loc ?? ""),
    alternates: ((entry["xhtml:link"] as XmlNode[] | undefined) ?? []).map((link) => String(link["@href"] ?? "")),
  }));
}

function checked(site: Site, entries: Array<{ loc: string; alternates: string[] }>): SitemapRead {
  const urls = entries.map((entry) => entry.loc);
  const problems = [
    ...offOrigin(site, urls, "<loc>"),
    ...offOrigin(
      site,
      entries.flatMap((entry) => entry.alternates),
      "alternate",
    ),
  ];
  if (!urls.length) problems.push("lists no URL");
  const duplicates = urls.filter((url, i) => urls.indexOf(url) !== i);
  if (duplicates.length) problems.push(`lists ${duplicates.slice(0, 3).join(", ")} more than once`);
  if (urls.length && !urls.includes(`${site.origin}/`)) problems.push(`does not list home (${site.origin}/)`);
  return { urls, problems };
}

/** A URL of the sitemap that is not on the site's origin. */
function offOrigin(site: Site, urls: string[], what: string): string[] {
  const off = urls.filter((url) => !url.startsWith(`${site.origin}/`));
  return off.length ? [`${off.length} ${what} URLs not on ${site.origin}, e.g. ${off.slice(0, 3).join(", ")}`] : [];
}

export const sitemapCheck: Check = {
  name: "sitemap",
  path: "/sitemap.xml",
  run: async (site) => (await readSitemap(site)).problems,
};
