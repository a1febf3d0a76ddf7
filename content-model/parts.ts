/** Onderdelen: the items inside a section (cards, steps, results), never placed on a page alone. */
import { defineBlock, defineField } from "@storyblok/schema";
import { image, link, linkText, requiredTitle, text } from "./fields.ts";
import { partsFolder } from "./folders.ts";

export const card = defineBlock({
  name: "Card",
  display_name: "Kaart",
  description: "Kaart met afbeelding, label, titel, tekst en een link; in een kaartenverzameling of een rij.",
  folder: partsFolder,
  fields: [
    image,
    defineField("label", {
      type: "text",
      translatable: true,
      display_name: "Label",
      description: "Klein label boven de titel, zoals 'Week 1-2'.",
    }),
    requiredTitle,
    text,
    link,
    linkText,
  ],
});

export const carouselItem = defineBlock({
  name: "CarouselItem",
  display_name: "Carrouselitem",
  description: "Een dia van de carrousel.",
  folder: partsFolder,
  fields: [image, requiredTitle, text, link, linkText],
});

export const serviceCard = defineBlock({
  name: "ServiceCard",
  display_name: "Dienstkaart",
  description: "Een dienst met icoon, korte tekst en een link naar de dienstpagina.",
  folder: partsFolder,
  fields: [
    defineField("icon", { type: "asset", filetypes: ["images"], translatable: true, display_name: "Icoon" }),
    requiredTitle,
    text,
    defineField("link", { type: "multilink", required: true, display_name: "Link naar de dienst" }),
    linkText,
  ],
});

export const textCard = defineBlock({
  name: "text-card",
  display_name: "Tekstkaart",
  description: "Een kaart of stap met titel en tekst.",
  folder: partsFolder,
  fields: [requiredTitle, text],
});

export const textBlock = defineBlock({
  name: "text-block",
  display_name: "Tekstblok",
  description: "Titel met tekst; een lege regel begint een nieuwe alinea.",
  folder: partsFolder,
  fields: [requiredTitle, text],
});

export const titledParagraph = defineBlock({
  name: "titled-paragraph",
  display_name: "Alinea met titel",
  folder: partsFolder,
  fields: [requiredTitle, text],
});

export const featureBenefit = defineBlock({
  name: "feature-benefit",
  display_name: "Voordeel",
  description: "Een voordeel met korte uitleg.",
  folder: partsFolder,
  fields: [requiredTitle, text],
});

export const arrowListItem = defineBlock({
  name: "arrow-list-item",
  display_name: "Pijllijst-item",
  folder: partsFolder,
  fields: [defineField("text", { type: "text", translatable: true, required: true, display_name: "Tekst" }), link],
});

export const caseResult = defineBlock({
  name: "case-result",
  display_name: "Resultaat",
  description: "Een resultaat van een case: een getal of waarde met wat het betekent.",
  folder: partsFolder,
  fields: [
    defineField("value", {
      type: "text",
      translatable: true,
      required: true,
      display_name: "Waarde",
      description: "Bijvoorbeeld '38.000' of '99,95%'.",
    }),
    defineField("label", { type: "text", translatable: true, required: true, display_name: "Betekenis" }),
  ],
});
