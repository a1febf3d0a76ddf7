import { isMalformedDate } from "../../dates/datetime.ts";
import type { Hit, Rule } from "../rule.ts";
import { fieldFacts } from "../model-facts.ts";
import { fieldsOf } from "../walk.ts";

/**
 * A date field the site cannot read (`31-12-2020`, `2026-13-01`): the site reads it as no date at
 * all, so a vacancy with it never closes and an article loses its date. Storyblok's date picker
 * writes good dates; an import or the API can write anything.
 */
export const dateMalformedRule: Rule = {
  id: "date.malformed",
  severity: "error",
  check(input) {
    const hits: Hit[] = [];
    for (const at of input.bloks) {
      for (const [field, value] of fieldsOf(at.blok)) {
        if (fieldFacts(input.facts, at.blok.component, field)?.type !== "datetime" || !isMalformedDate(value)) continue;
        hits.push({
          at,
          field,
          message: {
            nl: `De datum "${String(value)}" is geen datum die de site kan lezen: kies hem opnieuw met de datumkiezer (JJJJ-MM-DD UU:mm).`,
            en: `The date "${String(value)}" is not one the site can read: pick it again with the date picker (YYYY-MM-DD HH:mm).`,
          },
        });
      }
    }
    return hits;
  },
};
