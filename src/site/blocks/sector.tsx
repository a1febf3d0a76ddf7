import { Image } from "../ui/image";
import { HERO_IMAGE_SIZES } from "../ui/image-url";
import { useEditable } from "../editable";
import { Blocks } from "./nested";
import type { BlockProps, BlokOf } from "./types";
import { useT } from "../site-context";

export type SectorBlok = BlokOf<"Sector">;

/** A sector page: what we know of the sector, then its own blocks. Renders the page's only h1. */
export function Sector({ blok }: BlockProps<SectorBlok>) {
  const editable = useEditable(blok);
  const headingId = `sector-${blok._uid}`;
  const { t } = useT();
  return (
    <article {...editable} className="flex flex-col" aria-labelledby={headingId}>
      <header className="relative overflow-hidden bg-sand">
        <div className="site-container grid items-start gap-10 py-14 md:grid-cols-[1.2fr_1fr] md:py-20">
          <div className="flex flex-col items-start gap-5">
            <nav aria-label={t.common.breadcrumb}>
              <ol className="m-0 flex list-none flex-wrap items-center gap-2 p-0 text-sm font-semibold">
                <li>
                  <a href={t.paths.sectors} className="text-koraal-700 no-underline hover:text-ink kbd-focus">
                    {t.sectors.label}
                  </a>
                </li>
                {blok.cardTitle || blok.title ? (
                  <>
                    <li aria-hidden="true" className="text-ink-muted">
                      /
                    </li>
                    <li aria-current="page" className="text-ink-muted">
                      {blok.cardTitle || blok.title}
                    </li>
                  </>
                ) : null}
              </ol>
            </nav>
            <h1 id={headingId} className="m-0 font-display text-4xl font-bold leading-tight tracking-tight sm:text-5xl lg:text-6xl">
              {blok.title || t.sectors.fallbackTitle}
            </h1>
            {blok.intro ? <p className="m-0 max-w-xl text-lg text-ink-soft sm:text-xl">{blok.intro}</p> : null}
          </div>
          {blok.image?.filename ? (
            <Image
              src={blok.image.filename}
              alt={blok.image.alt}
              sizes={HERO_IMAGE_SIZES}
              width={640}
              height={480}
              priority
              className="h-auto w-full rounded-3xl"
            />
          ) : null}
        </div>
      </header>
      <Blocks blocks={blok.body} />
    </article>
  );
}
