import { EmptyState } from "../ui/empty-state";
import { Pagination } from "../ui/pagination";
import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import { pageCount } from "../../shared/listings/listings";
import { TeamMemberCard, type TeamMemberBlok } from "./team-member";
import { isBlokOf, type BlockProps, type BlokOf } from "./types";
import { useListing } from "./use-listing";
import { useT } from "../site-context";

export type TeamBlok = BlokOf<"Team">;

/** Everyone in the `team/` folder, in the editors' order, as portrait cards. */
export function Team({ blok }: BlockProps<TeamBlok>) {
  const editable = useEditable(blok);
  const listing = useListing(blok);
  const members = listing.stories
    .map((story) => story.content)
    .filter((content): content is TeamMemberBlok => isBlokOf(content, "TeamMember") && Boolean(content.name));
  const headingId = `team-${blok._uid}`;
  const { t } = useT();
  return (
    <Section {...editable} labelledBy={blok.title ? headingId : undefined}>
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
        <EmptyState text={t.team.empty} />
      )}
      <Pagination label={t.team.pagination} page={listing.page} pages={pageCount(listing)} linkCurrent />
    </Section>
  );
}
