import { describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { ITEM_COMPONENTS } from "../../src/site/blocks/items";
import { walkBloks } from "../../src/shared/listings/listings";
import { listingQuery } from "../../src/shared/listings/listing-queries";
import { registry } from "../../src/site/blocks/registry";

// The spec's list of content block types, verbatim (spec.md, "Content block types a page may contain").
const SPEC_BLOCKS =
  "Asterisk, Card, CarouselItem, Customer, CustomerQuote, LinkedList, PageTitle, RichText, SbBackground, SbGradient, Sector, Services, Slogan, Spacer, TeamMember, Text, Vacancy, VideoAsset, FullWidthImage, Cta, ImageAsset, ImageGroup, Row, ServiceCard, TeamImage, TextBanner, TextBlocks, TwMenu, ArrowList, BlocksWithBackgroundImage, CardsCollection, Carousel, Cases, CodeBlock, Contact, CustomerList, FeatureBenefits, HeroBanner, ImageTrio, Insights, MultiParagraphsContent, Sectors, Team, TextCards, TwFooter, Vacancies, CaseDetail, InsightDetail, Page".split(
    ", ",
  );

describe("block registry", () => {
  it("holds exactly the 49 blocks of the spec", () => {
    expect(SPEC_BLOCKS).toHaveLength(49);
    expect(Object.keys(registry).sort()).toEqual([...SPEC_BLOCKS].sort());
  });

  it("knows every component used in the embedded content", () => {
    const used = new Set<string>();
    for (const story of [...snapshot.stories, ...snapshot.drafts]) for (const blok of walkBloks(story.content)) used.add(blok.component);
    const unknown = [...used].filter((name) => !(name in registry) && !(name in ITEM_COMPONENTS));
    expect(unknown).toEqual([]);
  });

  it("has no item schema that shadows a block", () => {
    expect(Object.keys(ITEM_COMPONENTS).filter((name) => name in registry)).toEqual([]);
  });

  it("asks for stories for the five listing blocks only", () => {
    const asking = Object.keys(registry).filter((component) => listingQuery({ _uid: "l", component }));
    expect(asking.sort()).toEqual(["Cases", "Insights", "Sectors", "Team", "Vacancies"]);
    expect(listingQuery({ _uid: "l", component: "constructor" })).toBeUndefined();
  });
});
