import { Section, SectionHeading } from "../ui/section";
import { pageCount, type Listing, type ListingQuery } from "./listings";
import { TeamMemberCard, type TeamMemberBlok } from "./team-member";
import type { Blok, BlockProps } from "./types";
import { useListing } from "./use-listing";

export interface TeamBlok extends Blok {
  component: "Team";
  eyebrow?: string;
  title?: string;
  intro?: string;
  /** Team members per page (default 25). */
  limit?: string | number;
}

/** Everyone in the `team/` folder, in the editors' order, as portrait cards. */
export function Team({ blok }: BlockProps<TeamBlok>) {
  const listing = useListing(blok);
  const members = listing.stories
    .map((story) => story.content)
    .filter((content): content is TeamMemberBlok => content?.component === "TeamMember" && Boolean(content.name));
  const headingId = `team-${blok._uid}`;
  return (
    <Section labelledBy={blok.title ? headingId : undefined}>
      <SectionHeading id={headingId} eyebrow={blok.eyebrow} title={blok.title} intro={blok.intro} />
      {members.length ? (
        <ul className="m-0 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-4">
          {members.map((member) => (
            <li key={member._uid}>
              <TeamMemberCard member={member} headingLevel={blok.title ? 3 : 2} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="m-0 rounded-3xl bg-sand p-8 text-lg text-ink-soft">
          Ons team stelt zich hier binnenkort aan je voor. Tot die tijd zeggen we graag persoonlijk hallo.
        </p>
      )}
      <ListingPagination listing={listing} label="Meer teamleden" />
    </Section>
  );
}

Team.listing = (blok: Blok): ListingQuery => ({
  starts_with: "team/",
  content_type: "TeamMember",
  sort_by: "position:asc",
  per_page: Number((blok as TeamBlok).limit) || 25,
});

/** `?pagina=N` links under a listing, only when it has more than one page. */
export function ListingPagination({ listing, label }: { listing: Listing; label: string }) {
  const pages = pageCount(listing);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, listing.page), pages);
  const numbers = Array.from({ length: pages }, (_, index) => index + 1);
  const item = "inline-flex h-11 min-w-11 items-center justify-center rounded-full px-4 font-semibold no-underline focus-ring";
  return (
    <nav aria-label={label} className="mt-10">
      <ul className="m-0 flex list-none flex-wrap items-center gap-2 p-0">
        {current > 1 ? (
          <li>
            <a href={`?pagina=${current - 1}`} rel="prev" className={`${item} text-ink ring-1 ring-sand-dark hover:bg-sand`}>
              <span aria-hidden="true">←</span> Vorige
            </a>
          </li>
        ) : null}
        {numbers.map((number) => (
          <li key={number}>
            {number === current ? (
              <a href={`?pagina=${number}`} aria-current="page" aria-label={`Pagina ${number}`} className={`${item} bg-ink text-white`}>
                {number}
              </a>
            ) : (
              <a href={`?pagina=${number}`} aria-label={`Pagina ${number}`} className={`${item} text-ink ring-1 ring-sand-dark hover:bg-sand`}>
                {number}
              </a>
            )}
          </li>
        ))}
        {current < pages ? (
          <li>
            <a href={`?pagina=${current + 1}`} rel="next" className={`${item} text-ink ring-1 ring-sand-dark hover:bg-sand`}>
              Volgende <span aria-hidden="true">→</span>
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
