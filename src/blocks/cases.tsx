import { useSite } from "../render/site-context";
import { Image } from "../ui/image";
import { Link } from "../ui/link";
import type { CaseDetailBlok } from "./case-detail";
import { pageCount, type ListingQuery } from "./listings";
import type { Blok, BlockProps, LinkField } from "./types";
import type { Story } from "../content/types";
import { useListing } from "./use-listing";

export interface CasesBlok extends Blok {
  component: "Cases";
  eyebrow?: string;
  title?: string;
  intro?: string;
  /** How many cases to show (a teaser on the home page); all of them, 25 per page, when empty. */
  limit?: string | number;
  /** "Bekijk alle cases": where the complete overview lives. */
  link?: LinkField;
  linkText?: string;
}

/** Our case stories (CaseDetail under cases/), newest first, as cards. */
export function Cases({ blok }: BlockProps<CasesBlok>) {
  const listing = useListing(blok);
  const { path } = useSite();
  const cases = listing.stories.filter(isCaseStory);
  const headingId = `cases-${blok._uid}`;
  const pages = pageCount(listing);
  const isTeaser = listingLimit(blok.limit) !== undefined;
  return (
    <section
      className="bg-white py-14 text-ink md:py-20"
      aria-labelledby={blok.title ? headingId : undefined}
      aria-label={blok.title ? undefined : "Cases"}
    >
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
        {cases.length ? (
          <ul className="m-0 grid list-none gap-x-8 gap-y-12 p-0 md:grid-cols-2 lg:grid-cols-3">
            {cases.map((story) => (
              <li key={story.uuid} className="flex">
                <CaseCard story={story} headingLevel={blok.title ? 3 : 2} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyListing
            text={listing.page > 1 ? "Op deze pagina staan geen cases meer." : "We schrijven onze nieuwste cases op dit moment uit. Kom binnenkort terug, of vraag ons gerust naar voorbeelden."}
            backTo={listing.page > 1 ? path : undefined}
          />
        )}
        {!isTeaser && pages > 1 ? <ListingPagination label="Paginering cases" path={path} page={listing.page} pages={pages} /> : null}
        {blok.link && resolvesTo(blok.link) ? (
          <p className="m-0 mt-12">
            <Link link={blok.link} className="btn-secondary border-solid">
              {blok.linkText || "Bekijk alle cases"}
              <span aria-hidden="true">→</span>
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}

Cases.listing = (blok: CasesBlok): ListingQuery => ({
  starts_with: "cases/",
  content_type: "CaseDetail",
  sort_by: "first_published_at:desc",
  per_page: listingLimit(blok.limit) ?? 25,
});

/** A number field arrives as a string ("3"); anything that is not a sensible page size means "no limit". */
export function listingLimit(value: unknown): number | undefined {
  const limit = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, 100) : undefined;
}

export function isCaseStory(story: unknown): story is Story<CaseDetailBlok> {
  return typeof story === "object" && story !== null && (story as Story).content?.component === "CaseDetail" && typeof (story as Story).full_slug === "string";
}

/**
 * A card for one case story: picture, client and sector, title, intro; the whole card links to the
 * case. Its heading is an h3 under a titled section, an h2 when the section has no heading.
 */
export function CaseCard({ story, headingLevel = 3 }: { story: Story<CaseDetailBlok>; headingLevel?: 2 | 3 }) {
  const content = story.content;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const title = content.title || story.name;
  const meta = [content.client, content.sector].filter(Boolean).join(" · ");
  return (
    <article className="group relative flex w-full flex-col gap-4">
      <div className="overflow-hidden rounded-3xl bg-koraal-50 ring-1 ring-sand-dark">
        {content.heroImage?.filename ? (
          <Image
            src={content.heroImage.filename}
            alt={content.heroImage.alt}
            sizes={{ xs: 335, sm: 576, md: 340, lg: 300, xl: 384 }}
            className="block aspect-[4/3] h-auto w-full object-cover transition-transform duration-500 group-hover:scale-103"
          />
        ) : (
          <div aria-hidden="true" className="aspect-[4/3] w-full bg-[radial-gradient(circle_at_30%_30%,#FFA8A8,#FFE6E6_60%)]" />
        )}
      </div>
      {meta ? <p className="m-0 text-sm font-semibold uppercase tracking-widest text-koraal-700">{meta}</p> : null}
      <Heading className="m-0 break-words font-display text-2xl font-bold leading-snug tracking-tight hyphens-auto">
        <Link link={story.full_slug} className="text-ink no-underline after:absolute after:inset-0 after:rounded-3xl after:content-[''] group-hover:text-koraal-700 focus-ring">
          {title}
        </Link>
      </Heading>
      {content.intro ? <p className="m-0 line-clamp-3 text-ink-soft">{content.intro}</p> : null}
      <p aria-hidden="true" className="m-0 mt-auto font-semibold text-koraal-700">
        Lees de case <span className="inline-block transition-transform group-hover:translate-x-1">→</span>
      </p>
    </article>
  );
}

/** What an empty listing says, with a way back to the first page when paged past the end. */
export function EmptyListing({ text, backTo }: { text: string; backTo?: string }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-3xl bg-sand p-8 md:p-10">
      <p className="m-0 max-w-2xl text-lg text-ink-soft">{text}</p>
      {backTo ? (
        <a href={backTo} className="text-link font-semibold">
          Terug naar de eerste pagina
        </a>
      ) : null}
    </div>
  );
}

/** Real links to `?pagina=N` on the current path, so paging works without JavaScript. */
export function ListingPagination({ label, path, page, pages }: { label: string; path: string; page: number; pages: number }) {
  const href = (n: number) => (n === 1 ? path : `${path}?pagina=${n}`);
  return (
    <nav aria-label={label} className="mt-12">
      <ul className="m-0 flex list-none flex-wrap items-center gap-2 p-0">
        {page > 1 && page <= pages ? (
          <li>
            <a href={href(page - 1)} rel="prev" className="btn-secondary border-solid px-4 py-2">
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
              <a
                href={href(n)}
                aria-label={`Pagina ${n}`}
                className="inline-flex h-11 min-w-11 items-center justify-center rounded-full border-2 border-solid border-ink px-3 font-semibold text-ink no-underline hover:bg-ink hover:text-white focus-ring"
              >
                {n}
              </a>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <a href={href(page + 1)} rel="next" className="btn-secondary border-solid px-4 py-2">
              Volgende <span aria-hidden="true">→</span>
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function resolvesTo(link: LinkField): boolean {
  return Boolean(link.cached_url || link.url || link.email || link.story?.url || link.story?.full_slug || link.anchor);
}
