import type { Rule } from "../rule.ts";
import { altOf, imagesOf } from "./images.ts";
import { assetsIn } from "../walk.ts";
import { wordCount } from "./translation.ts";

/**
 * On the English version, an alt text that is the Dutch one: the image field was not translated
 * (it falls back to the Dutch asset) or its alt was copied. Short alts (a name) may be the same.
 */
export const imageAltDutchRule: Rule = {
  id: "image.alt-dutch",
  severity: "warning",
  check(input) {
    const { dutch } = input;
    if (!dutch) return [];
    return imagesOf(input)
      .filter((image) => {
        if (!image.translatable || wordCount(altOf(image.asset)) < 2) return false;
        const dutchBlok = dutch.get(String(image.at.blok._uid));
        const dutchAsset = assetsIn(image.name, dutchBlok?.blok[image.name]).find((candidate) => candidate.field === image.field);
        return dutchAsset !== undefined && altOf(dutchAsset.asset) === altOf(image.asset);
      })
      .map((image) => ({
        at: image.at,
        field: `${image.field}.alt`,
        message: {
          nl: `De alt-tekst is op de Engelse pagina nog Nederlands: "${altOf(image.asset)}".`,
          en: `The alt text on the English page is still Dutch: "${altOf(image.asset)}".`,
        },
      }));
  },
};
