import { absoluteUrl, numberOf } from "../../structured-data/schema-values.ts";
import type { Hit, Rule, RuleInput } from "../rule.ts";
import { fieldFacts } from "../model-facts.ts";
import { type BlokAt, fieldsOf, isObject } from "../walk.ts";

/** Every filled field of `type` in the story's bloks, with where it is. */
function fieldsOfType(input: RuleInput, type: string): Array<{ at: BlokAt; field: string; value: unknown }> {
  return input.bloks.flatMap((at) =>
    fieldsOf(at.blok)
      .filter(([field, value]) => fieldFacts(input.facts, at.blok.component, field)?.type === type && value !== "" && value != null)
      .map(([field, value]) => ({ at, field, value })),
  );
}

/**
 * A number field holding something else (`5 minutes` in the reading time): the site shows the text
 * but search engines get no duration or salary from it (Storyblok's number field writes numbers; an
 * import or the API can write anything).
 */
export const numberUnreadableRule: Rule = {
  id: "number.unreadable",
  severity: "warning",
  check(input) {
    return fieldsOfType(input, "number")
      .filter(({ value }) => numberOf(value) === undefined)
      .map(
        ({ at, field, value }): Hit => ({
          at,
          field,
          message: {
            nl: `"${String(value)}" is geen getal: vul alleen het getal in, zoekmachines lezen het anders niet.`,
            en: `"${String(value)}" is not a number: fill in the number only, search engines cannot read it otherwise.`,
          },
        }),
      );
  },
};

/** An asset whose file is no web address (`javascript:...`, a bare name): no image for visitors or search engines. */
export const assetUrlRule: Rule = {
  id: "asset.url",
  severity: "error",
  check(input) {
    return fieldsOfType(input, "asset")
      .filter(({ value }) => isObject(value) && typeof value.filename === "string" && value.filename.trim() !== "")
      .filter(({ value }) => absoluteUrl("https://site.invalid", (value as { filename: string }).filename) === undefined)
      .map(
        ({ at, field, value }): Hit => ({
          at,
          field,
          message: {
            nl: `Het bestand "${(value as { filename: string }).filename}" is geen webadres: kies de afbeelding opnieuw uit de bibliotheek.`,
            en: `The file "${(value as { filename: string }).filename}" is not a web address: pick the image again from the library.`,
          },
        }),
      );
  },
};
