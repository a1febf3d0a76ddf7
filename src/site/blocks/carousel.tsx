import { CarouselControls } from "../islands/carousel-controls";
import { Island } from "../islands/island";
import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import { useSite } from "../site-context";
import { InCarousel } from "./carousel-item";
import type { BlockProps, BlokOf } from "./types";

export type CarouselBlok = BlokOf<"Carousel">;

/**
 * A row of CarouselItems that scrolls sideways with CSS scroll snapping: swipe, trackpad or the
 * arrow keys once the region has focus, with no script; where JavaScript runs, previous/next
 * buttons too (an island).
 */
export function Carousel({ blok }: BlockProps<CarouselBlok>) {
  const editable = useEditable(blok);
  const { Block, t } = useSite();
  const items = (blok.items ?? []).filter((item) => item && typeof item.component === "string");
  if (!items.length) return null;
  const headingId = `carousel-${blok._uid}`;
  return (
    <Section {...editable} tone="sand" labelledBy={blok.title ? headingId : undefined} className="overflow-hidden">
      <SectionHeading id={headingId} eyebrow={blok.eyebrow} title={blok.title} intro={blok.intro} />
      <section
        id={`${headingId}-track`}
        aria-label={t.carousel.scrollLabel(blok.title)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take keyboard focus to be scrolled by keyboard (WCAG 2.1.1; axe scrollable-region-focusable)
        tabIndex={0}
        className="-mx-5 overflow-x-auto overscroll-x-contain scroll-smooth snap-x snap-mandatory scroll-px-5 px-5 pb-6 pt-1 outline-none focus-visible:ring-3 focus-visible:ring-koraal-600 focus-visible:ring-inset sm:-mx-8 sm:scroll-px-8 sm:px-8 [scrollbar-color:#FF7979_transparent] [scrollbar-width:thin]"
      >
        <ul className="m-0 flex list-none gap-5 p-0">
          <InCarousel.Provider value={true}>
            {items.map((item, index) => (
              <li key={item._uid || index} className="w-[82%] max-w-sm shrink-0 snap-start sm:w-[45%] lg:w-[31%]">
                <Block blok={item} />
              </li>
            ))}
          </InCarousel.Provider>
        </ul>
      </section>
      {items.length > 1 ? (
        <Island
          name="CarouselControls"
          component={CarouselControls}
          props={{
            trackId: `${headingId}-track`,
            label: t.carousel.controlsLabel(blok.title),
            previous: t.carousel.previous,
            next: t.carousel.next,
          }}
        />
      ) : null}
      {items.length > 1 ? (
        <p aria-hidden="true" className="m-0 mt-2 flex items-center gap-2 text-sm text-ink-muted">
          {`${t.carousel.hint} `}
          <span className="text-koraal-700">→</span>
        </p>
      ) : null}
    </Section>
  );
}
