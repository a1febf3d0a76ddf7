import { resolveLink } from "../../shared/links/links";
import { Disc } from "../ui/decoration";
import { Link } from "../ui/link";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";

export type TextBannerBlok = BlokOf<"TextBanner">;

/** A full-width coral band with one big statement, and optionally a link to read on. */
export function TextBanner({ blok }: BlockProps<TextBannerBlok>) {
  const editable = useEditable(blok);
  const text = blok.text?.trim();
  if (!text) return null;
  return (
    <div {...editable} className="relative overflow-hidden bg-koraal-400 text-ink">
      <Disc className="absolute -right-16 -top-16 h-64 w-64 text-koraal-300 md:h-96 md:w-96" />
      <div className="site-container relative flex flex-col items-start gap-6 py-16 md:py-24">
        {blok.eyebrow ? <p className="m-0 text-sm font-semibold uppercase tracking-widest">{blok.eyebrow}</p> : null}
        <p className="m-0 max-w-5xl text-balance font-display text-2xl font-bold leading-tight tracking-tight sm:text-4xl lg:text-5xl">
          {text}
        </p>
        {blok.linkText && resolveLink(blok.link) ? (
          <Link
            link={blok.link}
            className="inline-flex items-center gap-2 font-semibold text-ink underline decoration-2 underline-offset-4 hover:decoration-white kbd-focus"
          >
            {blok.linkText}
            <span aria-hidden="true">→</span>
          </Link>
        ) : null}
      </div>
    </div>
  );
}
