import type { ComponentName, ModelContent } from "../../../content-model/types.ts";
import type { Blok } from "../content";
import { perPage, type ListingQuery } from "./listings";

/**
 * The listing blocks: the blocks that show stories the content layer loads for them. Their names
 * are the table's keys below; each blok is typed as the content model stores it.
 */
type ListingName = "Cases" | "Insights" | "Sectors" | "Team" | "Vacancies";
type ListingBlokOf<Name extends ListingName> = ModelContent<Name> & { component: Name; _uid: string };
type ListingBlok = { [Name in ListingName]: ListingBlokOf<Name> }[ListingName];

/**
 * Fields of a content type that no card of it reads, left out of its listings (`excluding_fields`):
 * a listing of three cases carried each case's story, results and related cases (whole stories,
 * resolved): 366 KB to read from KV and parse on a fresh isolate, for cards that show a title, an
 * image and a line of text.
 */
function notOnCards<Name extends ComponentName>(...fields: Array<Extract<keyof ModelContent<Name>, string>>): string {
  return fields.join(",");
}

/**
 * Which stories each listing block shows, by block name. A listing never shows its folder's start
 * page (the overview page it is on): `is_startpage: false`. Keyed by each blok's own `component`,
 * so a key that names no component of the content model, or a query reading a field its blok does
 * not have, fails to compile. The server loads what it names; the site knows a listing block by it.
 */
const LISTING_QUERIES: { [Name in ListingName]: (blok: ListingBlokOf<Name>) => ListingQuery } = {
  Cases: (blok) => ({
    starts_with: "cases/",
    is_startpage: false,
    content_type: "CaseDetail",
    sort_by: "first_published_at:desc",
    per_page: perPage(blok.limit),
    excluding_fields: notOnCards<"CaseDetail">("body", "results", "related"),
  }),
  Insights: (blok) => ({
    starts_with: "insights/",
    is_startpage: false,
    content_type: "InsightDetail",
    sort_by: "first_published_at:desc",
    per_page: perPage(blok.limit),
    excluding_fields: notOnCards<"InsightDetail">("body"),
  }),
  Sectors: (blok) => ({
    starts_with: "sectoren/",
    is_startpage: false,
    content_type: "Sector",
    sort_by: "position:asc",
    per_page: perPage(blok.limit),
    excluding_fields: notOnCards<"Sector">("body"),
  }),
  Team: (blok) => ({
    starts_with: "team/",
    is_startpage: false,
    content_type: "TeamMember",
    sort_by: "position:asc",
    per_page: perPage(blok.limit),
  }),
  Vacancies: (blok) => ({
    starts_with: "vacatures/",
    is_startpage: false,
    content_type: "Vacancy",
    sort_by: "position:asc",
    per_page: perPage(blok.limit),
    excluding_fields: notOnCards<"Vacancy">("body", "contactPerson"),
  }),
};

/** Whether a blok is a listing block's: the table names its component. */
export function isListingBlok(blok: Blok): blok is ListingBlok {
  return Object.hasOwn(LISTING_QUERIES, blok.component);
}

/** The listing a blok asks for, if its block is a listing block. */
export function listingQuery(blok: Blok): ListingQuery | undefined {
  return isListingBlok(blok) ? queryOf(blok.component, blok) : undefined;
}

function queryOf<Name extends ListingName>(name: Name, blok: ListingBlokOf<Name>): ListingQuery {
  return LISTING_QUERIES[name](blok);
}

/**
 * Every vacancy with its closing date and nothing a card shows: what the sitemap leaves out once a
 * vacancy has closed. One page of at most 100 (a site with more open vacancies lists the rest
 * until they close).
 */
export const VACANCY_CLOSING_QUERY: ListingQuery = {
  content_type: "Vacancy",
  is_startpage: false,
  sort_by: "position:asc",
  per_page: 100,
  excluding_fields: notOnCards<"Vacancy">("body", "contactPerson", "intro", "image", "description", "applyLink", "applyText"),
};

/** How many stories a listing that closes by the clock reads at once: Storyblok's largest page. */
export const WHOLE_LISTING = 100;

/**
 * A listing whose stories close by the clock (vacancies) is read whole, one page of at most 100
 * from the cache, and paged after the closed ones are left out: its total and its pages are
 * those of the open stories (a closed vacancy on page 1 never leaves that page short or empty).
 */
export function closesByClock(query: ListingQuery): boolean {
  return query.content_type === "Vacancy";
}

/** What is read from the content layer for page `page` of a listing: the whole listing when it closes by the clock. */
export function listingRead(query: ListingQuery, page: number): ListingQuery & { page: number } {
  return closesByClock(query) ? { ...query, per_page: WHOLE_LISTING, page: 1 } : { ...query, page };
}
