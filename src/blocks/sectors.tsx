import { useSite } from "../render/site-context";
import { Image } from "../ui/image";
import { Link } from "../ui/link";
import { pageCount, type ListingQuery } from "./listings";
import type { SectorBlok } from "./sector";
import type { Story } from "../content/types";
import type { Blok, BlockProps } from "./types";
import { useListing } from "./use-listing";

export interface SectorsBlok extends Blok {
  component: "Sectors";
  eyebrow?: string;
  title?: string;
  intro?: string;
  /** How many sectors per page; 25 when empty. */
  limit?: string | number;
}

/** The sectors we work in: a card per Sector story under sectoren/, in the editor's order. */
export function Sectors({ blok }: BlockProps<SectorsBlok>) {
  const listing = useListing(blok);
  const { path } = useSite();
  const sectors = listing.stories.filter((story) => story.content?.component === "Sector") as Story<SectorBlok>[];
  const pages = pageCount(listing);
  const headingId = `sectors-${blok._uid}`;
  return (
    <section className="bg-white py-14 text-ink md:py-20" aria-labelledby={blok.title ? headingId : undefined} aria-label={blok.title ? undefined : "Sectoren"}>
      <div className="site-container">
        {blok.eyebrow || blok.title || blok.intro ? (
          <div className="mb-10 flex max-w-3xl flex-col gap-3">
            {blok.eyebrow ? <p className="eyebrow m-0">{blok.eyebrow}</p> : null}
            {blok.title ? (
              <h2 id={headingId} className="m-0 font-display text-3xl font-bold leading-tight tracking-tight md:text-4xl">
                {blok.title}
              </h2>
            ) : null}
            {blok.intro ? <p className="m-0 text-lg text-ink-soft">{blok.intro}</p> : null}
          </div>
        ) : null}
        {sectors.length ? (
          <ul className="m-0 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3">
            {sectors.map((story) => (
              <li key={story.uuid} className="flex">
                <SectorCard story={story} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="m-0 rounded-3xl bg-sand p-8 text-lg text-ink-soft">
            We zetten onze sectoren op dit moment op een rij. Kijk binnenkort nog eens, of neem contact met ons op.
          </p>
        )}
        {pages > 1 ? <Pagination path={path} page={listing.page} pages={pages} /> : null}
      </div>
    </section>
  );
}

// Typed on Blok: the registry calls `listing` with whatever blok it walks into.
Sectors.listing = (blok: Blok): ListingQuery => ({
  starts_with: "sectoren/",
  content_type: "Sector",
  sort_by: "position:asc",
  per_page: Number((blok as SectorsBlok).limit) || 25,
});

function SectorCard({ story }: { story: Story<SectorBlok> }) {
  const content = story.content;
  const title = content.cardTitle || content.title || story.name;
  // the SEO description is written as a one-line summary, so it doubles as the card text
  const teaser = content.teaser || content.description || content.intro;
  return (
    <article className="group relative flex w-full flex-col gap-4 rounded-3xl border border-sand-dark bg-sand p-7 transition-shadow hover:shadow-[0_12px_40px_-16px_rgba(22,22,42,0.35)]">
      {content.icon?.filename ? (
        <Image src={content.icon.filename} alt={content.icon.alt} sizes={{ xs: 56 }} width={56} height={56} className="h-14 w-14" />
      ) : null}
      <h3 className="m-0 font-display text-2xl font-bold leading-snug tracking-tight">{title}</h3>
      {teaser ? <p className="m-0 text-ink-muted">{teaser}</p> : null}
      <Link
        link={story.full_slug}
        className="mt-auto inline-flex items-center gap-2 pt-2 font-semibold text-koraal-700 no-underline before:absolute before:inset-0 before:rounded-3xl before:content-[''] hover:text-ink focus-ring"
        aria-label={`Bekijk sector ${title}`}
      >
        Bekijk sector
        <span aria-hidden="true" className="transition-transform group-hover:translate-x-1">
          →
        </span>
      </Link>
    </article>
  );
}

/** Real links to `?pagina=N`, so paging works without JavaScript. */
function Pagination({ path, page, pages }: { path: string; page: number; pages: number }) {
  const href = (n: number) => (n === 1 ? path : `${path}?pagina=${n}`);
  return (
    <nav aria-label="Paginering sectoren" className="mt-10">
      <ul className="m-0 flex list-none flex-wrap items-center gap-2 p-0">
        {page > 1 ? (
          <li>
            <a href={href(page - 1)} rel="prev" className="btn-secondary px-4 py-2">
              <span aria-hidden="true">←</span> Vorige
            </a>
          </li>
        ) : null}
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className="inline-flex h-11 min-w-11 items-center justify-center rounded-full bg-ink px-3 font-semibold text-white">
                {n}
              </span>
            ) : (
              <a href={href(n)} aria-label={`Pagina ${n}`} className="inline-flex h-11 min-w-11 items-center justify-center rounded-full border-2 border-ink px-3 font-semibold text-ink no-underline hover:bg-ink hover:text-white focus-ring">
                {n}
              </a>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <a href={href(page + 1)} rel="next" className="btn-secondary px-4 py-2">
              Volgende <span aria-hidden="true">→</span>
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
