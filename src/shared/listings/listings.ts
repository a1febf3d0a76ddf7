import type { Blok, ListParams, Story } from "../content";

/**
 * Listing blocks show stories named by their query (listing-queries.ts); the content layer loads
 * them for the page route (blocks never fetch), which hands each block a promise, so a slow
 * listing streams in after the rest of the page.
 */
export interface Listing {
  stories: Story[];
  total: number;
  perPage: number;
  page: number;
}

export type ListingQuery = Pick<
  ListParams,
  "starts_with" | "is_startpage" | "content_type" | "sort_by" | "per_page" | "excluding_slugs" | "excluding_fields"
>;

/** Every blok in a content tree, depth first (nested block lists and rich text `blok` nodes alike). */
export function* walkBloks(value: unknown): Generator<Blok> {
  if (Array.isArray(value)) {
    for (const item of value) yield* walkBloks(item);
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (isBlok(record)) yield record;
    for (const key of Object.keys(record)) {
      // resolved relations are whole stories: their content belongs to another page
      if (key === "content" && "full_slug" in record) continue;
      yield* walkBloks(record[key]);
    }
  }
}

function isBlok(record: Record<string, unknown>): record is Record<string, unknown> & Blok {
  return typeof record.component === "string" && typeof record._uid === "string";
}

/** `?pagina=2` pages every listing on the page; anything else is page 1. */
export function listingPage(search: URLSearchParams): number {
  const raw = search.get("pagina");
  const page = raw && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}

export function pageCount(listing: Listing): number {
  return Math.max(1, Math.ceil(listing.total / Math.max(1, listing.perPage)));
}

/** A number field arrives as a string ("3"); anything that is not a sensible page size means "no limit". */
export function listingLimit(value: unknown): number | undefined {
  const limit = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, 100) : undefined;
}

/** Stories per page of a listing block: its `limit` field, 25 when empty. */
export function perPage(limit: unknown): number {
  return listingLimit(limit) ?? 25;
}

/** Whether a listed or related story holds the given content type (and can be linked to). */
export function isStoryOf<T extends Blok>(component: T["component"]) {
  return (story: unknown): story is Story<T> =>
    typeof story === "object" &&
    story !== null &&
    (story as Story).content?.component === component &&
    typeof (story as Story).full_slug === "string";
}

/**
 * A promise that says whether it has settled, in React's own convention (`status` and `value` on
 * the thenable): React's `use` reads a fulfilled one without suspending, so listings that arrive
 * before rendering starts are rendered in place, in document order, instead of being streamed in
 * by script. Its own code reads `status` through this type too.
 */
export type Readable<T> = Promise<T> & { status: "pending" | "fulfilled"; value?: T };

/** `promise`, marked as React reads it (`Readable`): no second promise is made. */
export function readable<T>(promise: Promise<T>): Readable<T> {
  const tracked: Readable<T> = Object.assign(promise, { status: "pending" as Readable<T>["status"] });
  promise.then((value) => {
    tracked.status = "fulfilled";
    tracked.value = value;
  });
  return tracked;
}
