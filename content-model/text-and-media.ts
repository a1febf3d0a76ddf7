/** Tekst en media: text, images, video and code, on pages and inside articles (cases, insights). */
import { defineBlock, defineField } from "@storyblok/schema";
import { caption, eyebrow, title } from "./fields.ts";
import { textAndMediaFolder } from "./folders.ts";

const requiredImage = defineField("image", {
  type: "asset",
  filetypes: ["images"],
  translatable: true,
  required: true,
  display_name: "Afbeelding",
  description: "Vul de alt-tekst in: wat staat er op de afbeelding?",
});

const requiredImages = defineField("images", {
  type: "multiasset",
  filetypes: ["images"],
  translatable: true,
  required: true,
  display_name: "Afbeeldingen",
});

export const richText = defineBlock({
  name: "RichText",
  display_name: "Opgemaakte tekst",
  description: "Tekst met koppen, lijsten, links en citaten.",
  folder: textAndMediaFolder,
  fields: [defineField("content", { type: "richtext", translatable: true, required: true, display_name: "Tekst" })],
});

export const textBlok = defineBlock({
  name: "Text",
  display_name: "Tekst",
  description: "Een alinea platte tekst.",
  folder: textAndMediaFolder,
  fields: [defineField("text", { type: "textarea", translatable: true, required: true, display_name: "Tekst" })],
});

export const slogan = defineBlock({
  name: "Slogan",
  display_name: "Slogan",
  description: "Een grote uitspraak, met een deel in koraalrood.",
  folder: textAndMediaFolder,
  fields: [
    eyebrow,
    defineField("text", { type: "text", translatable: true, required: true, display_name: "Slogan" }),
    defineField("accent", {
      type: "text",
      translatable: true,
      display_name: "Accent",
      description: "Een woord of woordgroep uit de slogan die in koraalrood staat.",
    }),
  ],
});

export const asterisk = defineBlock({
  name: "Asterisk",
  display_name: "Asterisk",
  description: "Het koraal-ornament als scheiding, met een optionele korte tekst.",
  folder: textAndMediaFolder,
  fields: [defineField("label", { type: "text", translatable: true, display_name: "Tekst naast het ornament" })],
});

export const codeBlock = defineBlock({
  name: "CodeBlock",
  display_name: "Code",
  description: "Een codevoorbeeld met taal en bestandsnaam.",
  folder: textAndMediaFolder,
  fields: [
    defineField("language", { type: "text", display_name: "Taal", description: "Bijvoorbeeld ts, tsx, kotlin of swift." }),
    defineField("filename", { type: "text", display_name: "Bestandsnaam" }),
    defineField("code", {
      type: "textarea",
      translatable: true,
      required: true,
      display_name: "Code",
      description: "Vertaalbaar voor het commentaar in de code.",
    }),
    defineField("caption", { type: "textarea", translatable: true, display_name: "Bijschrift" }),
  ],
});

export const spacer = defineBlock({
  name: "Spacer",
  display_name: "Witruimte",
  description: "Lege ruimte tussen twee blokken.",
  folder: textAndMediaFolder,
  fields: [
    defineField("size", {
      type: "option",
      display_name: "Grootte",
      default_value: "medium",
      options: [
        { name: "Klein", value: "small" },
        { name: "Middel", value: "medium" },
        { name: "Groot", value: "large" },
      ],
    }),
  ],
});

export const imageAsset = defineBlock({
  name: "ImageAsset",
  display_name: "Afbeelding",
  description: "Een afbeelding op tekstbreedte met bijschrift.",
  folder: textAndMediaFolder,
  fields: [requiredImage, caption],
});

export const fullWidthImage = defineBlock({
  name: "FullWidthImage",
  display_name: "Afbeelding over de volle breedte",
  folder: textAndMediaFolder,
  fields: [requiredImage, caption],
});

export const imageGroup = defineBlock({
  name: "ImageGroup",
  display_name: "Afbeeldingengroep",
  description: "Meerdere afbeeldingen naast elkaar, met titel en bijschrift.",
  folder: textAndMediaFolder,
  fields: [title, requiredImages, caption],
});

export const imageTrio = defineBlock({
  name: "ImageTrio",
  display_name: "Drie afbeeldingen",
  description: "Een grote afbeelding met twee kleinere ernaast; de eerste drie worden getoond.",
  folder: textAndMediaFolder,
  fields: [requiredImages, caption],
});

export const videoAsset = defineBlock({
  name: "VideoAsset",
  display_name: "Video",
  folder: textAndMediaFolder,
  fields: [
    title,
    defineField("video", { type: "asset", filetypes: ["videos"], required: true, display_name: "Video" }),
    defineField("poster", {
      type: "asset",
      filetypes: ["images"],
      display_name: "Stilstaand beeld",
      description: "Getoond voordat de video speelt.",
    }),
    caption,
  ],
});

export const teamImage = defineBlock({
  name: "TeamImage",
  display_name: "Teamfoto",
  folder: textAndMediaFolder,
  fields: [requiredImage, caption],
});

export const customerQuote = defineBlock({
  name: "CustomerQuote",
  display_name: "Klantcitaat",
  description: "Een citaat van een klant met naam, functie en foto.",
  folder: textAndMediaFolder,
  fields: [
    defineField("quote", { type: "textarea", translatable: true, required: true, display_name: "Citaat" }),
    defineField("name", { type: "text", display_name: "Naam" }),
    defineField("role", { type: "text", translatable: true, display_name: "Functie" }),
    defineField("company", { type: "text", display_name: "Organisatie" }),
    defineField("avatar", { type: "asset", filetypes: ["images"], display_name: "Foto" }),
  ],
});

/** Every block of this group. */
export const textAndMediaBlocks = [
  richText,
  textBlok,
  slogan,
  asterisk,
  codeBlock,
  spacer,
  imageAsset,
  fullWidthImage,
  imageGroup,
  imageTrio,
  videoAsset,
  teamImage,
  customerQuote,
];
