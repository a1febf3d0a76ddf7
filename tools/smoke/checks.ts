// The checks of one path each: home in both languages, indexing, the security headers, robots.txt,
// the feeds, the 404 screen and the two APIs' harmless probes. Each says what is wrong, one
// sentence per fault; none passes on a status alone.
import { XMLParser } from "fast-xml-parser";
import { homePath, LANGS, type Lang, localisedPath } from "../../src/shared/i18n/lang.ts";
import { NEWSLETTER_API_PATH } from "../../src/shared/newsletter.ts";
import { VITALS_PATH } from "../../src/shared/vitals.ts";
import { type Check, parseXml, statusProblem } from "./check.ts";
import { headerChecks } from "./headers.ts";
import { documentProblems, graphProblems, jsonLdTexts, linkHref, metaContent, startTags } from "./html.ts";
import type { Answer } from "./http.ts";
import { MAX_SMALL_BYTES } from "./site.ts";

/** Every check of one path, a fresh unknown path for the 404s each run. */
export function pathChecks(unknownSlug: string): Check[] {
  return [
    ...LANGS.map(homeCheck),
    indexingCheck,
    ...headerChecks,
    robotsCheck,
    ...LANGS.map(feedCheck),
    ...LANGS.map((lang) => notFoundCheck(lang, localisedPath(lang, `/${unknownSlug}`))),
    newsletterCheck,
    vitalsCheck,
  ];
}

export const feedPath = (lang: Lang): string => localisedPath(lang, "/insights/feed.xml");

function homeCheck(lang: Lang): Check {
  const path = homePath(lang);
  return {
    name: `home:${lang}`,
    path,
    run: async (site) => {
      const answer = await site.get(path);
      if (answer.status !== 200) return [statusProblem(answer, 200)];
      const canonical = site.origin + path;
      const problems = documentProblems(answer, lang);
      if (metaContent(answer.text, "page-type") !== "Page") problems.push(`<meta name="page-type"> is not "Page"`);
      const canonicalHref = linkHref(answer.text, { rel: "canonical" });
      if (canonicalHref !== canonical) problems.push(`canonical link is ${canonicalHref ?? "missing"}, not ${canonical}`);
      const feed = linkHref(answer.text, { rel: "alternate", type: "application/atom+xml" });
      if (feed !== site.origin + feedPath(lang))
        problems.push(`the feed link is ${feed ?? "missing"}, not ${site.origin + feedPath(lang)}`);
      return [...problems, ...graphProblems(answer.text, { canonical, lang, webPageTypes: ["WebPage"] })];
    },
  };
}

/** Preview hosts are never indexed (meta robots and X-Robots-Tag); any other host is. */
const indexingCheck: Check = {
  name: "indexing",
  path: "/",
  run: async (site) => {
    const answer = await site.get("/");
    if (answer.status !== 200) return [statusProblem(answer, 200)];
    const meta = metaContent(answer.text, "robots");
    const header = answer.headers.get("x-robots-tag") ?? "";
    const [wantMeta, headerNoindex] = site.preview ? ["noindex,nofollow", true] : ["index,follow", false];
    const problems: string[] = [];
    if (meta !== wantMeta) problems.push(`<meta name="robots"> is ${meta === undefined ? "missing" : `"${meta}"`}, not "${wantMeta}"`);
    if (/noindex/i.test(header) !== headerNoindex) problems.push(`X-Robots-Tag is "${header}"${headerNoindex ? ", without noindex" : ""}`);
    return problems;
  },
};

/** robots.txt: a preview host disallows everything; any other host allows crawling and names its sitemap. */
const robotsCheck: Check = {
  name: "robots",
  path: "/robots.txt",
  run: async (site) => {
    const answer = await site.get("/robots.txt", MAX_SMALL_BYTES);
    if (answer.status !== 200) return [statusProblem(answer, 200)];
    const problems: string[] = [];
    if (!/^text\/plain\b/i.test(answer.headers.get("content-type") ?? "")) problems.push("not text/plain");
    const rules = robotsRules(answer.text);
    const sitemap = `${site.origin}/sitemap.xml`;
    if (site.preview && !rules.disallowsAll) problems.push(`a preview host (${site.base.host}) must disallow everything for User-agent: *`);
    if (!site.preview && rules.disallowsAll)
      problems.push(`disallows everything for User-agent: * on ${site.base.host}, not a preview host`);
    if (!site.preview && !rules.sitemaps.includes(sitemap))
      problems.push(`names no Sitemap: ${sitemap} (has: ${rules.sitemaps.join(", ") || "none"})`);
    return problems;
  },
};

/** Whether the group for every crawler disallows the whole site, and the sitemaps named. */
export function robotsRules(text: string): { disallowsAll: boolean; sitemaps: string[] } {
  let agents: string[] = [];
  let inAgentLines = false;
  let disallowsAll = false;
  const sitemaps: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, "").trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "user-agent") {
      // consecutive User-agent lines share the rules below them
      agents = inAgentLines ? [...agents, value.toLowerCase()] : [value.toLowerCase()];
      inAgentLines = true;
      continue;
    }
    inAgentLines = false;
    if (key === "sitemap") sitemaps.push(value);
    if (key === "disallow" && value === "/" && agents.includes("*")) disallowsAll = true;
  }
  return { disallowsAll, sitemaps };
}

const atom = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (name) => name === "entry" || name === "link",
});

type XmlNode = Record<string, unknown>;
const textOf = (value: unknown): string =>
  typeof value === "string"
    ? value
    : typeof (value as XmlNode | undefined)?.["#text"] === "string"
      ? ((value as XmlNode)["#text"] as string)
      : "";
