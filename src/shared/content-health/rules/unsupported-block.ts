import type { Rule } from "../rule.ts";

/** A block the site does not know: visitors get nothing where it stands (the preview shows a note). */
export const unsupportedBlockRule: Rule = {
  id: "block.unsupported",
  severity: "error",
  check(input) {
    return input.bloks
      .filter((at) => !input.isBlock(at.blok.component))
      .map((at) => ({
        at,
        field: "component",
        message: {
          nl: `Blok "${at.blok.component}" kent de site niet: bezoekers zien hier niets.`,
          en: `The site does not know the block "${at.blok.component}": visitors see nothing here.`,
        },
      }));
  },
};
