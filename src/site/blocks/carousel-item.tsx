import { createContext, useContext } from "react";
import { resolveLink } from "../../shared/links/links";
import { Image } from "../ui/image";
import { assetDimensions } from "../ui/image-url";
import { Link } from "../ui/link";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";
import { useT, type EditableProps } from "../site-context";

export type CarouselItemBlok = BlokOf<"CarouselItem">;

/** True inside a Carousel: the item is one of a list (h3), not a block of the page (h2). */
export const InCarousel = createContext(false);

/** Carousel illustrations are drawn 4:3; a Storyblok asset carries its own size. */
const IMAGE_SIZE = { width: 640, height: 480 };

/**
 * One slide of a Carousel: picture, title, a few lines and an optional link. Its root, and so the
 * element carrying its editor attributes, is the card in a Carousel and the container on its own.
 */
export function CarouselItem({ blok }: BlockProps<CarouselItemBlok>) {
  const editable = useEditable(blok);
  const nested = useContext(InCarousel);
  if (!blok.title && !blok.text && !blok.image?.filename) return null;
  if (nested) return <CarouselCard blok={blok} headingLevel={3} editable={editable} />;
  const card = <CarouselCard blok={blok} headingLevel={2} />;
  return (
    <div {...editable} className="site-container py-8">
      <div className="max-w-md">{card}</div>
    </div>
  );
}

function CarouselCard({ blok, headingLevel, editable }: { blok: CarouselItemBlok; headingLevel: 2 | 3; editable?: EditableProps }) {
  const Heading = `h${headingLevel}` as const;
  const headingId = `carousel-item-${blok._uid}`;
  const target = resolveLink(blok.link);
  const { t } = useT();
  return (
    <article
      {...editable}
      aria-labelledby={blok.title ? headingId : undefined}
      className="flex h-full flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-sand-dark"
    >
      {blok.image?.filename ? (
        <Image
          src={blok.image.filename}
          alt={blok.image.alt}
          sizes={{ xs: 280, sm: 300, lg: 384 }}
          {...(assetDimensions(blok.image.filename) ?? IMAGE_SIZE)}
          className="aspect-[4/3] h-auto w-full bg-sand object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col items-start gap-3 p-6">
        {blok.title ? (
          <Heading id={headingId} className="m-0 font-display text-xl font-bold leading-snug">
            {blok.title}
          </Heading>
        ) : null}
        {blok.text ? <p className="m-0 text-ink-soft">{blok.text}</p> : null}
        {target ? (
          <Link link={blok.link} className="text-link mt-auto pt-2 font-semibold">
            {blok.linkText || t.common.readMore}
            <span aria-hidden="true"> {target.external ? "↗" : "→"}</span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}
