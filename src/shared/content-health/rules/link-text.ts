import { resolveLink, type LinkLike } from "../../links/links.ts";
import type { Hit, Rule } from "../rule.ts";
import { fieldFacts } from "../model-facts.ts";
import { fieldsOf, isObject, textOf } from "../walk.ts";

/** The text field that labels a link field: `link` -> `linkText`, `cta` -> `ctaText`, `applyLink` -> `applyText`. */
const labelOf = (blok: Record<string, unknown>, field: string): unknown => blok[`${field}Text`] ?? blok[field.replace(/Link$/, "Text")];

/** A link text with no link under it: the button or link the editor wrote goes nowhere (or is left out). */
export const linkTextRule: Rule = {
  id: "link.empty",
  severity: "warning",
  check(input) {
    const hits: Hit[] = [];
    for (const at of input.bloks) {
      for (const [field, value] of fieldsOf(at.blok)) {
        if (fieldFacts(input.facts, at.blok.component, field)?.type !== "multilink") continue;
        const label = textOf(labelOf(at.blok, field)).trim();
        if (!label || resolveLink(isObject(value) ? (value as LinkLike) : null)) continue;
        hits.push({
          at,
          field,
          message: {
            nl: "Deze linktekst heeft geen link: vul de link in of maak de linktekst leeg.",
            en: "This link text has no link: fill in the link or clear the link text.",
          },
        });
      }
    }
    return hits;
  },
};
