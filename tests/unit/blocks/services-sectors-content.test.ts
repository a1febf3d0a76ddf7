import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import snapshot from "../../../.generated/snapshot.js";
import { walkBloks } from "../../../src/shared/listings/listings";
import type { StoredBlok, StoredStory } from "../../helpers/stored";

// The demo content of the services & sectors blocks, checked as a visitor sees it.
const MY_BLOCKS = [
  "Services",
  "ServiceCard",
  "Sector",
  "Sectors",
  "FeatureBenefits",
  "ArrowList",
  "TextCards",
  "Card",
  "CardsCollection",
  "Cta",
  "TextBanner",
  "TextBlocks",
  "Row",
  "BlocksWithBackgroundImage",
  "SbBackground",
  "SbGradient",
  "Asterisk",
  "Slogan",
];
const SERVICE_PAGES = ["diensten/app-ontwikkeling", "diensten/webontwikkeling", "diensten/product-design"];
const SECTOR_PAGES = ["sectoren/zorg", "sectoren/mobiliteit", "sectoren/financiele-dienstverlening"];
// the listing pages are their folders' start pages: full_slug "diensten/"
const PAGES = ["home", "diensten/", ...SERVICE_PAGES, "sectoren/", ...SECTOR_PAGES];

const stories = snapshot.stories as StoredStory[];
const bySlug = (slug: string) => stories.find((story) => story.full_slug === slug);
const bloksOf = (slug: string): StoredBlok[] => [...walkBloks(bySlug(slug)?.content)];
const get = (path: string) => exports.default.fetch(new Request(`http://www.koraal.test${path}`, { redirect: "manual" }));

describe("services and sectors demo content", () => {
  it("has every story, and uses each of the 18 blocks at least once", () => {
    for (const slug of PAGES) expect(bySlug(slug), slug).toBeDefined();
    const used = new Set(PAGES.flatMap((slug) => bloksOf(slug).map((blok) => blok.component)));
    expect(MY_BLOCKS.filter((name) => !used.has(name))).toEqual([]);
  });

  it("links every ServiceCard to a service detail page", () => {
    const cards = PAGES.flatMap((slug) => bloksOf(slug)).filter((blok) => blok.component === "ServiceCard");
    expect(cards.length).toBeGreaterThanOrEqual(6);
    for (const card of cards) expect(SERVICE_PAGES).toContain((card.link as { cached_url?: string }).cached_url);
  });

  it("gives every sector story the fields its card in the Sectors listing shows", () => {
    for (const slug of SECTOR_PAGES) {
      const content = bySlug(slug)?.content as StoredBlok;
      expect(content.component).toBe("Sector");
      for (const field of ["title", "description", "intro", "cardTitle"]) expect(typeof content[field], `${slug}.${field}`).toBe("string");
      // the embedded space's own assets: an SVG icon, a photo
      expect((content.icon as { filename: string }).filename).toMatch(/^\/_storyblok\/f\/287341\/\d+x\d+\/[0-9a-f]{10}\/icon-.+\.svg$/);
      expect((content.image as { filename: string }).filename).toMatch(/^\/_storyblok\/f\/287341\/\d+x\d+\/[0-9a-f]{10}\/.+\.jpg$/);
    }
  });

  it("keeps a home draft that differs from the published home", () => {
    const draft = (snapshot.drafts as StoredStory[]).find((story) => story.full_slug === "home") as StoredStory;
    const published = bySlug("home") as StoredStory;
    const body = (story: StoredStory) => story.content.body as StoredBlok[];
    expect(draft.uuid).toBe(published.uuid);
    expect(body(draft)).toHaveLength(body(published).length + 1);
    expect(body(draft)[0]?.title).not.toBe(body(published)[0]?.title);
  });

  it("serves every page with status 200 and exactly one h1", async () => {
    for (const slug of PAGES) {
      const res = await get(slug === "home" ? "/" : `/${slug.replace(/\/$/, "")}`);
      expect(res.status, slug).toBe(200);
      const html = await res.text();
      expect(html.match(/<h1[\s>]/g)?.length, slug).toBe(1);
    }
  });

  it("lists the three sectors on /sectoren, in the editor's order", async () => {
    const html = await (await get("/sectoren")).text();
    const links = [...html.matchAll(/<a href="(\/sectoren\/[^"]+)"[^>]*aria-label="Bekijk sector ([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ["/sectoren/zorg", "Zorg"],
      ["/sectoren/mobiliteit", "Mobiliteit"],
      ["/sectoren/financiele-dienstverlening", "Financiële dienstverlening"],
    ]);
  });
});
