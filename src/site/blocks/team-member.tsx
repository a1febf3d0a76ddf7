import type { Story } from "../../shared/content";
import { useSite } from "../site-context";
import { resolveLink } from "../../shared/links/links";
import { Image } from "../ui/image";
import { assetDimensions } from "../ui/image-url";
import { Link } from "../ui/link";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf, LinkField } from "./types";
import { useT } from "../site-context";

export type TeamMemberBlok = BlokOf<"TeamMember">;

/** Team photos are drawn portrait, 4:5. */
const PHOTO_WIDTH = 320;
const PHOTO_HEIGHT = 400;

/**
 * The content type of `team/<slug>` stories (never a page of its own), and a block: one person
 * as a card. Inside a page it is a block of its own, so its name is an h2.
 */
export function TeamMember({ blok }: BlockProps<TeamMemberBlok>) {
  const editable = useEditable(blok);
  if (!blok.name) return null;
  return (
    <div {...editable} className="site-container py-8">
      <div className="max-w-3xl">
        <TeamMemberCard member={blok} headingLevel={2} layout="feature" />
      </div>
    </div>
  );
}

/** One person: portrait, name, role, a line about them and their LinkedIn. Used by Team, Vacancy and Contact too. */
export function TeamMemberCard({
  member,
  headingLevel = 3,
  layout = "stacked",
}: {
  member: TeamMemberBlok;
  headingLevel?: 2 | 3;
  /** stacked: a card in a grid; inline: a compact contact person; feature: one person on a page. */
  layout?: "stacked" | "inline" | "feature";
}) {
  const { t } = useT();
  if (!member.name) return null;
  const Heading = `h${headingLevel}` as const;
  const headingId = `team-member-${member._uid}`;
  const inline = layout === "inline";
  const style = LAYOUTS[layout];
  return (
    <article aria-labelledby={headingId} className={style.card}>
      {member.photo?.filename ? (
        <Image
          src={member.photo.filename}
          alt={member.photo.alt || t.team.portrait(member.name)}
          sizes={style.sizes}
          {...(assetDimensions(member.photo.filename) ?? { width: PHOTO_WIDTH, height: PHOTO_HEIGHT })}
          className={style.photo}
        />
      ) : null}
      <div className={style.body}>
        <Heading id={headingId} className="m-0 font-display text-xl font-bold leading-snug">
          {member.name}
        </Heading>
        {member.role ? <p className="m-0 text-sm font-semibold text-koraal-700">{member.role}</p> : null}
        {member.bio && !inline ? <p className="m-0 mt-2 text-ink-soft">{member.bio}</p> : null}
        {member.email || resolveLink(member.linkedin) ? (
          <ul className={`m-0 flex list-none flex-wrap gap-x-4 gap-y-1 p-0 text-sm ${inline ? "mt-1" : "mt-auto pt-4"}`}>
            {member.email ? (
              <li>
                <Link link={`mailto:${member.email}`} className="text-link">
                  {member.email}
                </Link>
              </li>
            ) : null}
            <LinkedInItem link={member.linkedin} name={member.name} />
          </ul>
        ) : null}
      </div>
    </article>
  );
}

const LAYOUTS = {
  stacked: {
    // side by side on phones (eight tall portraits would fill the screen), stacked from sm up
    card: "flex h-full overflow-hidden rounded-3xl bg-white ring-1 ring-sand-dark sm:flex-col",
    photo: "aspect-[4/5] h-auto w-28 shrink-0 self-start bg-sand object-cover sm:w-full",
    body: "flex min-w-0 flex-1 flex-col gap-1 p-4 sm:p-5",
    sizes: { xs: 112, sm: 300, lg: 280 },
  },
  inline: {
    card: "flex items-center gap-5 rounded-3xl bg-white p-5 ring-1 ring-sand-dark",
    photo: "h-24 w-20 shrink-0 rounded-2xl bg-sand object-cover",
    body: "flex min-w-0 flex-col gap-1",
    sizes: { xs: 96 },
  },
  feature: {
    card: "grid overflow-hidden rounded-3xl bg-white ring-1 ring-sand-dark sm:grid-cols-[14rem_1fr]",
    photo: "m-6 mb-0 aspect-[4/5] h-auto w-32 rounded-2xl bg-sand object-cover sm:m-0 sm:h-full sm:w-full sm:rounded-none",
    body: "flex flex-col gap-1 p-6 sm:p-8",
    sizes: { xs: 128, sm: 224 },
  },
} as const;

function LinkedInItem({ link, name }: { link: LinkField | null | undefined; name: string }) {
  const { t } = useT();
  if (!resolveLink(link)) return null;
  return (
    <li>
      <Link link={link} className="text-link" aria-label={t.team.linkedIn(name)}>
        LinkedIn
      </Link>
    </li>
  );
}

/**
 * A team member held by a relation field (`Vacancy.contactPerson`, `Contact.contactPerson`):
 * the resolved story, or its uuid when the page came without it (then looked up among the
 * page's relations). Null when the person cannot be found or is not a TeamMember.
 */
export function useTeamMemberRelation(value: unknown): TeamMemberBlok | null {
  const { relations } = useSite();
  const candidate = Array.isArray(value) ? value[0] : value;
  const story: Story | undefined = typeof candidate === "string" ? relations.get(candidate) : isStory(candidate) ? candidate : undefined;
  const content = story?.content;
  return content?.component === "TeamMember" ? (content as TeamMemberBlok) : null;
}

function isStory(value: unknown): value is Story {
  return typeof value === "object" && value !== null && "content" in value && typeof (value as Story).content === "object";
}
