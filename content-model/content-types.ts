/**
 * Content types: what a story holds. Paginatypen are pages (src/shared/pages/page-types.ts
 * PAGE_CONTENT_TYPES); Gegevens are site data: team members and customers (shown inside pages,
 * and usable as a block there too) and the theme (header, footer, customers store).
 */
import { defineBlock, defineField } from "@storyblok/schema";
import { addressCountry, image, intro, link, postalCode, requiredTitle, seoDescription, streetAddress } from "./fields.ts";
import { dataFolder, pageTypesFolder } from "./folders.ts";
import { listingBlocks } from "./listings.ts";
import { twFooter, twMenu } from "./navigation.ts";
import { caseResult } from "./parts.ts";
import { multiParagraphsContent, sectionBlocks } from "./sections.ts";
import { textAndMediaBlocks } from "./text-and-media.ts";

const pageTitle = defineField("title", {
  type: "text",
  translatable: true,
  required: true,
  display_name: "Titel",
  description: "De titel in het browsertabblad en in zoekresultaten.",
});

const heroImage = defineField("heroImage", { type: "asset", filetypes: ["images"], translatable: true, display_name: "Hoofdafbeelding" });

const teamMemberStory = defineField("contactPerson", {
  type: "option",
  source: "internal_stories",
  filter_content_type: ["TeamMember"],
  use_uuid: true,
  display_name: "Contactpersoon",
  description: "Een teamlid uit de map Team.",
});

export const teamMember = defineBlock({
  name: "TeamMember",
  display_name: "Teamlid",
  description: "Een collega: in de map Team, en als kaart op een pagina.",
  folder: dataFolder,
  is_root: true,
  is_nestable: true,
  fields: [
    defineField("name", { type: "text", required: true, display_name: "Naam" }),
    defineField("role", { type: "text", translatable: true, display_name: "Functie" }),
    defineField("photo", { type: "asset", filetypes: ["images"], translatable: true, display_name: "Foto" }),
    defineField("bio", { type: "textarea", translatable: true, display_name: "Over" }),
    defineField("linkedin", { type: "multilink", display_name: "LinkedIn-profiel" }),
    defineField("email", { type: "text", display_name: "E-mail" }),
  ],
});

export const customer = defineBlock({
  name: "Customer",
  display_name: "Klant",
  description: "Een klant met logo: in het thema (Klanten), en als kaart op een pagina.",
  folder: dataFolder,
  is_root: true,
  is_nestable: true,
  fields: [
    defineField("name", { type: "text", required: true, display_name: "Naam" }),
    defineField("logo", { type: "asset", filetypes: ["images"], display_name: "Logo" }),
    defineField("description", {
      type: "textarea",
      translatable: true,
      display_name: "Wat we voor ze doen",
      description: "Getoond als de klant los op een pagina staat.",
    }),
    link,
  ],
});

/** What a page's body can hold. */
const pageBody = [...sectionBlocks, ...listingBlocks, ...textAndMediaBlocks, teamMember, customer];

/** What an article (a case, an insight) can hold: text and media, and paragraphs with titles. */
const articleBody = [...textAndMediaBlocks, multiParagraphsContent];

export const page = defineBlock({
  name: "Page",
  display_name: "Pagina",
  description: "Een pagina opgebouwd uit secties.",
  folder: pageTypesFolder,
  is_root: true,
  is_nestable: false,
  fields: [pageTitle, seoDescription, defineField("body", { type: "bloks", allow: pageBody, display_name: "Secties" })],
});

