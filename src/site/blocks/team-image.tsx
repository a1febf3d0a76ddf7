import { Image } from "../ui/image";
import { assetDimensions } from "../ui/image-url";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";

export type TeamImageBlok = BlokOf<"TeamImage">;

/** A wide picture of the team with a caption. */
export function TeamImage({ blok }: BlockProps<TeamImageBlok>) {
  const editable = useEditable(blok);
  if (!blok.image?.filename) return null;
  // our own illustrations are drawn 2:1; a Storyblok asset carries its size in its URL
  const size = assetDimensions(blok.image.filename) ?? { width: 1200, height: 600 };
  return (
    <div {...editable} className="site-container py-8 md:py-12">
      <figure className="m-0 flex flex-col gap-4">
        <Image
          src={blok.image.filename}
          alt={blok.image.alt}
          sizes={{ xs: 335, sm: 576, md: 704, lg: 960, xl: 1216 }}
          width={size.width}
          height={size.height}
          className="h-auto w-full rounded-3xl bg-sand object-cover"
        />
        {blok.caption ? (
          <figcaption className="flex max-w-3xl items-start gap-3 text-ink-muted">
            <span aria-hidden="true" className="mt-3 h-0.5 w-8 shrink-0 rounded-full bg-koraal-400" />
            <span>{blok.caption}</span>
          </figcaption>
        ) : null}
      </figure>
    </div>
  );
}
