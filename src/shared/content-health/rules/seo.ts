import { documentTitle } from "../../pages/document-title.ts";
import { shareImage } from "../../image-url.ts";
import { isPageStory } from "../../pages/page-types.ts";
import { pageSeo } from "../../pages/page-seo.ts";
import type { Hit, Rule, RuleInput } from "../rule.ts";
import { fieldFacts } from "../model-facts.ts";
import { isBlok } from "../walk.ts";

/** Search results show about 60 characters of a title (600 px) and about 155-160 of a description. */
export const MAX_TITLE_LENGTH = 60;
export const MAX_DESCRIPTION_LENGTH = 160;

/** The page's own content blok, when the version is a page visitors can open (not the theme, not a team member). */
function pageContent(input: RuleInput) {
  const content = input.story.content;
  if (!isBlok(content) || !isPageStory({ full_slug: input.story.full_slug, content })) return undefined;
  return { blok: content, path: "" };
}

/** The document title: missing (the story's name stands in) or longer than search results show. */
export const seoTitleRule: Rule = {
  id: "seo.title",
  severity: "warning",
  check(input) {
    const at = pageContent(input);
    if (!at) return [];
    const own = typeof at.blok.title === "string" ? at.blok.title.trim() : "";
    const title = documentTitle(pageSeo({ name: input.story.name, content: at.blok }).title);
    const hits: Hit[] = [];
    if (!own)
      hits.push({
        at,
        field: "title",
        message: { nl: `Geen titel: zoekmachines tonen "${title}".`, en: `No title: search engines show "${title}".` },
      });
    else if (title.length > MAX_TITLE_LENGTH)
      hits.push({
        at,
        field: "title",
        message: {
          nl: `De paginatitel "${title}" is ${title.length} tekens; zoekmachines tonen er ongeveer ${MAX_TITLE_LENGTH}.`,
          en: `The page title "${title}" is ${title.length} characters; search engines show about ${MAX_TITLE_LENGTH}.`,
        },
      });
    return hits;
  },
};

/** The description search engines and shared links show: missing, or longer than they show. */
export const seoDescriptionRule: Rule = {
  id: "seo.description",
  severity: "warning",
  check(input) {
    const at = pageContent(input);
    if (!at || !fieldFacts(input.facts, at.blok.component, "description")) return [];
    const description = (pageSeo({ name: input.story.name, content: at.blok }).description ?? "").trim();
    if (!description)
      return [
        {
          at,
          field: "description",
          message: {
            nl: "Geen omschrijving (SEO): zoekmachines kiezen zelf een stuk tekst.",
            en: "No description (SEO): search engines pick some text themselves.",
          },
        },
      ];
    if (description.length <= MAX_DESCRIPTION_LENGTH) return [];
    return [
      {
        at,
        field: "description",
        message: {
          nl: `De omschrijving is ${description.length} tekens; zoekmachines tonen er ongeveer ${MAX_DESCRIPTION_LENGTH}.`,
          en: `The description is ${description.length} characters; search engines show about ${MAX_DESCRIPTION_LENGTH}.`,
        },
      },
    ];
  },
};

const DEFAULT_BANNER = "default";

/**
 * A page type with an image of its own (the sharing image is made from it) whose image is missing
 * or cannot be one (an SVG): shared links show the site's default banner.
 */
export const shareImageRule: Rule = {
  id: "seo.share-image",
  severity: "warning",
  check(input) {
    const at = pageContent(input);
    if (!at || fieldFacts(input.facts, at.blok.component, "image")?.type !== "asset") return [];
    if (shareImage(pageSeo({ name: input.story.name, content: at.blok }).image, DEFAULT_BANNER).src !== DEFAULT_BANNER) return [];
    return [
      {
        at,
        field: "image",
        message: {
          nl: "Geen deelbare afbeelding (een foto): gedeelde links tonen de standaardbanner.",
          en: "No shareable image (a photo): shared links show the default banner.",
        },
      },
    ];
  },
};
