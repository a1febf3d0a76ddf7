import { describe, expect, it } from "vitest";
import snapshot from "../../../.generated/snapshot.js";
import { listingQuery } from "../../../src/shared/listings/listing-queries";
import type { StoredBlok, StoredStory } from "../../helpers/stored";
import { renderBlok } from "../../helpers/render";
import { listingOf } from "../../helpers/story-fixture";

/**
 * Listings leave out the fields no card shows (`excluding_fields`, listing-queries.ts). A card that
 * starts reading one of them would quietly render without it: every listing block renders the
 * demo space's stories the same with those fields and without them.
 */
describe("a listing's cards read none of the fields the listing leaves out", () => {
  it.each(["Cases", "Insights", "Sectors", "Vacancies"])("%s", async (block) => {
    const blok = { _uid: "listing-1", component: block } as StoredBlok;
    const query = listingQuery(blok);
    const excluded = query?.excluding_fields?.split(",") ?? [];
    expect(excluded.length).toBeGreaterThan(0);
    const stories = (snapshot.stories as StoredStory[]).filter((story) => story.content.component === query?.content_type);
    expect(stories.length).toBeGreaterThan(1);
    for (const field of excluded)
      expect(
        stories.some((story) => field in story.content),
        field,
      ).toBe(true);
    const without = stories.map((story) => ({
      ...story,
      content: Object.fromEntries(Object.entries(story.content).filter(([field]) => !excluded.includes(field))) as StoredBlok,
    }));
    const full = await renderBlok(blok, { listings: { "listing-1": listingOf(stories) } });
    const trimmed = await renderBlok(blok, { listings: { "listing-1": listingOf(without) } });
    expect(full.logs).toEqual([]);
    expect(trimmed.html).toBe(full.html);
  });
});
