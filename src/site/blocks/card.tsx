import { createContext, useContext } from "react";
import { resolveLink } from "../../shared/links/links";
import { Image } from "../ui/image";
import { Link } from "../ui/link";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";
import { useT } from "../site-context";

export type CardBlok = BlokOf<"Card">;

/** True under a section heading (a titled CardsCollection): the card's title is an h3, else an h2. */
export const UnderHeading = createContext(false);

/** A card with an illustration, a label, a title, a short text and a link; the whole card is clickable. */
export function Card({ blok }: BlockProps<CardBlok>) {
  const editable = useEditable(blok);
  const { t } = useT();
  const underHeading = useContext(UnderHeading);
  if (!blok.title && !blok.text && !blok.image?.filename) return null;
  const linked = resolveLink(blok.link) !== null;
  const Heading = underHeading ? "h3" : "h2";
  return (
    <article
      {...editable}
      className="group relative flex h-full w-full flex-col overflow-hidden rounded-3xl border border-sand-dark bg-white text-ink transition-shadow hover:shadow-[0_12px_40px_-16px_rgba(22,22,42,0.35)]"
    >
      {blok.image?.filename ? (
        <Image
          src={blok.image.filename}
          alt={blok.image.alt}
          sizes={{ xs: 320, sm: 600, md: 360, lg: 400 }}
          width={640}
          height={400}
          className="aspect-[16/10] h-auto w-full bg-sand object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-6 md:p-7">
        {blok.label ? <p className="m-0 text-xs font-semibold uppercase tracking-widest text-koraal-700">{blok.label}</p> : null}
        {blok.title ? <Heading className="m-0 font-display text-xl font-bold leading-snug md:text-2xl">{blok.title}</Heading> : null}
        {blok.text ? <p className="m-0 text-ink-muted">{blok.text}</p> : null}
        {linked ? (
          <Link
            link={blok.link}
            className="mt-auto inline-flex items-center gap-2 pt-2 font-semibold text-koraal-700 no-underline before:absolute before:inset-0 before:content-[''] hover:text-ink kbd-focus"
          >
            {blok.linkText || t.common.readOn}
            <span aria-hidden="true" className="transition-transform group-hover:translate-x-1">
              →
            </span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}
