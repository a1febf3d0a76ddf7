import { useEditable } from "../editable";
import { Blocks } from "./nested";
import { NESTED_ON_BACKGROUND } from "./sb-background";
import type { BlockProps, BlokOf } from "./types";

export type SbGradientBlok = BlokOf<"SbGradient">;

/**
 * Nested blocks on the coral gradient. The deepest coral is too light behind the usual coral
 * accents, so eyebrows and text links turn to the darkest coral there.
 */
export function SbGradient({ blok }: BlockProps<SbGradientBlok>) {
  const editable = useEditable(blok);
  if (!blok.blocks?.length) return null;
  return (
    <div
      {...editable}
      className={`relative overflow-hidden bg-gradient-to-br from-koraal-100 via-koraal-200 to-koraal-300 text-ink py-4 md:py-6 [&_.eyebrow]:!text-koraal-900 [&_.text-link]:!text-koraal-900 ${NESTED_ON_BACKGROUND}`}
    >
      <Blocks blocks={blok.blocks} />
    </div>
  );
}
