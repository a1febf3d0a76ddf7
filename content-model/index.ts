/**
 * The Storyblok content model of the site, in Storyblok's own format (@storyblok/schema): every
 * component the content uses with its fields, the component groups, the datasource, and the story
 * folders. One file per component group:
 *
 *   content-types.ts   Paginatypen (Page, CaseDetail, InsightDetail, Sector, Vacancy) and
 *                      Gegevens (TeamMember, Customer, Theme)
 *   sections.ts        Secties: the blocks a page is built from
 *   listings.ts        Overzichten: blocks that list stories of one kind
 *   text-and-media.ts  Tekst en media
 *   parts.ts           Onderdelen: items inside a section (cards, steps, results)
 *   navigation.ts      Navigatie: header, footer and their menus and links
 *   fields.ts          fields many blocks share
 *   folders.ts         component groups and story folders; datasources.ts: the redirects datasource
 *
 * The build checks every story in content/ against it (tools/build/content-check.ts). The Storyblok CLI
 * reads this file: `npm run schema:validate` (`storyblok schema validate content-model/index.ts`).
 */
import { defineSchema } from "@storyblok/schema";
import { caseDetail, customer, insightDetail, page, sector, teamMember, theme, vacancy } from "./content-types.ts";
import { redirects } from "./datasources.ts";
import {
  dataFolder,
  listingsFolder,
  navigationFolder,
  pageTypesFolder,
  partsFolder,
  sectionsFolder,
  storyFolders,
  textAndMediaFolder,
} from "./folders.ts";
import { cases, customerList, insights, sectors, team, vacancies } from "./listings.ts";
import {
  contactLink,
  contactText,
  contactTextBlock,
  footerLinkGroup,
  footerSubmenu,
  mobileNavItem,
  navItem,
  navLink,
  navSubmenu,
  twFooter,
  twMenu,
} from "./navigation.ts";
import {
  arrowListItem,
  card,
  carouselItem,
  caseResult,
  featureBenefit,
  serviceCard,
  textBlock,
  textCard,
  titledParagraph,
} from "./parts.ts";
import {
  arrowList,
  blocksWithBackgroundImage,
  cardsCollection,
  carousel,
  contact,
  cta,
  featureBenefits,
  heroBanner,
  linkedList,
  multiParagraphsContent,
  pageTitle,
  row,
  sbBackground,
  sbGradient,
  services,
  textBanner,
  textBlocks,
  textCards,
} from "./sections.ts";
import {
  asterisk,
  codeBlock,
  customerQuote,
  fullWidthImage,
  imageAsset,
  imageGroup,
  imageTrio,
  richText,
  slogan,
  spacer,
  teamImage,
  textBlok,
  videoAsset,
} from "./text-and-media.ts";

export { storyFolders };
export type { StoryFolder } from "./folders.ts";

/**
 * Each block by name, written out (not spread from the groups' arrays): defineSchema keeps this
 * record's literal shape, from which Storyblok's `Schema` type derives each block's content type.
 * tests/node/content-check.test.ts checks that it holds exactly the registry's blocks, the nested
 * components and the theme.
 */
export const schema = defineSchema({
  blocks: {
    // Paginatypen and Gegevens
    page,
    caseDetail,
    insightDetail,
    sector,
    vacancy,
    teamMember,
    customer,
    theme,
    // Secties
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
    // Overzichten
    cases,
    insights,
    team,
    vacancies,
    sectors,
    customerList,
    // Tekst en media
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
    // Onderdelen
    card,
    carouselItem,
    serviceCard,
    textCard,
    textBlock,
    titledParagraph,
    featureBenefit,
    arrowListItem,
    caseResult,
    // Navigatie
    twMenu,
    twFooter,
    navLink,
    navItem,
    navSubmenu,
    mobileNavItem,
    footerLinkGroup,
    footerSubmenu,
    contactLink,
    contactText,
    contactTextBlock,
  },
  folders: { pageTypesFolder, dataFolder, sectionsFolder, listingsFolder, textAndMediaFolder, partsFolder, navigationFolder },
  datasources: { redirects },
});
