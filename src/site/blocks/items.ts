import type { ComponentName } from "./types";

/**
 * Nested item schemas of Storyblok that are not blocks of their own: plain records read by the
 * block that holds them (navigation entries of the header, link groups of the footer, ...).
 * Every other `component` in content must be a registry block.
 */
export const ITEM_COMPONENTS: Readonly<Partial<Record<ComponentName, string>>> = {
  Theme: "content type of the theme/theme story (header, footer, customers)",
  "nav-item": "TwMenu.desktopNavigationMenu entry",
  "nav-submenu": "TwMenu desktop submenu column",
  "nav-link": "a link with linkText (header, footer, LinkedList.links)",
  "mobile-nav-item": "TwMenu.mobileNavigationMenu entry",
  "contact-link": "TwMenu.contact entry that links",
  "contact-text": "TwMenu.contact entry of plain text",
  "footer-link-group": "TwFooter.links group",
  "footer-submenu": "TwFooter link group column",
  "contact-text-block": "TwFooter.contactDetails rich text",
  "case-result": "CaseDetail.results key figure (value, label)",
  "titled-paragraph": "MultiParagraphsContent.paragraphs entry (title, text)",
  "feature-benefit": "FeatureBenefits.benefits entry (title, text)",
  "arrow-list-item": "ArrowList.items entry (text, link)",
  "text-card": "TextCards.cards entry (title, text)",
  "text-block": "TextBlocks.blocks entry (title, text)",
};
