import { resolveLink } from "../../shared/links/links";
import { Disc } from "../ui/decoration";
import { Link } from "../ui/link";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";

export type CtaBlok = BlokOf<"Cta">;

/** The invitation at the end of a page: a dark rounded panel with a title and one or two buttons. */
export function Cta({ blok }: BlockProps<CtaBlok>) {
  const editable = useEditable(blok);
  if (!blok.title && !blok.text) return null;
  const headingId = `cta-${blok._uid}`;
  const primary = Boolean(blok.linkText) && resolveLink(blok.link) !== null;
  const secondary = Boolean(blok.secondaryLinkText) && resolveLink(blok.secondaryLink) !== null;
  return (
    <section {...editable} className="py-10 md:py-16" aria-labelledby={blok.title ? headingId : undefined}>
      <div className="site-container">
        <div className="relative isolate overflow-hidden rounded-[2rem] bg-ink px-6 py-12 text-white sm:px-12 md:py-16">
          <svg
            aria-hidden="true"
            focusable="false"
            viewBox="0 0 200 200"
            className="absolute -right-5 -top-5 h-20 w-20 text-koraal-400 md:right-40 md:top-10 md:text-koraal-200"
          >
            <circle cx="100" cy="100" r="60" fill="none" stroke="currentColor" strokeWidth="16" />
          </svg>
          <div className="relative flex max-w-2xl flex-col items-start gap-5">
            {blok.eyebrow ? <p className="m-0 text-sm font-semibold uppercase tracking-widest text-koraal-300">{blok.eyebrow}</p> : null}
            {blok.title ? (
              <h2 id={headingId} className="m-0 font-display text-3xl font-bold leading-tight tracking-tight md:text-5xl">
                {blok.title}
              </h2>
            ) : null}
            {blok.text ? <p className="m-0 text-lg text-white/85">{blok.text}</p> : null}
            {primary || secondary ? <CtaLinks blok={blok} primary={primary} secondary={secondary} /> : null}
          </div>
          {/* anchored to the bottom, so after the content (behind it): drawn once the content is there, it
              cannot move as a streamed block's text arrives (as the article header's circle did) */}
          <Disc className="absolute -bottom-20 right-10 -z-10 hidden h-72 w-72 text-koraal-400 md:block" />
        </div>
      </div>
    </section>
  );
}

/** The primary button (filled, with an arrow) and the secondary one (outlined), each when it has a text and a target. */
function CtaLinks({ blok, primary, secondary }: { blok: CtaBlok; primary: boolean; secondary: boolean }) {
  return (
    <div className="mt-2 flex flex-wrap gap-3">
      {primary ? (
        <Link
          link={blok.link}
          className="inline-flex items-center gap-2 rounded-full bg-koraal-400 px-6 py-3 font-semibold text-ink no-underline transition-colors hover:bg-white kbd-focus"
        >
          {blok.linkText}
          <span aria-hidden="true">→</span>
        </Link>
      ) : null}
      {secondary ? (
        <Link
          link={blok.secondaryLink}
          className="inline-flex items-center gap-2 rounded-full border-2 border-white px-6 py-3 font-semibold text-white no-underline transition-colors hover:bg-white hover:text-ink kbd-focus"
        >
          {blok.secondaryLinkText}
        </Link>
      ) : null}
    </div>
  );
}
