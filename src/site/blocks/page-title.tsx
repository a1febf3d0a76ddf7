import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";

export type PageTitleBlok = BlokOf<"PageTitle">;

/** The title of a page without a hero banner: its one `<h1>`, with an eyebrow and an intro. */
export function PageTitle({ blok }: BlockProps<PageTitleBlok>) {
  const editable = useEditable(blok);
  if (!blok.title && !blok.eyebrow && !blok.intro) return null;
  const titleId = `title-${blok._uid}`;
  return (
    <header {...editable} className="relative overflow-hidden bg-sand">
      <svg
        aria-hidden="true"
        viewBox="0 0 200 200"
        className="absolute -right-16 -top-10 h-56 w-56 text-koraal-200 md:right-8 md:top-8 md:h-80 md:w-80"
      >
        <path
          fill="currentColor"
          d="M45.7-57.6C58.5-44.6 67.2-28.8 70.6-11.6 74-.5 72.1 18.1 62.7 31.6 53.3 45.1 36.4 53.5 19.2 58.6 2 63.7-15.6 65.5-31.5 59.5-47.4 53.5-61.6 39.7-68.5 22.8-75.4 5.9-75-14.1-66.7-29.9-58.4-45.7-42.2-57.3-25.6-68.4-9-79.5 8-90.1 22.5-86.1 37-82.1 32.9-70.6 45.7-57.6Z"
          transform="translate(100 100)"
        />
      </svg>
      <div className="site-container relative flex flex-col items-start gap-5 pb-12 pt-14 md:pb-20 md:pt-24">
        {blok.eyebrow ? <p className="eyebrow m-0">{blok.eyebrow}</p> : null}
        {blok.title ? (
          <h1
            id={titleId}
            className="m-0 max-w-4xl break-words font-display text-4xl font-bold leading-tight tracking-tight hyphens-auto sm:text-5xl lg:text-6xl"
          >
            {blok.title}
          </h1>
        ) : null}
        {blok.intro ? <p className="m-0 max-w-2xl text-lg text-ink-soft sm:text-xl">{blok.intro}</p> : null}
      </div>
    </header>
  );
}
