import type { Rule } from "../rule.ts";
import { altOf, imagesOf } from "./images.ts";

/** Images the site shows as decoration (`alt=""`) or not as an image at all: no alt text needed. */
const DECORATIVE = new Set(["InsightDetail.authorImage", "VideoAsset.poster", "BlocksWithBackgroundImage.image"]);

/** An image that carries meaning without an alt text: screen readers and search engines get nothing. */
export const imageAltRule: Rule = {
  id: "image.alt",
  severity: "warning",
  check(input) {
    return imagesOf(input)
      .filter((image) => !DECORATIVE.has(`${image.at.blok.component}.${image.name}`) && !altOf(image.asset))
      .map((image) => ({
        at: image.at,
        field: `${image.field}.alt`,
        message: {
          nl: "Afbeelding zonder alt-tekst: beschrijf wat erop staat.",
          en: "Image without alt text: describe what it shows.",
        },
      }));
  },
};
