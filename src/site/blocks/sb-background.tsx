import { useEditable } from "../editable";
import { Blocks } from "./nested";
import type { BlockProps, BlokOf } from "./types";

export type SbBackgroundBlok = BlokOf<"SbBackground">;

/** The colours the model's `background` option offers. */
export type BackgroundColour = Exclude<NonNullable<SbBackgroundBlok["background"]>, "">;

/**
 * Nested blocks paint their own band (white, sand, ...): on a coloured wrapper their direct
 * children turn transparent and inherit its text colour, so the wrapper's colour shows through.
 */
export const NESTED_ON_BACKGROUND = "[&>*]:!bg-transparent [&>*]:!text-inherit";

/**
 * On a dark surface the site's dark-on-light accents lose their contrast: secondary text, the
 * eyebrow, text links and buttons switch to their light counterparts.
 */
export const ON_DARK =
  "text-white [&_.text-ink-soft]:!text-white/85 [&_.eyebrow]:!text-koraal-300 [&_.text-link]:!text-koraal-300 [&_.btn-primary]:!bg-koraal-400 [&_.btn-primary]:!text-ink [&_.btn-secondary]:!border-white [&_.btn-secondary]:!text-white [&_.text-koraal-600]:!text-koraal-300";

const BACKGROUNDS: Record<BackgroundColour, string> = {
  white: "bg-white text-ink",
  sand: "bg-sand text-ink",
  ink: `bg-ink ${ON_DARK}`,
  koraal: "bg-koraal-100 text-ink",
};

export function backgroundColour(value: unknown): BackgroundColour {
  return value === "white" || value === "ink" || value === "koraal" || value === "sand" ? value : "sand";
}

/** Nested blocks on one of the palette's background colours. */
export function SbBackground({ blok }: BlockProps<SbBackgroundBlok>) {
  const editable = useEditable(blok);
  if (!blok.blocks?.length) return null;
  const colour = backgroundColour(blok.background);
  return (
    <div {...editable} className={`${BACKGROUNDS[colour]} ${NESTED_ON_BACKGROUND} py-4 md:py-6`} data-background={colour}>
      <Blocks blocks={blok.blocks} />
    </div>
  );
}
