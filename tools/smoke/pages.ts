// One page of every page type, found through the sitemap. A visitor's page names its type in
// `<meta name="page-type">` (src/server/render/document.tsx): the site's content types
// (src/shared/pages/page-types.ts). A listing is a `Page` that is a folder's start page: the sitemap
// lists pages below its path. The sitemap's URLs are grouped by folder (a folder's pages share a
// type); one page per folder is fetched in turn, a few at a time, until every type has been
// seen, within a bound. A page that fails without saying its type (a 500) counts for its folder's
// type, learned from a sibling that answered; for a type no page was seen of, the failures no
// folder explains are named in that type's failure.
import { PAGE_TYPES, type PageType } from "../../src/shared/pages/page-types.ts";
import { statusProblem } from "./check.ts";
import { documentProblems, type GraphExpectation, graphProblems, linkHref, metaContent } from "./html.ts";
import type { Site } from "./site.ts";
import { readSitemap } from "./sitemap.ts";

/** Pages fetched at most, whatever the sitemap holds. */
const MAX_PAGES = 40;
/** Pages fetched at once (the site's requests are bounded too: site.ts). */
const BATCH = 4;

export type PageKind = "page" | "listing" | "case" | "insight" | "sector" | "vacancy";

/** The check's name part of each page type; a new page type fails the type check until it has one. */
const KIND_OF_TYPE: Record<PageType, PageKind> = {
  Page: "page",
  Listing: "listing",
  CaseDetail: "case",
  InsightDetail: "insight",
  Sector: "sector",
  Vacancy: "vacancy",
};
export const PAGE_KINDS: readonly PageKind[] = PAGE_TYPES.map((type) => KIND_OF_TYPE[type]);

/** The JSON-LD each kind's page has (src/site/structured-data/graph.ts). */
const GRAPH_OF_KIND: Record<PageKind, Pick<GraphExpectation, "webPageTypes" | "mainType">> = {
  page: {},
  listing: { webPageTypes: ["CollectionPage"] },
  case: { mainType: "Article" },
  insight: { mainType: "BlogPosting" },
  sector: { mainType: "Service" },
  vacancy: { mainType: "JobPosting" },
};

interface Folder {
  paths: string[];
  /** The folders' start pages, all in one group: a listing's type is told by its path. */
  listing: boolean;
  /** Learned from the first of its pages that said its type. */
  kind?: PageKind;
  fetched: number;
}

interface PageResult {
  path: string;
  folder: Folder;
  /** From the page itself; absent when it did not say (an error, a page without the marker). */
  kind?: PageKind;
  problems: string[];
}

export interface PageOutcome {
  check: string;
  url: string;
  problems: string[];
}

/** One outcome per page kind, `page:<kind>`, and `page:unclassified` for failures no type explains. */
export async function pageOutcomes(site: Site): Promise<PageOutcome[]> {
  const sitemap = await readSitemap(site);
  const paths = sitemap.urls.filter((url) => url.startsWith(`${site.origin}/`)).map((url) => url.slice(site.origin.length));
  if (!paths.length) {
    const why = `no sitemap pages to check (${sitemap.problems.join("; ") || "none listed"})`;
    return PAGE_KINDS.map((kind) => ({ check: `page:${kind}`, url: site.url("/sitemap.xml"), problems: [why] }));
  }
  const results = await fetchPages(site, folders(paths));
  return outcomes(site, results, paths.length);
}

const HOMES = new Set(["/", "/en"]);

/** The sitemap's pages but the homes (checked on their own), by folder; the start pages of folders in one group first. */
function folders(paths: string[]): Folder[] {
  const pages = paths.filter((path) => !HOMES.has(path));
  const parentOf = (path: string) => path.slice(0, path.lastIndexOf("/"));
  const starts = new Set(pages.map(parentOf).filter((parent) => pages.includes(parent)));
  const listing: Folder = { paths: pages.filter((path) => starts.has(path)), listing: true, fetched: 0 };
  const byParent = new Map<string, Folder>();
  for (const path of pages.filter((page) => !starts.has(page))) {
    const folder = byParent.get(parentOf(path)) ?? { paths: [], listing: false, fetched: 0 };
    folder.paths.push(path);
    byParent.set(parentOf(path), folder);
  }
  return [listing, ...byParent.values()].filter((folder) => folder.paths.length);
}

