import type { Hit, Rule } from "../rule.ts";
import { fieldFacts } from "../model-facts.ts";
import { fieldsOf, textOf } from "../walk.ts";

const TEXT_TYPES = new Set(["text", "textarea", "richtext", "markdown"]);

/** Words with a letter in them: "2.400" or "—" is no word. */
export const wordCount = (text: string): number => text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;

/**
 * Texts shorter than this may well read the same in both languages (names, job titles, addresses,
 * "Product design"); from a sentence on, an English text equal to the Dutch one is untranslated.
 */
export const MIN_TRANSLATED_WORDS = 5;

/**
 * On the English version, a translatable text that equals the Dutch text: left empty in English
 * (the API then delivers the Dutch text) or copied without translating.
 */
export const translationRule: Rule = {
  id: "translation.missing",
  severity: "warning",
  check(input) {
    const { dutch } = input;
    if (!dutch) return [];
    const hits: Hit[] = [];
    for (const at of input.bloks) {
      const dutchBlok = dutch.get(String(at.blok._uid))?.blok;
      if (!dutchBlok) continue;
      for (const [field, value] of fieldsOf(at.blok)) {
        const facts = fieldFacts(input.facts, at.blok.component, field);
        if (!facts?.translatable || !TEXT_TYPES.has(facts.type)) continue;
        const text = textOf(value).trim();
        if (wordCount(text) < MIN_TRANSLATED_WORDS || text !== textOf(dutchBlok[field]).trim()) continue;
        hits.push({
          at,
          field,
          message: {
            nl: "Niet vertaald: de Engelse pagina toont hier de Nederlandse tekst.",
            en: "Not translated: the English page shows the Dutch text here.",
          },
        });
      }
    }
    return hits;
  },
};
