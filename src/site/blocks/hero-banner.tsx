import { Image } from "../ui/image";
import { HERO_IMAGE_SIZES } from "../ui/image-url";
import { Link } from "../ui/link";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";

export type HeroBannerBlok = BlokOf<"HeroBanner">;

/** The opening statement of a page: big title, intro and one call to action. */
export function HeroBanner({ blok }: BlockProps<HeroBannerBlok>) {
  const editable = useEditable(blok);
  return (
    <section {...editable} className="relative overflow-hidden bg-sand" aria-labelledby={`hero-${blok._uid}`}>
      <div className="site-container grid items-start gap-10 py-16 md:grid-cols-[1.2fr_1fr] md:py-24">
        <div className="flex flex-col items-start gap-6">
          {blok.eyebrow ? <p className="eyebrow m-0">{blok.eyebrow}</p> : null}
          <h1 id={`hero-${blok._uid}`} className="m-0 font-display text-4xl font-bold leading-tight tracking-tight sm:text-5xl lg:text-6xl">
            {blok.title}
          </h1>
          {blok.subtitle ? <p className="m-0 max-w-xl text-lg text-ink-soft sm:text-xl">{blok.subtitle}</p> : null}
          {blok.ctaText && blok.cta ? (
            <Link link={blok.cta} className="btn-primary">
              {blok.ctaText}
              <span aria-hidden="true">→</span>
            </Link>
          ) : null}
        </div>
        {blok.image?.filename ? (
          <Image src={blok.image.filename} alt={blok.image.alt} sizes={HERO_IMAGE_SIZES} priority className="h-auto w-full rounded-3xl" />
        ) : null}
      </div>
    </section>
  );
}
