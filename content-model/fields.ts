/**
 * Fields many blocks share, defined once so they read and translate the same everywhere. A block
 * lists them in its `fields` in the order the editor shows them; a field only one block has is
 * defined in that block.
 *
 * Translatable: every text an editor writes for visitors (titles, texts, link texts, captions), and
 * images that show text or differ per language. Not translatable: names, addresses, links (the site
 * links to a page's English version itself), options, numbers and relations.
 */
import { defineField } from "@storyblok/schema";

export const eyebrow = defineField("eyebrow", {
  type: "text",
  translatable: true,
  display_name: "Bovenregel",
  description: "Korte regel boven de titel, bijvoorbeeld het onderwerp van de sectie.",
});

export const title = defineField("title", { type: "text", translatable: true, display_name: "Titel" });

export const requiredTitle = defineField("title", { type: "text", translatable: true, required: true, display_name: "Titel" });

export const intro = defineField("intro", {
  type: "textarea",
  translatable: true,
  display_name: "Inleiding",
  description: "Een of twee zinnen onder de titel.",
});

export const text = defineField("text", { type: "textarea", translatable: true, display_name: "Tekst" });

export const link = defineField("link", { type: "multilink", display_name: "Link", email_link_type: true });

export const linkText = defineField("linkText", {
  type: "text",
  translatable: true,
  display_name: "Linktekst",
  description: "Wat er op de link of knop staat.",
});

export const image = defineField("image", { type: "asset", filetypes: ["images"], translatable: true, display_name: "Afbeelding" });

export const caption = defineField("caption", { type: "text", translatable: true, display_name: "Bijschrift" });

/** Page types: the document title and the description search engines and shared links show. */
export const seoDescription = defineField("description", {
  type: "textarea",
  translatable: true,
  display_name: "Omschrijving (SEO)",
  description: "De omschrijving die zoekmachines en gedeelde links tonen; ongeveer 150 tekens.",
});

/** Listing blocks: how many stories to show; empty shows them all, 25 per page. */
export const limit = defineField("limit", {
  type: "number",
  display_name: "Aantal",
  description: "Hoeveel items er getoond worden. Leeg: alles, 25 per pagina.",
  min_value: 1,
  max_value: 100,
  decimals: 0,
});

/**
 * A postal address, as schema.org's PostalAddress names its parts: the theme's office and a
 * vacancy's work address. Not translatable (an address is the same in every language);
 * `addressCountry` is an ISO 3166-1 alpha-2 code.
 */
export const streetAddress = defineField("streetAddress", { type: "text", display_name: "Straat en huisnummer" });

export const postalCode = defineField("postalCode", { type: "text", display_name: "Postcode" });

export const addressCountry = defineField("addressCountry", {
  type: "option",
  required: true,
  display_name: "Land",
  description: "ISO-landcode.",
  default_value: "NL",
  options: [
    { name: "Nederland", value: "NL" },
    { name: "België", value: "BE" },
    { name: "Duitsland", value: "DE" },
  ],
});
