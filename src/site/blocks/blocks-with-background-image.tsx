import { fullWidthSizes } from "../ui/image-url";
import { Image } from "../ui/image";
import { useEditable } from "../editable";
import { Blocks } from "./nested";
import { NESTED_ON_BACKGROUND, ON_DARK } from "./sb-background";
import type { BlockProps, BlokOf } from "./types";

export type BlocksWithBackgroundImageBlok = BlokOf<"BlocksWithBackgroundImage">;

/** Nested blocks over a full-bleed image; an overlay keeps the text readable whatever the image. */
export function BlocksWithBackgroundImage({ blok }: BlockProps<BlocksWithBackgroundImageBlok>) {
  const editable = useEditable(blok);
  if (!blok.blocks?.length) return null;
  const light = blok.overlay === "light";
  return (
    <div
      {...editable}
      className={`relative isolate overflow-hidden ${light ? "bg-sand text-ink" : "bg-ink"}`}
      data-overlay={light ? "light" : "dark"}
    >
      {blok.image?.filename ? (
        <Image
          src={blok.image.filename}
          alt={blok.image.alt}
          sizes={fullWidthSizes()}
          width={1600}
          height={900}
          className="absolute inset-0 -z-10 h-full w-full object-cover"
        />
      ) : null}
      <div aria-hidden="true" className={`absolute inset-0 -z-10 ${light ? "bg-white/85" : "bg-ink/80"}`} />
      <div className={`relative py-6 md:py-10 ${light ? "" : ON_DARK} ${NESTED_ON_BACKGROUND}`}>
        <Blocks blocks={blok.blocks} />
      </div>
    </div>
  );
}
