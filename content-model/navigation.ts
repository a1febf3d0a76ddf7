/** Navigatie: the site's header (TwMenu) and footer (TwFooter) and the links and menus inside them. */
import { defineBlock, defineField } from "@storyblok/schema";
import { link, requiredTitle } from "./fields.ts";
import { navigationFolder } from "./folders.ts";

const logo = defineField("logo", { type: "asset", filetypes: ["images"], display_name: "Logo" });

const requiredLink = defineField("link", { type: "multilink", required: true, display_name: "Link", email_link_type: true });

export const navLink = defineBlock({
  name: "nav-link",
  display_name: "Menulink",
  description: "Een link in een menu, de footer of een lijst met links.",
  folder: navigationFolder,
  fields: [defineField("linkText", { type: "text", translatable: true, required: true, display_name: "Linktekst" }), requiredLink],
});

export const navSubmenu = defineBlock({
  name: "nav-submenu",
  display_name: "Submenu (desktop)",
  description: "Een kolom in het uitklapmenu: kop met link en de links eronder.",
  folder: navigationFolder,
  fields: [
    defineField("heading", { type: "text", translatable: true, required: true, display_name: "Kop" }),
    link,
    defineField("links", { type: "bloks", allow: [navLink], display_name: "Links" }),
  ],
});

export const navItem = defineBlock({
  name: "nav-item",
  display_name: "Menu-item (desktop)",
  description: "Een item in de hoofdnavigatie; met submenu's klapt het uit.",
  folder: navigationFolder,
  fields: [requiredTitle, requiredLink, defineField("submenu", { type: "bloks", allow: [navSubmenu], display_name: "Submenu's" })],
});

export const mobileNavItem = defineBlock({
  name: "mobile-nav-item",
  display_name: "Menu-item (mobiel)",
  description: "Een item van het mobiele menu, met de links die eronder openklappen.",
  folder: navigationFolder,
  fields: [
    requiredTitle,
    requiredLink,
    defineField("overviewLinkText", {
      type: "text",
      translatable: true,
      display_name: "Tekst van de overzichtslink",
      description: "Bovenaan de lijst, naar de pagina van het item zelf, zoals 'Alle diensten'.",
    }),
    defineField("links", { type: "bloks", allow: [navLink], display_name: "Links" }),
  ],
});

export const contactLink = defineBlock({
  name: "contact-link",
  display_name: "Contactlink",
  description: "Telefoonnummer of e-mailadres in het menu.",
  folder: navigationFolder,
  fields: [
    requiredLink,
    defineField("linkText", { type: "text", display_name: "Linktekst", description: "Bijvoorbeeld het telefoonnummer zelf." }),
    defineField("content", {
      type: "textarea",
      translatable: true,
      display_name: "Tekst",
      description: "Getoond als er geen linktekst is.",
    }),
  ],
});

export const contactText = defineBlock({
  name: "contact-text",
  display_name: "Contacttekst",
  description: "Tekst in het menu, zoals het adres, met een optionele link.",
  folder: navigationFolder,
  fields: [
    link,
    defineField("linkText", { type: "text", translatable: true, display_name: "Linktekst" }),
    defineField("content", { type: "textarea", translatable: true, required: true, display_name: "Tekst" }),
  ],
});

export const contactTextBlock = defineBlock({
  name: "contact-text-block",
  display_name: "Contactgegevens",
  description: "Opgemaakte tekst in de footer: adres, telefoon, e-mail.",
  folder: navigationFolder,
  fields: [defineField("body", { type: "richtext", translatable: true, required: true, display_name: "Tekst" })],
});

export const footerSubmenu = defineBlock({
  name: "footer-submenu",
  display_name: "Footermenu",
  description: "Een kolom links in de footer, met kop.",
  folder: navigationFolder,
  fields: [requiredTitle, defineField("links", { type: "bloks", allow: [navLink], display_name: "Links" })],
});

export const footerLinkGroup = defineBlock({
  name: "footer-link-group",
  display_name: "Footerlinks",
  description: "De kolommen met links in de footer.",
  folder: navigationFolder,
  fields: [defineField("submenus", { type: "bloks", allow: [footerSubmenu], display_name: "Kolommen" })],
});

export const twMenu = defineBlock({
  name: "TwMenu",
  display_name: "Header",
  description: "De kop van elke pagina: logo, hoofdnavigatie, mobiel menu, socials en contact.",
  folder: navigationFolder,
  fields: [
    logo,
    defineField("desktopNavigationMenu", { type: "bloks", allow: [navItem], display_name: "Hoofdnavigatie (desktop)" }),
    defineField("mobileNavigationMenu", { type: "bloks", allow: [mobileNavItem], display_name: "Mobiel menu" }),
    defineField("socials", { type: "bloks", allow: [navLink], display_name: "Sociale media" }),
    defineField("contact", { type: "bloks", allow: [contactLink, contactText], display_name: "Contact" }),
  ],
});

export const twFooter = defineBlock({
  name: "TwFooter",
  display_name: "Footer",
  description: "De voet van elke pagina: logo, tekst, linkkolommen, contactgegevens en de onderste regel.",
  folder: navigationFolder,
  fields: [
    logo,
    defineField("title", { type: "text", translatable: true, display_name: "Titel" }),
    defineField("description", { type: "textarea", translatable: true, display_name: "Tekst" }),
    defineField("links", { type: "bloks", allow: [footerLinkGroup], display_name: "Linkkolommen" }),
    defineField("bottomSection", {
      type: "bloks",
      allow: [navLink],
      display_name: "Onderste regel",
      description: "Links als privacy en cookies.",
    }),
    defineField("contactDetails", { type: "bloks", allow: [contactTextBlock], display_name: "Contactgegevens" }),
    defineField("officeImage", { type: "asset", filetypes: ["images"], translatable: true, display_name: "Foto van het kantoor" }),
    defineField("newsletterConsent", {
      type: "richtext",
      translatable: true,
      required: true,
      display_name: "Toestemmingstekst nieuwsbrief",
      description:
        "Staat naast het aanmeldveld: waarvoor iemand toestemming geeft, met een link naar de privacyverklaring. Elke aanmelding bewaart de tekst die de bezoeker zag.",
    }),
  ],
});
