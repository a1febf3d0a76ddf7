import type { Story } from "../../shared/content";
import { useSite } from "../site-context";
import { EmptyState } from "../ui/empty-state";
import { Image } from "../ui/image";
import { Link } from "../ui/link";
import { Pagination } from "../ui/pagination";
import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import { isStoryOf, pageCount } from "../../shared/listings/listings";
import type { SectorBlok } from "./sector";
import type { BlockProps, BlokOf } from "./types";
import { useListing } from "./use-listing";

export type SectorsBlok = BlokOf<"Sectors">;

/** The sectors we work in: a card per Sector story under sectoren/, in the editor's order. */
export function Sectors({ blok }: BlockProps<SectorsBlok>) {
  const editable = useEditable(blok);
  const listing = useListing(blok);
  const { path, t } = useSite();
  const sectors = listing.stories.filter(isStoryOf<SectorBlok>("Sector"));
  const headingId = `sectors-${blok._uid}`;
  return (
    <Section {...editable} labelledBy={blok.title ? headingId : undefined} label={blok.title ? undefined : t.sectors.label}>
      <SectionHeading id={headingId} eyebrow={blok.eyebrow} title={blok.title} intro={blok.intro} />
      {sectors.length ? (
        <ul className="m-0 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3">
          {sectors.map((story) => (
            <li key={story.uuid} className="flex">
              <SectorCard story={story} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState text={t.sectors.empty} />
      )}
      <Pagination label={t.sectors.pagination} path={path} page={listing.page} pages={pageCount(listing)} />
    </Section>
  );
}

function SectorCard({ story }: { story: Story<SectorBlok> }) {
  const content = story.content;
  const title = content.cardTitle || content.title || story.name;
  // the SEO description is written as a one-line summary, so it doubles as the card text
  const teaser = content.teaser || content.description || content.intro;
  const { t } = useSite();
  return (
    <article className="group relative flex w-full flex-col gap-4 rounded-3xl border border-sand-dark bg-sand p-7 transition-shadow hover:shadow-[0_12px_40px_-16px_rgba(22,22,42,0.35)]">
      {content.icon?.filename ? (
        <Image src={content.icon.filename} alt={content.icon.alt} sizes={{ xs: 56 }} width={56} height={56} className="h-14 w-14" />
      ) : null}
      <h3 className="m-0 font-display text-2xl font-bold leading-snug tracking-tight">{title}</h3>
      {teaser ? <p className="m-0 text-ink-muted">{teaser}</p> : null}
      <Link
        link={story.full_slug}
        className="mt-auto inline-flex items-center gap-2 pt-2 font-semibold text-koraal-700 no-underline before:absolute before:inset-0 before:rounded-3xl before:content-[''] hover:text-ink kbd-focus"
        aria-label={t.sectors.viewLabel(title)}
      >
        {t.sectors.view}
        <span aria-hidden="true" className="transition-transform group-hover:translate-x-1">
          →
        </span>
      </Link>
    </article>
  );
}
