import type { CasesBlok } from "./cases";
import type { InsightsBlok } from "./insights";
import { perPage, type ListingQuery } from "./listings";
import type { SectorsBlok } from "./sectors";
import type { TeamBlok } from "./team";
import type { Blok, BlokOf, ComponentName } from "./types";
import type { VacanciesBlok } from "./vacancies";

/** The bloks of the listing blocks: the blocks that show stories the page route loads for them. */
type ListingBlok = CasesBlok | InsightsBlok | SectorsBlok | TeamBlok | VacanciesBlok;
type ListingName = ListingBlok["component"];
type ListingBlokOf<Name extends ListingName> = Extract<ListingBlok, { component: Name }>;

/**
 * Fields of a content type that no card of it reads, left out of its listings (`excluding_fields`):
 * a listing of three cases carried each case's story, results and related cases (whole stories,
 * resolved): 366 KB to read from KV and parse on a fresh isolate, for cards that show a title, an
 * image and a line of text.
 */
function notOnCards<Name extends ComponentName>(...fields: Array<Extract<keyof BlokOf<Name>, string>>): string {
  return fields.join(",");
}

/**
 * Which stories each listing block shows, by block name. A listing never shows its folder's start
 * page (the overview page it is on): `is_startpage: false`. Keyed by each blok's own `component`, so
 * a key that names no listing block, or a query typed with another block's blok, fails to compile.
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
