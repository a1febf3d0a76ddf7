import { describe, expect, it } from "vitest";
import type { Content } from "../../src/server/content";
import { pageListings, type PageRequest } from "../../src/server/content/page";
import { pageIndex } from "../../src/server/content/routable";
import type { Story } from "../../src/shared/content";
import type { Listing } from "../../src/shared/listings/listings";
import { linkEntry } from "../helpers/link-entry";
import { storyOf } from "../helpers/story-fixture";

// A listing of vacancies is paged after the closed ones are left out (the query itself reads the
// whole listing: src/shared/listings/listing-queries.ts `listingRead`): a closed vacancy on page 1 never
// leaves that page empty, and the total is the same on every page.

const NOW = Date.parse("2026-06-01T12:00:00Z");
const vacancy = (slug: string, validThrough: string) =>
  storyOf(`vacatures/${slug}`, { _uid: slug, component: "Vacancy", title: slug, validThrough }) as unknown as Story;
const VACANCIES = [
  vacancy("gesloten", "2026-05-01 17:00"),
  vacancy("designer", "2026-12-31 17:00"),
  vacancy("developer", "2027-01-31 17:00"),
];

/** The content layer over these stories, paging as Storyblok does. */
const content = {
  stories: async (params: { page?: number; per_page?: number }) => {
    const perPage = params.per_page ?? 25;
    const page = params.page ?? 1;
    const stories = VACANCIES.slice((page - 1) * perPage, page * perPage);
    return { value: { stories, rels: [], total: VACANCIES.length, perPage }, source: "hit" as const };
  },
} as unknown as Content;

const page = {
  content: { _uid: "p", component: "Page", body: [{ _uid: "list", component: "Vacancies", limit: "1" }] },
} as unknown as Story;
const logger = { error: () => {} } as never;

/** The links list's pages: the vacancies (`published` leaves one out: unpublished since its listing was read). */
const indexOf = (published = VACANCIES) => pageIndex(published.map((story) => linkEntry(story.full_slug, { uuid: story.uuid })));

async function listingPage(listingPage: number, index = indexOf()): Promise<Listing> {
  const request: PageRequest = { slug: "vacatures/", lang: "nl", version: "published", index, listingPage, now: NOW };
  return (await pageListings(content, page, request, logger, new Set()).byUid.get("list")) as Listing;
}

describe("a vacancies listing, one per page, whose first vacancy has closed", () => {
  it("shows the open ones on pages 1 and 2, with the same total of 2 on each; page 3 is empty", async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => listingPage(n)));
    expect(pages.map((listing) => [listing.stories.map((story) => story.slug), listing.total, listing.perPage])).toEqual([
      [["designer"], 2, 1],
      [["developer"], 2, 1],
      [[], 2, 1],
    ]);
  });
});

describe("a listing read before a story in it was unpublished (its last-known-good copy)", () => {
  it("leaves that story out: no card links a page that is gone, and the total counts what is shown", async () => {
    const pages = await Promise.all([1, 2].map((n) => listingPage(n, indexOf([VACANCIES[0]!, VACANCIES[2]!]))));
    expect(pages.map((listing) => [listing.stories.map((story) => story.slug), listing.total])).toEqual([
      [["developer"], 1],
      [[], 1],
    ]);
  });
});
