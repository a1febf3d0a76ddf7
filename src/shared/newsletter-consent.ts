/**
 * The consent text beside the newsletter form: the editors' `newsletterConsent` of the footer, or,
 * where that text is empty or (in another language than Dutch) not translated, the site's own text
 * in the visitor's language. One rule for the footer that shows it, the signup that records it and
 * content health that reports it: a signup is never refused for want of a text, and a visitor
 * never consents to a text in a language other than the page's. The built-in texts make the same
 * claims as the privacy page (content/stories/privacy.json): reviewed together.
 */
import { DEFAULT_LANG, localisedPath, type Lang } from "./i18n/lang.ts";

/** The part of a rich text document the plain text is read from. */
export interface TextNode {
  type?: string;
  text?: string;
  content?: TextNode[];
}

const BLOCK_TYPES = new Set(["paragraph", "heading", "blockquote", "list_item"]);

/** What a reader sees of a rich text document: its text, one line per paragraph, links by their words. */
export function plainText(doc: unknown): string {
  const lines: string[] = [];
  let line = "";
  const walk = (node: TextNode) => {
    if (typeof node.text === "string") line += node.text;
    for (const child of Array.isArray(node.content) ? node.content : []) walk(child);
    if (node.type && BLOCK_TYPES.has(node.type) && line.trim()) {
      lines.push(line.trim());
      line = "";
    }
  };
  if (doc && typeof doc === "object") walk(doc as TextNode);
  if (line.trim()) lines.push(line.trim());
  return lines.join("\n");
}

/** One paragraph ending in a link to the privacy page of the language. */
function consentDoc(text: string, linkText: string, lang: Lang) {
  const link = {
    type: "link",
    attrs: { href: localisedPath(lang, "/privacy"), linktype: "url", target: "_self", anchor: null, uuid: null },
  };
  return {
    type: "doc" as const,
    content: [
      {
        type: "paragraph",
        content: [
          { type: "text", text },
          { type: "text", text: linkText, marks: [link] },
          { type: "text", text: "." },
        ],
      },
    ],
  };
}

/** The site's own consent texts, as rich text documents like the editors' field. */
export const BUILT_IN_CONSENT: Record<Lang, ReturnType<typeof consentDoc>> = {
  nl: consentDoc(
    "Met je aanmelding geef je Koraal toestemming om je e-mailadres te gebruiken voor de nieuwsbrief, die we via HubSpot versturen. " +
      "We bewaren je adres tot HubSpot het heeft, daarna alleen een code met het bewijs van deze toestemming. Afmelden kan altijd. Lees meer in onze ",
    "privacyverklaring",
    "nl",
  ),
  en: consentDoc(
    "By signing up you allow Koraal to use your email address for the newsletter, which we send through HubSpot. " +
      "We keep your address until HubSpot has it, after that only a code with the record of this consent. You can unsubscribe at any time. Read more in our ",
    "privacy statement",
    "en",
  ),
};

/** Why the built-in text is shown: the editors' text is empty, or (not Dutch) it is the Dutch text. */
export type ConsentFallback = "empty" | "untranslated";

/** The consent text a visitor sees, and whether it is the built-in one. */
export interface ShownConsent {
  doc: unknown;
  fallback?: ConsentFallback;
}

/**
 * The consent text shown in `lang`: the editors' `own` text (the field as the API delivers it in
 * that language), unless it is empty or, on another language than Dutch, reads as the Dutch text
 * `dutch` (the API delivers the Dutch text where a translation is left empty).
 */
export function shownConsent(own: unknown, lang: Lang, dutch?: unknown): ShownConsent {
  const text = plainText(own);
  if (!text) return { doc: BUILT_IN_CONSENT[lang], fallback: "empty" };
  if (lang !== DEFAULT_LANG && dutch !== undefined && text === plainText(dutch))
    return { doc: BUILT_IN_CONSENT[lang], fallback: "untranslated" };
  return { doc: own };
}