export const caseDetail = defineBlock({
  name: "CaseDetail",
  display_name: "Case",
  description: "Een case: wat we voor wie maakten, het verhaal en de resultaten.",
  folder: pageTypesFolder,
  is_root: true,
  is_nestable: false,
  fields: [
    requiredTitle,
    seoDescription,
    defineField("client", { type: "text", display_name: "Klant" }),
    defineField("sector", { type: "text", translatable: true, display_name: "Sector" }),
    defineField("services", { type: "textarea", translatable: true, display_name: "Wat we deden", description: "Eén dienst per regel." }),
    intro,
    heroImage,
    defineField("results", { type: "bloks", allow: [caseResult], display_name: "Resultaten" }),
    defineField("body", { type: "bloks", allow: articleBody, display_name: "Verhaal" }),
    defineField("related", {
      type: "options",
      source: "internal_stories",
      filter_content_type: ["CaseDetail"],
      display_name: "Meer cases",
      description: "Cases die onder deze case worden getoond.",
    }),
  ],
});

export const insightDetail = defineBlock({
  name: "InsightDetail",
  display_name: "Insight",
  description: "Een artikel: titel, auteur, datum en de tekst in blokken.",
  folder: pageTypesFolder,
  is_root: true,
  is_nestable: false,
  fields: [
    requiredTitle,
    seoDescription,
    defineField("intro", {
      type: "textarea",
      translatable: true,
      display_name: "Inleiding",
      description: "Ook de teaser op de kaart in overzichten.",
    }),
    defineField("category", { type: "text", translatable: true, display_name: "Categorie" }),
    defineField("authorName", { type: "text", display_name: "Auteur" }),
    defineField("authorRole", { type: "text", translatable: true, display_name: "Functie van de auteur" }),
    defineField("authorImage", { type: "asset", filetypes: ["images"], display_name: "Foto van de auteur" }),
    defineField("publishedDate", { type: "datetime", display_name: "Publicatiedatum" }),
    defineField("readingTime", { type: "number", display_name: "Leestijd (minuten)", min_value: 1, decimals: 0 }),
    heroImage,
    defineField("body", { type: "bloks", allow: articleBody, display_name: "Tekst" }),
  ],
});

export const sector = defineBlock({
  name: "Sector",
  display_name: "Sector",
  description: "Een sector waarin we werken: een pagina, en een kaart in het sectorenoverzicht.",
  folder: pageTypesFolder,
  is_root: true,
  is_nestable: false,
  fields: [
    requiredTitle,
    seoDescription,
    intro,
    image,
    defineField("cardTitle", { type: "text", translatable: true, display_name: "Kaart: titel" }),
    defineField("teaser", {
      type: "textarea",
      translatable: true,
      display_name: "Kaart: tekst",
      description: "Leeg: de omschrijving, anders de inleiding.",
    }),
    defineField("icon", { type: "asset", filetypes: ["images"], display_name: "Kaart: icoon" }),
    defineField("body", { type: "bloks", allow: pageBody, display_name: "Secties" }),
  ],
});

/**
 * What Google for Jobs reads of a vacancy (schema.org JobPosting), as typed fields beside the
 * free text visitors read (location, hours, level, salary). Not translatable: options, numbers,
 * a date and an address are the same in every language. Google requires a work address with its
 * country, or a remote job (then the country is where applicants must live): `addressCountry`
 * always, the town unless the job is remote.
 */
