/**
 * Overzichten: blocks that list stories of one kind (src/shared/listings/listing-queries.ts says which).
 * Their fields only introduce the list; the stories come from their folder.
 */
import { defineBlock } from "@storyblok/schema";
import { eyebrow, intro, limit, link, linkText, title } from "./fields.ts";
import { listingsFolder } from "./folders.ts";

export const cases = defineBlock({
  name: "Cases",
  display_name: "Cases",
  description: "De nieuwste cases uit de map Cases; met een aantal als teaser, met link naar het overzicht.",
  folder: listingsFolder,
  fields: [eyebrow, title, intro, limit, link, linkText],
});

export const insights = defineBlock({
  name: "Insights",
  display_name: "Insights",
  description: "De nieuwste artikelen uit de map Insights.",
  folder: listingsFolder,
  fields: [eyebrow, title, intro, limit, link, linkText],
});

export const team = defineBlock({
  name: "Team",
  display_name: "Team",
  description: "De teamleden uit de map Team.",
  folder: listingsFolder,
  fields: [eyebrow, title, intro, limit],
});

export const vacancies = defineBlock({
  name: "Vacancies",
  display_name: "Vacatures",
  description: "De vacatures uit de map Vacatures.",
  folder: listingsFolder,
  fields: [eyebrow, title, intro, limit],
});

export const sectors = defineBlock({
  name: "Sectors",
  display_name: "Sectoren",
  description: "De sectoren uit de map Sectoren, als kaarten.",
  folder: listingsFolder,
  fields: [eyebrow, title, intro, limit],
});

export const customerList = defineBlock({
  name: "CustomerList",
  display_name: "Klanten",
  description: "De logo's van de klanten uit het thema (Thema -> Klanten).",
  folder: listingsFolder,
  fields: [eyebrow, title, intro],
});

/** Every block of this group. */
export const listingBlocks = [cases, insights, team, vacancies, sectors, customerList];
