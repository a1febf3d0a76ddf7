import { FigureSection } from "../ui/figure-section";
import { Image } from "../ui/image";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";
import { keyed } from "../ui/keys";

export type ImageGroupBlok = BlokOf<"ImageGroup">;

/** A set of images in an even grid: two columns, three from md up (two when there are two or four). */
export function ImageGroup({ blok }: BlockProps<ImageGroupBlok>) {
  const editable = useEditable(blok);
  const images = (Array.isArray(blok.images) ? blok.images : []).filter((image) => image?.filename);
  if (!images.length) return null;
  const evenGrid = images.length === 2 || images.length === 4;
  return (
    <FigureSection {...editable} id={`images-${blok._uid}`} title={blok.title} caption={blok.caption}>
      <ul
        className={
          evenGrid
            ? "m-0 grid list-none grid-cols-2 gap-3 p-0 md:gap-6"
            : "m-0 grid list-none grid-cols-2 gap-3 p-0 md:grid-cols-3 md:gap-6"
        }
      >
        {keyed(images, (image) => image.filename ?? "").map(([key, image]) => (
          <li key={key} className="overflow-hidden rounded-2xl bg-sand">
            <Image
              src={image.filename}
              alt={image.alt}
              sizes={evenGrid ? { xs: 162, sm: 282, md: 340, lg: 468, xl: 596 } : { xs: 162, sm: 282, md: 219, lg: 303, xl: 389 }}
              className="block aspect-[4/3] h-auto w-full object-cover"
            />
          </li>
        ))}
      </ul>
    </FigureSection>
  );
}
