import { assetDimensions, isResizableAsset, MAX_IMAGE_WIDTH } from "../../image-url.ts";
import type { Rule } from "../rule.ts";
import { imagesOf } from "./images.ts";

/** The site never asks for an image wider than MAX_IMAGE_WIDTH; twice that is far more than any page shows. */
export const OVERSIZED_WIDTH = 2 * MAX_IMAGE_WIDTH;

/** Fields where a drawing is expected (logos, icons, patterns): elsewhere an image is a photo. */
const VECTOR_FIELDS = new Set(["logo", "icon"]);
const VECTOR_BLOCK_FIELDS = new Set(["BlocksWithBackgroundImage.image"]);

/**
 * An image far larger than any size the site shows it at (the upload, the image service's work and
 * the editor's previews are slow for nothing).
 */
export const imageOversizedRule: Rule = {
  id: "image.oversized",
  severity: "warning",
  check(input) {
    return imagesOf(input).flatMap((image) => {
      const size = assetDimensions(image.asset.filename);
      if (!size || !isResizableAsset(image.asset.filename) || size.width <= OVERSIZED_WIDTH) return [];
      return [
        {
          at: image.at,
          field: image.field,
          message: {
            nl: `Afbeelding is ${size.width}×${size.height} pixels; de site toont hem nooit breder dan ${MAX_IMAGE_WIDTH}. Upload hem kleiner (hooguit ${OVERSIZED_WIDTH} breed).`,
            en: `Image is ${size.width}×${size.height} pixels; the site never shows it wider than ${MAX_IMAGE_WIDTH}. Upload it smaller (at most ${OVERSIZED_WIDTH} wide).`,
          },
        },
      ];
    });
  },
};

/**
 * An SVG where a photo is expected: the image service sends it as it is, and a sharing
 * image cannot be made of it.
 */
export const imageSvgRule: Rule = {
  id: "image.svg-photo",
  severity: "warning",
  check(input) {
    return imagesOf(input)
      .filter(
        (image) =>
          /\.svg$/i.test(image.asset.filename) &&
          !VECTOR_FIELDS.has(image.name) &&
          !VECTOR_BLOCK_FIELDS.has(`${image.at.blok.component}.${image.name}`),
      )
      .map((image) => ({
        at: image.at,
        field: image.field,
        message: {
          nl: "Hier hoort een foto (JPEG, PNG of WebP), geen SVG: die wordt niet verkleind of omgezet.",
          en: "A photo (JPEG, PNG or WebP) belongs here, not an SVG: it is not resized or converted.",
        },
      }));
  },
};