const hrefOf = (links: unknown, rel: string): string | undefined =>
  ((links as XmlNode[] | undefined) ?? []).find((link) => (link["@rel"] ?? "alternate") === rel)?.["@href"] as string | undefined;

/** The insights feed (`src/server/render/atom-feed.ts`): Atom in the language, its links on the site's origin. */
function feedCheck(lang: Lang): Check {
  const path = feedPath(lang);
  return {
    name: `feed:${lang}`,
    path,
    run: async (site) => {
      const answer = await site.get(path);
      if (answer.status !== 200) return [statusProblem(answer, 200)];
      const type = answer.headers.get("content-type") ?? "";
      if (!/^application\/atom\+xml\b/i.test(type)) return [`content-type is "${type}", not application/atom+xml`];
      const parsed = parseXml(answer.text, atom);
      if ("problem" in parsed) return [parsed.problem];
      const feed = parsed.doc.feed as XmlNode | undefined;
      if (!feed) return ["the root element is not <feed>"];
      return feedProblems(feed, lang, site.origin, path);
    },
  };
}

function feedProblems(feed: XmlNode, lang: Lang, origin: string, path: string): string[] {
  const problems: string[] = [];
  if (feed["@xmlns"] !== "http://www.w3.org/2005/Atom") problems.push("not in the Atom namespace");
  if (feed["@xml:lang"] !== lang) problems.push(`xml:lang is ${JSON.stringify(feed["@xml:lang"])}, not "${lang}"`);
  for (const field of ["id", "title", "updated"]) if (!textOf(feed[field])) problems.push(`the feed has no <${field}>`);
  const self = hrefOf(feed.link, "self");
  if (self !== origin + path) problems.push(`its self link is ${self ?? "missing"}, not ${origin + path}`);
  const pages = origin + (lang === "nl" ? "/" : `${homePath(lang)}/`);
  for (const [index, entry] of ((feed.entry as XmlNode[] | undefined) ?? []).entries()) {
    const href = hrefOf(entry.link, "alternate") ?? "";
    const missing = ["id", "title", "updated"].filter((field) => !textOf(entry[field]));
    if (missing.length) problems.push(`entry ${index + 1} has no ${missing.join(", ")}`);
    if (!href.startsWith(pages) || (lang === "nl" && href.startsWith(`${origin}/en/`)))
      problems.push(`entry ${index + 1} links to ${href || "nothing"}`);
  }
  return problems;
}

/** An unknown path: the error screen in the path's language, 404, never indexed or stored. */
function notFoundCheck(lang: Lang, path: string): Check {
  return {
    name: `not-found:${lang}`,
    path,
    run: async (site) => {
      const answer = await site.get(path);
      if (answer.status !== 404) return [statusProblem(answer, 404)];
      const problems = documentProblems(answer, lang);
      const title = startTags(answer.text, "h1").some((tag) => tag.id === "error-title");
      if (!title || !/>404</.test(answer.text)) problems.push("not the error screen (no 404 heading)");
      const robots = metaContent(answer.text, "robots");
      if (robots !== "noindex,nofollow") problems.push(`<meta name="robots"> is ${robots ?? "missing"}, not "noindex,nofollow"`);
      if (jsonLdTexts(answer.text).length) problems.push("has JSON-LD (an error screen is no page)");
      if (linkHref(answer.text, { rel: "canonical" })) problems.push("names a canonical URL");
      if (!/no-store/.test(answer.headers.get("cache-control") ?? "")) problems.push("Cache-Control is not no-store");
      return problems;
    },
  };
}

/** The JSON answer an API probe must get: status and `{message}` exactly. */
function apiAnswerProblems(answer: Answer, status: number, message: string): string[] {
  if (answer.status !== status) return [`${statusProblem(answer, status)}: ${answer.text.slice(0, 200)}`];
  const type = answer.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) return [`content-type is "${type}", not application/json`];
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [`not JSON: ${answer.text.slice(0, 200)}`];
  }
  if (JSON.stringify(body) !== JSON.stringify({ message })) return [`answered ${answer.text.slice(0, 200)}, not {"message":"${message}"}`];
  return /no-store/.test(answer.headers.get("cache-control") ?? "") ? [] : ["Cache-Control is not no-store"];
}

/**
 * An address that is no address: refused by the signup's first step (src/server/newsletter/signup.ts),
 * before the per-client rate limit and before anything is stored. Dutch, as no page is named.
 */
const newsletterCheck: Check = {
  name: "newsletter",
  path: NEWSLETTER_API_PATH,
  run: async (site) => {
    const answer = await site.post(
      NEWSLETTER_API_PATH,
      { "content-type": "application/json" },
      JSON.stringify({ email: "smoke-check.invalid" }),
    );
    return apiAnswerProblems(answer, 400, "Vul een geldig e-mailadres in");
  },
};

/**
 * A beacon of a page type the site does not have: refused before the site-wide limit and any
 * write (src/server/routes/vitals.ts). It counts against the sender's own per-client limit only
 * (30 a minute): the checker's, never a visitor's.
 */
const vitalsCheck: Check = {
  name: "vitals",
  path: VITALS_PATH,
  run: async (site) => {
    const beacon = {
      pageType: "SmokeCheck",
      lang: "nl",
      build: "0000000000",
      navigation: "navigate",
      device: "mobile",
      connection: "4g",
      LCP: 1,
    };
    const answer = await site.post(VITALS_PATH, { "content-type": "text/plain;charset=UTF-8" }, JSON.stringify(beacon));
    return apiAnswerProblems(answer, 400, "Not a beacon: unknown page type.");
  },
};
