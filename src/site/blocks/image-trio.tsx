import { Image } from "../ui/image";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";
import { keyed } from "../ui/keys";

export type ImageTrioBlok = BlokOf<"ImageTrio">;

/**
 * Three images as an editorial spread: the first large, the other two stacked beside it on
 * wider screens and side by side beneath it on phones.
 */
export function ImageTrio({ blok }: BlockProps<ImageTrioBlok>) {
  const editable = useEditable(blok);
  const images = (Array.isArray(blok.images) ? blok.images : []).filter((image) => image?.filename).slice(0, 3);
  const [main, ...rest] = images;
  if (!main) return null;
  return (
    <div {...editable} className="site-container py-10 md:py-14">
      <figure className="m-0">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 md:grid-rows-2 md:gap-6">
          <div
            className={
              rest.length
                ? "relative col-span-2 aspect-[4/3] overflow-hidden rounded-3xl bg-sand md:row-span-2 md:aspect-auto"
                : "relative col-span-2 aspect-[16/9] overflow-hidden rounded-3xl bg-sand md:col-span-3 md:row-span-2"
            }
          >
            <Image
              src={main.filename}
              alt={main.alt}
              sizes={{ xs: 335, sm: 576, md: 464, lg: 624, xl: 800 }}
              className="absolute inset-0 block h-full w-full object-cover"
            />
          </div>
          {keyed(rest, (image) => image.filename ?? "").map(([key, image]) => (
            <div key={key} className="relative aspect-[4/3] overflow-hidden rounded-3xl bg-sand">
              <Image
                src={image.filename}
                alt={image.alt}
                sizes={{ xs: 162, sm: 282, md: 224, lg: 304, xl: 392 }}
                className="absolute inset-0 block h-full w-full object-cover"
              />
            </div>
          ))}
        </div>
        {blok.caption ? <figcaption className="mt-4 max-w-2xl text-sm leading-relaxed text-ink-muted">{blok.caption}</figcaption> : null}
      </figure>
    </div>
  );
}
