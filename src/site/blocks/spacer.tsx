import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";

export type SpacerBlok = BlokOf<"Spacer">;

const SIZES = {
  small: "h-6 md:h-8",
  medium: "h-12 md:h-16",
  large: "h-20 md:h-32",
} as const satisfies Record<Exclude<NonNullable<SpacerBlok["size"]>, "">, string>;

/** Breathing room between blocks; nothing to read, so hidden from assistive technology. */
export function Spacer({ blok }: BlockProps<SpacerBlok>) {
  const editable = useEditable(blok);
  const size = typeof blok.size === "string" && Object.hasOwn(SIZES, blok.size) ? (blok.size as keyof typeof SIZES) : "medium";
  return <div {...editable} aria-hidden="true" data-size={size} className={`w-full shrink-0 ${SIZES[size]}`} />;
}
