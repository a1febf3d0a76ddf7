import type { ReactNode } from "react";
import type { Story } from "../../../shared/content";
import { useSite, type EditableProps } from "../../site-context";
import { resolveLink } from "../../../shared/links/links";
import { EmptyState } from "../../ui/empty-state";
import { Link } from "../../ui/link";
import { Pagination } from "../../ui/pagination";
import { Section, SectionHeading } from "../../ui/section";
import { StoryGrid } from "../../ui/story-card";
import { listingLimit, pageCount } from "../../../shared/listings/listings";
import type { BlokOf } from "../types";
import { useListing } from "../use-listing";

/** The fields of a listing of story cards newest first (Cases, Insights). */
export type StoryListingBlok = BlokOf<"Cases"> | BlokOf<"Insights">;

/** What a story listing says, in the page's language. */
export interface ListingTexts {
  label: string;
  pagination: string;
  empty: string;
  pastEnd: string;
  all: string;
}

/**
 * A titled section with a grid of story cards, the frame Cases and Insights share: a friendly
 * empty state (with a way back when paged past the end), pages unless it is a teaser (`limit`),
 * and a link to the complete overview. Cards take an h3 under the section's title, else an h2.
 * The block's editor attributes (`useEditable`) land on the section, its root.
 */
export function StoryListingSection<S extends Story>({
  blok,
  idPrefix,
  texts,
  isItem,
  card,
  ...editable
}: EditableProps & {
  blok: StoryListingBlok;
  /** The heading's id is `${idPrefix}-${blok._uid}`. */
  idPrefix: string;
  /** The listing's words (the dictionary's `cases` or `insights`); `label` names a section without a title. */
  texts: ListingTexts;
  isItem: (story: unknown) => story is S;
  card: (story: S, headingLevel: 2 | 3) => ReactNode;
}) {
  const { label, pagination: paginationLabel, empty: emptyText, pastEnd: pastEndText, all: allLinkText } = texts;
  const listing = useListing(blok);
  const { path, t } = useSite();
  const items = listing.stories.filter(isItem);
  const headingId = `${idPrefix}-${blok._uid}`;
  const pastEnd = listing.page > 1;
  const isTeaser = listingLimit(blok.limit) !== undefined;
  return (
    <Section {...editable} labelledBy={blok.title ? headingId : undefined} label={blok.title ? undefined : label}>
      <SectionHeading id={headingId} eyebrow={blok.eyebrow} title={blok.title} intro={blok.intro} />
      {items.length ? (
        <StoryGrid stories={items} card={(story) => card(story, blok.title ? 3 : 2)} />
      ) : (
        <EmptyState text={pastEnd ? pastEndText : emptyText}>
          {pastEnd ? (
            <a href={path} className="text-link font-semibold">
              {t.pagination.backToFirst}
            </a>
          ) : null}
        </EmptyState>
      )}
      {isTeaser ? null : <Pagination label={paginationLabel} path={path} page={listing.page} pages={pageCount(listing)} />}
      {resolveLink(blok.link) ? (
        <p className="m-0 mt-12">
          <Link link={blok.link} className="btn-secondary border-solid">
            {blok.linkText || allLinkText}
            <span aria-hidden="true">→</span>
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
