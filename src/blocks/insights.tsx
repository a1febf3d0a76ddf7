import { useSite } from "../render/site-context";
import { Image } from "../ui/image";
import { Link } from "../ui/link";
import { EmptyListing, ListingPagination, listingLimit } from "./cases";
import { articleDate, type InsightDetailBlok } from "./insight-detail";
import { pageCount, type ListingQuery } from "./listings";
import type { Blok, BlockProps, LinkField } from "./types";
import type { Story } from "../content/types";
import { useListing } from "./use-listing";

export interface InsightsBlok extends Blok {
  component: "Insights";
  eyebrow?: string;
  title?: string;
  intro?: string;
  /** How many insights to show (a teaser on the home page); all of them, 25 per page, when empty. */
  limit?: string | number;
  /** "Bekijk alle insights": where the complete overview lives. */
  link?: LinkField;
  linkText?: string;
}

/** Articles from our team (InsightDetail under insights/), newest first, as cards. */
export function Insights({ blok }: BlockProps<InsightsBlok>) {
  const listing = useListing(blok);
  const { path } = useSite();
  const insights = listing.stories.filter(isInsightStory);
  const headingId = `insights-${blok._uid}`;
  const pages = pageCount(listing);
  const isTeaser = listingLimit(blok.limit) !== undefined;
  return (
    <section
      className="bg-white py-14 text-ink md:py-20"
      aria-labelledby={blok.title ? headingId : undefined}
      aria-label={blok.title ? undefined : "Insights"}
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
        {insights.length ? (
          <ul className="m-0 grid list-none gap-x-8 gap-y-12 p-0 md:grid-cols-2 lg:grid-cols-3">
            {insights.map((story) => (
              <li key={story.uuid} className="flex">
                <InsightCard story={story} headingLevel={blok.title ? 3 : 2} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyListing
            text={listing.page > 1 ? "Op deze pagina staan geen artikelen meer." : "Ons team schrijft aan nieuwe artikelen. Kom binnenkort terug voor verse inzichten over apps, web en productstrategie."}
            backTo={listing.page > 1 ? path : undefined}
          />
        )}
        {!isTeaser && pages > 1 ? <ListingPagination label="Paginering insights" path={path} page={listing.page} pages={pages} /> : null}
        {blok.link && (blok.link.cached_url || blok.link.url || blok.link.story?.url || blok.link.anchor) ? (
          <p className="m-0 mt-12">
            <Link link={blok.link} className="btn-secondary border-solid">
              {blok.linkText || "Bekijk alle insights"}
              <span aria-hidden="true">→</span>
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}

Insights.listing = (blok: InsightsBlok): ListingQuery => ({
  starts_with: "insights/",
  content_type: "InsightDetail",
  sort_by: "first_published_at:desc",
  per_page: listingLimit(blok.limit) ?? 25,
});

function isInsightStory(story: unknown): story is Story<InsightDetailBlok> {
  return typeof story === "object" && story !== null && (story as Story).content?.component === "InsightDetail" && typeof (story as Story).full_slug === "string";
}

/** A card for one article: picture, category and date, title, intro; the whole card links to it. */
function InsightCard({ story, headingLevel }: { story: Story<InsightDetailBlok>; headingLevel: 2 | 3 }) {
  const content = story.content;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const title = content.title || story.name;
  const date = articleDate(content.publishedDate) ?? articleDate(story.first_published_at);
  const teaser = content.intro || content.description;
  return (
    <article className="group relative flex w-full flex-col gap-4">
      <div className="overflow-hidden rounded-3xl bg-koraal-50 ring-1 ring-sand-dark">
        {content.heroImage?.filename ? (
          <Image
            src={content.heroImage.filename}
            alt={content.heroImage.alt}
            sizes={{ xs: 335, sm: 576, md: 340, lg: 300, xl: 384 }}
            className="block aspect-[16/10] h-auto w-full object-cover transition-transform duration-500 group-hover:scale-103"
          />
        ) : (
          <div aria-hidden="true" className="aspect-[16/10] w-full bg-[radial-gradient(circle_at_70%_30%,#FFA8A8,#FBF6F1_60%)]" />
        )}
      </div>
      {content.category || date ? (
        <p className="m-0 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {content.category ? <span className="rounded-full bg-koraal-100 px-3 py-0.5 font-semibold text-koraal-800">{content.category}</span> : null}
          {date ? (
            <time dateTime={date.iso} className="text-ink-muted">
              {date.label}
            </time>
          ) : null}
        </p>
      ) : null}
      <Heading className="m-0 break-words font-display text-2xl font-bold leading-snug tracking-tight hyphens-auto">
        <Link link={story.full_slug} className="text-ink no-underline after:absolute after:inset-0 after:rounded-3xl after:content-[''] group-hover:text-koraal-700 focus-ring">
          {title}
        </Link>
      </Heading>
      {teaser ? <p className="m-0 line-clamp-3 text-ink-soft">{teaser}</p> : null}
      {content.authorName ? <p className="m-0 mt-auto text-sm text-ink-muted">Door {content.authorName}</p> : null}
    </article>
  );
}
