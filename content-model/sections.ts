/** Secties: the blocks a page is built from, one below the other. */
import { defineBlock, defineField } from "@storyblok/schema";
import { eyebrow, image, intro, link, linkText, requiredTitle, text, title } from "./fields.ts";
import { sectionsFolder } from "./folders.ts";
import { navLink } from "./navigation.ts";
import { arrowListItem, card, carouselItem, featureBenefit, serviceCard, textBlock, textCard, titledParagraph } from "./parts.ts";
import { customerQuote, imageAsset, richText, slogan, textBlok } from "./text-and-media.ts";

export const heroBanner = defineBlock({
  name: "HeroBanner",
  display_name: "Hero",
  description: "De opening van een pagina: titel, ondertitel, een knop en een grote afbeelding.",
  folder: sectionsFolder,
  fields: [
    eyebrow,
    requiredTitle,
    defineField("subtitle", { type: "textarea", translatable: true, display_name: "Ondertitel" }),
    image,
    defineField("cta", { type: "multilink", display_name: "Knop: link", email_link_type: true }),
    defineField("ctaText", { type: "text", translatable: true, display_name: "Knop: tekst" }),
  ],
});

export const pageTitle = defineBlock({
  name: "PageTitle",
  display_name: "Paginatitel",
  description: "Een eenvoudige paginakop zonder afbeelding.",
  folder: sectionsFolder,
  fields: [eyebrow, requiredTitle, intro],
});

export const cta = defineBlock({
  name: "Cta",
  display_name: "Call to action",
  description: "Een uitnodiging om contact op te nemen, met een knop en een tweede link.",
  folder: sectionsFolder,
  fields: [
    eyebrow,
    requiredTitle,
    text,
    defineField("link", { type: "multilink", required: true, display_name: "Knop: link", email_link_type: true }),
    defineField("linkText", { type: "text", translatable: true, display_name: "Knop: tekst" }),
    defineField("secondaryLink", { type: "multilink", display_name: "Tweede link", email_link_type: true }),
    defineField("secondaryLinkText", { type: "text", translatable: true, display_name: "Tweede link: tekst" }),
  ],
});

export const textBanner = defineBlock({
  name: "TextBanner",
  display_name: "Tekstbanner",
  description: "Een grote tekst over de volle breedte, met een link.",
  folder: sectionsFolder,
  fields: [eyebrow, defineField("text", { type: "textarea", translatable: true, required: true, display_name: "Tekst" }), link, linkText],
});

export const arrowList = defineBlock({
  name: "ArrowList",
  display_name: "Pijllijst",
  description: "Een lijst links met pijlen.",
  folder: sectionsFolder,
  fields: [eyebrow, title, intro, defineField("items", { type: "bloks", allow: [arrowListItem], display_name: "Items" })],
});

export const cardsCollection = defineBlock({
  name: "CardsCollection",
  display_name: "Kaartenverzameling",
  description: "Kaarten naast elkaar, bijvoorbeeld de stappen van een traject.",
  folder: sectionsFolder,
  fields: [eyebrow, title, intro, defineField("cards", { type: "bloks", allow: [card], display_name: "Kaarten" })],
});

export const carousel = defineBlock({
  name: "Carousel",
  display_name: "Carrousel",
  description: "Dia's om doorheen te bladeren.",
  folder: sectionsFolder,
  fields: [eyebrow, title, intro, defineField("items", { type: "bloks", allow: [carouselItem], display_name: "Dia's" })],
});

export const contact = defineBlock({
  name: "Contact",
  display_name: "Contact",
  description: "Adres, telefoon, e-mail, openingstijden, kaart en een contactpersoon.",
  folder: sectionsFolder,
  fields: [
    eyebrow,
    title,
    intro,
    defineField("address", { type: "textarea", display_name: "Adres", description: "Eén adresregel per regel." }),
    defineField("phone", { type: "text", display_name: "Telefoon" }),
    defineField("email", { type: "text", display_name: "E-mail" }),
    defineField("openingHours", {
      type: "textarea",
      translatable: true,
      display_name: "Openingstijden",
      description: "Eén regel per dag of reeks dagen, zoals 'Maandag t/m vrijdag: 9.00 – 17.30'.",
    }),
    defineField("map", { type: "asset", filetypes: ["images"], translatable: true, display_name: "Kaart" }),
    defineField("mapLink", { type: "multilink", display_name: "Link naar de route" }),
    defineField("contactPerson", {
      type: "option",
      source: "internal_stories",
      filter_content_type: ["TeamMember"],
      use_uuid: true,
      display_name: "Contactpersoon",
      description: "Een teamlid uit de map Team.",
    }),
  ],
});

export const featureBenefits = defineBlock({
  name: "FeatureBenefits",
  display_name: "Voordelen",
  description: "Een lijst voordelen met een afbeelding ernaast.",
  folder: sectionsFolder,
  fields: [eyebrow, title, intro, defineField("benefits", { type: "bloks", allow: [featureBenefit], display_name: "Voordelen" }), image],
});

