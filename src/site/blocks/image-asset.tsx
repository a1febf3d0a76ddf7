import { Image } from "../ui/image";
import { CONTENT_IMAGE_SIZES } from "../ui/image-url";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";

export type ImageAssetBlok = BlokOf<"ImageAsset">;

/**
 * One content image with its caption. It is drawn at the content image widths (180 px on phones,
 * 360 px from md up), so the srcset the browser picks from matches what it shows.
 */
export function ImageAsset({ blok }: BlockProps<ImageAssetBlok>) {
  const editable = useEditable(blok);
  if (!blok.image?.filename) return null;
  return (
    <div {...editable} className="site-container py-6">
      <figure className="m-0 flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-6">
        <Image
          src={blok.image.filename}
          alt={blok.image.alt}
          sizes={CONTENT_IMAGE_SIZES}
          className="block h-auto w-[180px] shrink-0 rounded-2xl bg-sand md:w-[360px]"
        />
        {blok.caption ? (
          <figcaption className="max-w-sm border-l-4 border-l-solid border-koraal-400 pl-4 text-sm leading-relaxed text-ink-muted sm:mb-2">
            {blok.caption}
          </figcaption>
        ) : null}
      </figure>
    </div>
  );
}