async function fetchPages(site: Site, groups: Folder[]): Promise<PageResult[]> {
  const results: PageResult[] = [];
  while (results.length < MAX_PAGES && !settled(results)) {
    const batch = nextBatch(groups, Math.min(BATCH, MAX_PAGES - results.length));
    if (!batch.length) break;
    for (const result of await Promise.all(batch.map(({ folder, path }) => checkPage(site, folder, path)))) {
      results.push(result);
      if (result.kind && !result.folder.kind) result.folder.kind = result.kind;
    }
  }
  return results;
}

/** Every kind seen, and no failure left that a sibling could still explain. */
function settled(results: PageResult[]): boolean {
  const seen = new Set(results.map((result) => result.kind));
  if (!PAGE_KINDS.every((kind) => seen.has(kind))) return false;
  return results.every((result) => kindOf(result) !== undefined || result.folder.fetched === result.folder.paths.length);
}

/** The next pages: from the folders whose type is not known yet, the least fetched first. */
function nextBatch(groups: Folder[], size: number): Array<{ folder: Folder; path: string }> {
  const batch: Array<{ folder: Folder; path: string }> = [];
  while (batch.length < size) {
    const open = groups.filter((folder) => !folder.kind && folder.fetched < folder.paths.length);
    if (!open.length) break;
    const folder = open.reduce((least, candidate) => (candidate.fetched < least.fetched ? candidate : least));
    batch.push({ folder, path: folder.paths[folder.fetched++]! });
  }
  return batch;
}

/** The kind a result counts for: its own, else a listing's by its path, else its folder's. */
const kindOf = (result: PageResult): PageKind | undefined => result.kind ?? (result.folder.listing ? "listing" : result.folder.kind);

async function checkPage(site: Site, folder: Folder, path: string): Promise<PageResult> {
  try {
    const answer = await site.get(path);
    if (answer.status !== 200) return { path, folder, problems: [statusProblem(answer, 200)] };
    const type = metaContent(answer.text, "page-type");
    if (!PAGE_TYPES.includes(type as PageType)) return { path, folder, problems: [`<meta name="page-type"> is ${type ?? "missing"}`] };
    const kind = type === "Page" && folder.listing ? "listing" : KIND_OF_TYPE[type as PageType];
    const lang = path === "/en" || path.startsWith("/en/") ? "en" : "nl";
    const canonical = site.origin + path;
    const problems = documentProblems(answer, lang);
    const canonicalHref = linkHref(answer.text, { rel: "canonical" });
    if (canonicalHref !== canonical) problems.push(`canonical link is ${canonicalHref ?? "missing"}, not ${canonical}`);
    problems.push(...graphProblems(answer.text, { canonical, lang, ...GRAPH_OF_KIND[kind] }));
    return { path, folder, kind, problems };
  } catch (error) {
    return { path, folder, problems: [(error as Error).message] };
  }
}

function outcomes(site: Site, results: PageResult[], listed: number): PageOutcome[] {
  const unexplained = results.filter((result) => kindOf(result) === undefined);
  const describe = (result: PageResult) => `${result.path}: ${result.problems.join("; ")}`;
  const missing = PAGE_KINDS.filter((kind) => !results.some((result) => result.kind === kind));
  const perKind = PAGE_KINDS.map((kind): PageOutcome => {
    const failed = results.filter((result) => kindOf(result) === kind && result.problems.length);
    if (failed.length) {
      const more =
        failed.length > 1 ? [`and ${failed.length - 1} more ${kind} pages: ${failed.slice(1, 4).map(describe).join(" | ")}`] : [];
      return { check: `page:${kind}`, url: site.url(failed[0]!.path), problems: [...failed[0]!.problems, ...more] };
    }
    const passed = results.find((result) => result.kind === kind);
    if (passed) return { check: `page:${kind}`, url: site.url(passed.path), problems: [] };
    const notFound = `no ${kind} page among the ${results.length} of ${listed} sitemap pages fetched`;
    return {
      check: `page:${kind}`,
      url: site.url("/sitemap.xml"),
      problems: [notFound, ...unexplained.map((result) => `failed: ${describe(result)}`)],
    };
  });
  // failures of an unknown type are in a missing type's failure above; otherwise they stand alone
  if (!unexplained.length || missing.length) return perKind;
  return [...perKind, { check: "page:unclassified", url: site.url(unexplained[0]!.path), problems: unexplained.map(describe) }];
}