export const linkedList = defineBlock({
  name: "LinkedList",
  display_name: "Lijst met links",
  description: "Links naar andere pagina's om verder te lezen.",
  folder: sectionsFolder,
  fields: [title, intro, defineField("links", { type: "bloks", allow: [navLink], display_name: "Links" })],
});

export const multiParagraphsContent = defineBlock({
  name: "MultiParagraphsContent",
  display_name: "Alinea's met titels",
  description: "Een reeks alinea's, elk met een eigen titel.",
  folder: sectionsFolder,
  fields: [
    eyebrow,
    title,
    intro,
    defineField("background", {
      type: "option",
      display_name: "Achtergrond",
      default_value: "white",
      options: [
        { name: "Wit", value: "white" },
        { name: "Zand", value: "sand" },
      ],
    }),
    defineField("paragraphs", { type: "bloks", allow: [titledParagraph], display_name: "Alinea's" }),
  ],
});

export const row = defineBlock({
  name: "Row",
  display_name: "Rij",
  description: "Blokken naast elkaar op een groot scherm, onder elkaar op een telefoon.",
  folder: sectionsFolder,
  fields: [
    defineField("verticalAlign", {
      type: "option",
      display_name: "Uitlijning",
      default_value: "top",
      options: [
        { name: "Boven", value: "top" },
        { name: "Midden", value: "center" },
      ],
    }),
    defineField("columns", { type: "bloks", allow: [card, richText, textBlok, imageAsset, customerQuote], display_name: "Kolommen" }),
  ],
});

export const services = defineBlock({
  name: "Services",
  display_name: "Diensten",
  description: "De diensten als kaarten, met een link naar het overzicht.",
  folder: sectionsFolder,
  fields: [
    eyebrow,
    title,
    intro,
    defineField("services", { type: "bloks", allow: [serviceCard], display_name: "Diensten" }),
    link,
    linkText,
  ],
});

export const textBlocks = defineBlock({
  name: "TextBlocks",
  display_name: "Tekstblokken",
  description: "Titels met tekst in kolommen.",
  folder: sectionsFolder,
  fields: [eyebrow, title, defineField("blocks", { type: "bloks", allow: [textBlock], display_name: "Tekstblokken" })],
});

export const textCards = defineBlock({
  name: "TextCards",
  display_name: "Tekstkaarten",
  description: "Kaarten met titel en tekst, los of als genummerde stappen.",
  folder: sectionsFolder,
  fields: [
    eyebrow,
    title,
    intro,
    defineField("numbered", { type: "boolean", display_name: "Genummerd", description: "Als stappen in volgorde tonen." }),
    defineField("cards", { type: "bloks", allow: [textCard], display_name: "Kaarten" }),
  ],
});

/** What a coloured background can hold: sections without a background of their own, and text. */
const onBackground = [
  arrowList,
  cardsCollection,
  featureBenefits,
  linkedList,
  row,
  services,
  textBlocks,
  textCards,
  richText,
  textBlok,
  slogan,
];

export const sbBackground = defineBlock({
  name: "SbBackground",
  display_name: "Achtergrondkleur",
  description: "Zet de blokken erin op een gekleurde achtergrond.",
  folder: sectionsFolder,
  fields: [
    defineField("background", {
      type: "option",
      display_name: "Kleur",
      default_value: "sand",
      options: [
        { name: "Wit", value: "white" },
        { name: "Zand", value: "sand" },
        { name: "Inkt", value: "ink" },
        { name: "Koraal", value: "koraal" },
      ],
    }),
    defineField("blocks", { type: "bloks", allow: onBackground, display_name: "Blokken" }),
  ],
});

export const sbGradient = defineBlock({
  name: "SbGradient",
  display_name: "Kleurverloop",
  description: "Zet de blokken erin op een achtergrond met kleurverloop.",
  folder: sectionsFolder,
  fields: [defineField("blocks", { type: "bloks", allow: onBackground, display_name: "Blokken" })],
});

export const blocksWithBackgroundImage = defineBlock({
  name: "BlocksWithBackgroundImage",
  display_name: "Blokken op een foto",
  description: "Tekst over een grote achtergrondafbeelding.",
  folder: sectionsFolder,
  fields: [
    image,
    defineField("overlay", {
      type: "option",
      display_name: "Overlay",
      description: "Donker: witte tekst; licht: donkere tekst.",
      default_value: "dark",
      options: [
        { name: "Donker", value: "dark" },
        { name: "Licht", value: "light" },
      ],
    }),
    defineField("blocks", { type: "bloks", allow: [slogan, textBlok, richText], display_name: "Blokken" }),
  ],
});

/** Every block of this group. */
export const sectionBlocks = [
  heroBanner,
  pageTitle,
  cta,
  textBanner,
  arrowList,
  cardsCollection,
  carousel,
  contact,
  featureBenefits,
  linkedList,
  multiParagraphsContent,
  row,
  services,
  textBlocks,
  textCards,
  sbBackground,
  sbGradient,
  blocksWithBackgroundImage,
];
