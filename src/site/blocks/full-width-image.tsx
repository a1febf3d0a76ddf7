import { Image } from "../ui/image";
import { fullWidthSizes } from "../ui/image-url";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";

export type FullWidthImageBlok = BlokOf<"FullWidthImage">;

/** One image from edge to edge of the window, as a pause between chapters. */
export function FullWidthImage({ blok }: BlockProps<FullWidthImageBlok>) {
  const editable = useEditable(blok);
  if (!blok.image?.filename) return null;
  return (
    <figure {...editable} className="m-0 my-10 w-full md:my-16">
      <Image
        src={blok.image.filename}
        alt={blok.image.alt}
        sizes={fullWidthSizes()}
        className="block aspect-[16/9] h-auto max-h-[80vh] w-full bg-sand object-cover md:aspect-[21/9]"
      />
      {blok.caption ? <figcaption className="site-container mt-4 text-sm leading-relaxed text-ink-muted">{blok.caption}</figcaption> : null}
    </figure>
  );
}
