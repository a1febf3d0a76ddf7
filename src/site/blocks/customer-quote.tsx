import { Image } from "../ui/image";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";
import { keyed } from "../ui/keys";

export type CustomerQuoteBlok = BlokOf<"CustomerQuote">;

/** What a client says about working with us, with who said it. */
export function CustomerQuote({ blok }: BlockProps<CustomerQuoteBlok>) {
  const editable = useEditable(blok);
  const quote = typeof blok.quote === "string" ? blok.quote.trim() : "";
  if (!quote) return null;
  const paragraphs = quote
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const position = [blok.role, blok.company].filter(Boolean).join(", ");
  return (
    <div {...editable} className="site-container py-10 md:py-14">
      <figure className="relative m-0 overflow-hidden rounded-3xl bg-koraal-50 px-6 py-10 sm:px-10 md:px-16 md:py-14">
        <svg
          aria-hidden="true"
          viewBox="0 0 64 48"
          className="mb-5 block h-9 w-12 text-koraal-300 md:absolute md:right-12 md:top-10 md:mb-0 md:h-20 md:w-28 md:text-koraal-200"
        >
          <path
            fill="currentColor"
            d="M0 48V30C0 13 8 3 24 0l3 6C18 9 14 15 14 22h12v26H0Zm37 0V30c0-17 8-27 24-30l3 6c-9 3-13 9-13 16h12v26H37Z"
          />
        </svg>
        <blockquote className="relative m-0 max-w-4xl">
          {keyed(paragraphs).map(([key, paragraph]) => (
            <p key={key} className="m-0 font-display text-2xl font-semibold leading-snug tracking-tight text-ink md:text-3xl [&+p]:mt-4">
              {paragraph}
            </p>
          ))}
        </blockquote>
        {blok.name || position ? (
          <figcaption className="relative mt-8 flex items-center gap-4">
            {blok.avatar?.filename ? (
              <Image
                src={blok.avatar.filename}
                alt={blok.avatar.alt}
                sizes={{ xs: 56 }}
                width={56}
                height={56}
                className="h-14 w-14 shrink-0 rounded-full object-cover ring-4 ring-white"
              />
            ) : (
              <span aria-hidden="true" className="h-1 w-10 shrink-0 rounded-full bg-koraal-400" />
            )}
            <span className="flex flex-col leading-snug">
              {blok.name ? <span className="font-semibold text-ink">{blok.name}</span> : null}
              {position ? <span className="text-ink-muted">{position}</span> : null}
            </span>
          </figcaption>
        ) : null}
      </figure>
    </div>
  );
}