const jobPostingFields = [
  defineField("employmentType", {
    type: "option",
    required: true,
    display_name: "Dienstverband",
    default_value: "FULL_TIME",
    options: [
      { name: "Voltijd", value: "FULL_TIME" },
      { name: "Deeltijd", value: "PART_TIME" },
      { name: "Freelance (opdracht)", value: "CONTRACTOR" },
      { name: "Tijdelijk", value: "TEMPORARY" },
      { name: "Stage", value: "INTERN" },
    ],
  }),
  defineField("salaryMin", {
    type: "number",
    display_name: "Salaris: van",
    description: "Bruto, in de valuta en per eenheid hieronder.",
    min_value: 0,
    decimals: 0,
  }),
  defineField("salaryMax", {
    type: "number",
    display_name: "Salaris: tot",
    description: "Leeg: een vast bedrag (Salaris: van).",
    min_value: 0,
    decimals: 0,
  }),
  defineField("salaryCurrency", {
    type: "option",
    display_name: "Salaris: valuta",
    default_value: "EUR",
    options: [{ name: "Euro", value: "EUR" }],
  }),
  defineField("salaryUnit", {
    type: "option",
    display_name: "Salaris: per",
    default_value: "MONTH",
    options: [
      { name: "Uur", value: "HOUR" },
      { name: "Maand", value: "MONTH" },
      { name: "Jaar", value: "YEAR" },
    ],
  }),
  defineField("validThrough", {
    type: "datetime",
    display_name: "Sluitingsdatum",
    description: "Daarna verdwijnt de vacature van de site, uit de sitemap en uit Google, zonder publiceren.",
  }),
  defineField("remote", {
    type: "boolean",
    display_name: "Volledig op afstand",
    description: "Aan: Google toont de vacature als thuiswerkbaan voor wie in het land hieronder woont.",
  }),
  streetAddress,
  postalCode,
  defineField("addressLocality", {
    type: "text",
    display_name: "Plaats",
    description: "Verplicht, tenzij de baan volledig op afstand is.",
    conditional_settings: [
      {
        modifications: [{ required: true }],
        rule_match: "any",
        rule_conditions: [{ validation: "equals", value: "false", field_key: "remote", field_attr: "value" }],
      },
    ],
  }),
  addressCountry,
];

export const vacancy = defineBlock({
  name: "Vacancy",
  display_name: "Vacature",
  description: "Een vacature: functie, voorwaarden, de tekst en hoe je solliciteert.",
  folder: pageTypesFolder,
  is_root: true,
  is_nestable: false,
  fields: [
    defineField("title", { type: "text", translatable: true, required: true, display_name: "Functie" }),
    seoDescription,
    intro,
    defineField("location", { type: "text", translatable: true, display_name: "Locatie" }),
    defineField("hours", { type: "text", translatable: true, display_name: "Uren" }),
    defineField("level", { type: "text", translatable: true, display_name: "Niveau" }),
    defineField("salary", { type: "text", translatable: true, display_name: "Salaris" }),
    image,
    defineField("body", {
      type: "richtext",
      translatable: true,
      display_name: "Tekst",
      description: "Wat je gaat doen, wat we vragen, wat we bieden.",
    }),
    defineField("applyLink", { type: "multilink", display_name: "Solliciteren: link", email_link_type: true }),
    defineField("applyText", { type: "text", translatable: true, display_name: "Solliciteren: knoptekst" }),
    teamMemberStory,
    ...jobPostingFields,
  ],
});

/**
 * The organisation behind the site, as search engines read it (schema.org Organization): its
 * name, office address and how to reach it. The logo and the social profiles are the header's.
 */
const organisationFields = [
  defineField("organisationName", { type: "text", required: true, display_name: "Organisatie: naam" }),
  defineField("legalName", { type: "text", display_name: "Organisatie: statutaire naam" }),
  streetAddress,
  postalCode,
  defineField("addressLocality", { type: "text", display_name: "Plaats" }),
  addressCountry,
  defineField("telephone", { type: "text", display_name: "Telefoon", description: "Internationaal, bijvoorbeeld +31 30 234 56 78." }),
  defineField("email", { type: "text", display_name: "E-mail" }),
];

export const theme = defineBlock({
  name: "Theme",
  display_name: "Thema",
  description: "Wat op elke pagina staat: header, footer en de klanten. Er is één thema: theme/theme.",
  folder: dataFolder,
  is_root: true,
  is_nestable: false,
  fields: [
    defineField("header", { type: "bloks", allow: [twMenu], required: true, minimum: 1, maximum: 1, display_name: "Header" }),
    defineField("footer", { type: "bloks", allow: [twFooter], required: true, minimum: 1, maximum: 1, display_name: "Footer" }),
    defineField("customers", { type: "bloks", allow: [customer], display_name: "Klanten" }),
    ...organisationFields,
  ],
});
