import type { RuleInput } from "../rule.ts";
import { fieldFacts } from "../model-facts.ts";
import { assetsIn, type BlokAt, fieldsOf, type AssetValue } from "../walk.ts";

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|svg)$/i;

/** An image in a field, with the facts of the field it is in. */
export interface ImageAt {
  at: BlokAt;
  /** The blok's field it is in. */
  name: string;
  /** The field path to the asset: `image`, `images[1]`. */
  field: string;
  asset: AssetValue & { filename: string };
  translatable: boolean;
}

/** Every image of a version: assets of image fields (any asset named like an image where the model does not say). */
export function imagesOf(input: RuleInput): ImageAt[] {
  const images: ImageAt[] = [];
  for (const at of input.bloks) {
    for (const [name, value] of fieldsOf(at.blok)) {
      const facts = fieldFacts(input.facts, at.blok.component, name);
      if (facts && !(facts.type === "asset" || facts.type === "multiasset")) continue;
      for (const { field, asset } of assetsIn(name, value)) {
        const image = facts?.filetypes ? facts.filetypes.includes("images") : IMAGE_FILE.test(asset.filename);
        if (image) images.push({ at, name, field, asset, translatable: facts?.translatable === true });
      }
    }
  }
  return images;
}

export const altOf = (asset: AssetValue): string => (typeof asset.alt === "string" ? asset.alt.trim() : "");
