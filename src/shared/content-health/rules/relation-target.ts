import type { Hit, Rule } from "../rule.ts";
import { fieldFacts } from "../model-facts.ts";
import { fieldsOf } from "../walk.ts";

/**
 * A relation (a contact person, related cases) naming a story that is gone or not published: the
 * API leaves its uuid unresolved and the card the editor chose silently does not show.
 */
export const relationTargetRule: Rule = {
  id: "relation.target",
  severity: "warning",
  check(input) {
    const hits: Hit[] = [];
    for (const at of input.bloks) {
      for (const [field, value] of fieldsOf(at.blok)) {
        if (!fieldFacts(input.facts, at.blok.component, field)?.stories) continue;
        const values = Array.isArray(value) ? value : [value];
        values.forEach((item, index) => {
          if (typeof item !== "string" || !item || input.links.byUuid.get(item)?.published) return;
          hits.push({
            at,
            field: Array.isArray(value) ? `${field}[${index}]` : field,
            message: {
              nl: "Verwijst naar een story die niet bestaat of niet gepubliceerd is: die wordt niet getoond.",
              en: "Refers to a story that does not exist or is not published: it is not shown.",
            },
          });
        });
      }
    }
    return hits;
  },
};
