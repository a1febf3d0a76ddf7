import { shownConsent } from "../../newsletter-consent.ts";
import { fieldPlace } from "../model-labels.ts";
import type { Hit, Rule } from "../rule.ts";

const FOOTER = "TwFooter";
const FIELD = "newsletterConsent";

/**
 * The newsletter's consent text, in every language the site serves: where it is empty, or an
 * English version is the Dutch text (left untranslated), the site shows and records its built-in
 * text instead (src/shared/newsletter-consent.ts, the same rule): the editors' own text is lost.
 */
export const newsletterConsentRule: Rule = {
  id: "newsletter.consent",
  severity: "error",
  check(input) {
    const hits: Hit[] = [];
    const field = fieldPlace(input.labels, FOOTER, FIELD);
    for (const at of input.bloks) {
      if (at.blok.component !== FOOTER) continue;
      const dutch = input.dutch && (input.dutch.get(String(at.blok._uid))?.blok[FIELD] ?? null);
      const { fallback } = shownConsent(at.blok[FIELD], input.lang, dutch);
      if (!fallback) continue;
      const message =
        input.lang === "en"
          ? {
              nl: `${field} ontbreekt in het Engels: Engelse bezoekers zien de ingebouwde Engelse tekst, en hun aanmelding bewaart die. Vul de Engelse vertaling in.`,
              en: `${field} is missing in English: English visitors see the built-in English text, and their signup records it. Fill in the English translation.`,
            }
          : {
              nl: `${field} is leeg: bezoekers zien de ingebouwde tekst bij het aanmeldformulier, en hun aanmelding bewaart die. Vul de tekst in.`,
              en: `${field} is empty: visitors see the built-in text beside the signup form, and their signup records it. Fill in the text.`,
            };
      hits.push({ at, field: FIELD, message });
    }
    return hits;
  },
};
