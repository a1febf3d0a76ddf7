import { useSite } from "../site-context";
import { ARTICLE_PROSE, ArticleHeroImage, Breadcrumb, OFFSCREEN_LATER } from "../ui/article";
import { Link } from "../ui/link";
import { Section, SectionHeading } from "../ui/section";
import { StoryCard, StoryGrid } from "../ui/story-card";
import { useCardLanguage } from "../ui/card-language";
import { Blocks } from "./nested";
import { isStoryOf } from "../../shared/listings/listings";
import type { BlockProps, BlokOf } from "./types";
import type { Story } from "../../shared/content";
import { useEditable } from "../editable";

/** One key figure of a case (`case-result` item): "98%" and what it stands for. */
export type CaseResult = BlokOf<"case-result">;

export type CaseDetailBlok = BlokOf<"CaseDetail">;

/** A case story: what we made for whom, the story itself in blocks, the results and more cases. */
export function CaseDetail({ blok }: BlockProps<CaseDetailBlok>) {
  const editable = useEditable(blok);
  const { relations, t } = useSite();
  const titleId = `case-${blok._uid}`;
  const related = (Array.isArray(blok.related) ? blok.related : [])
    .map((entry) => (typeof entry === "string" ? relations.get(entry) : entry))
    .filter(isStoryOf<CaseDetailBlok>("CaseDetail"))
    .slice(0, 3);
  const title = blok.title || t.cases.fallbackTitle;
  return (
    <article {...editable} aria-labelledby={titleId} className="flex flex-col">
      <CaseHeader blok={blok} titleId={titleId} title={title} />
      <ArticleHeroImage
        image={blok.heroImage}
        sizes={{ xs: 335, sm: 576, md: 704, lg: 960, xl: 1216 }}
        className="aspect-[16/10] md:aspect-[2/1]"
      />
      <CaseResults results={blok.results} titleId={titleId} />
      {blok.body?.length ? (
        // below the fold on a phone: laid out when it comes near (its first layout was the first view's longest task)
        <div className={`flex flex-col py-6 md:py-10 ${OFFSCREEN_LATER} ${ARTICLE_PROSE}`}>
          <Blocks blocks={blok.body} />
        </div>
      ) : null}
      {related.length ? (
        <Section tone="sand" labelledBy={`${titleId}-related`}>
          <div className="mb-10 flex flex-wrap items-end justify-between gap-4">
            <SectionHeading id={`${titleId}-related`} title={t.cases.more} className="gap-3" />
            <Link link={t.paths.cases} className="text-link font-semibold">
              {t.cases.allBack}
            </Link>
          </div>
          <StoryGrid stories={related} card={(story) => <CaseCard story={story} />} />
        </Section>
      ) : null}
    </article>
  );
}

/** Who the case was for, what we did, in a few facts under the title. */
function CaseHeader({ blok, titleId, title }: { blok: CaseDetailBlok; titleId: string; title: string }) {
  const services = serviceList(blok.services);
  const { t } = useSite();
  return (
    <header className="relative overflow-hidden bg-sand">
      <div aria-hidden="true" className="absolute -right-24 -top-24 h-72 w-72 rounded-full bg-koraal-200 opacity-60 md:h-96 md:w-96" />
      <div className="site-container relative flex flex-col gap-6 pb-12 pt-10 md:pb-16 md:pt-14">
        <Breadcrumb href={t.paths.cases} label={t.cases.label} last={blok.client || title} lastIsPage />
        {blok.client ? <p className="eyebrow m-0">{blok.client}</p> : null}
        <h1
          id={titleId}
          className="m-0 max-w-4xl break-words font-display text-4xl font-bold leading-tight tracking-tight hyphens-auto sm:text-5xl lg:text-6xl"
        >
          {title}
        </h1>
        {blok.intro ? <p className="m-0 max-w-3xl text-lg text-ink-soft sm:text-xl">{blok.intro}</p> : null}
        {blok.client || blok.sector || services.length ? (
          <dl className="m-0 mt-2 grid gap-6 border-t border-t-solid border-sand-dark pt-6 sm:grid-cols-[auto_auto_1fr] sm:gap-12">
            {blok.client ? (
              <div>
                <dt className="text-sm font-semibold uppercase tracking-widest text-ink-muted">{t.cases.client}</dt>
                <dd className="m-0 mt-1 font-semibold">{blok.client}</dd>
              </div>
            ) : null}
            {blok.sector ? (
              <div>
                <dt className="text-sm font-semibold uppercase tracking-widest text-ink-muted">{t.cases.sector}</dt>
                <dd className="m-0 mt-1 font-semibold">{blok.sector}</dd>
              </div>
            ) : null}
            {services.length ? (
              <div>
                <dt className="text-sm font-semibold uppercase tracking-widest text-ink-muted">{t.cases.whatWeDid}</dt>
                <dd className="m-0 mt-2">
                  <ul className="m-0 flex list-none flex-wrap gap-2 p-0">
                    {services.map((service) => (
                      <li key={service} className="rounded-full bg-white px-3 py-1 text-sm font-medium text-ink-soft ring-1 ring-sand-dark">
                        {service}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </div>
    </header>
  );
}

/** The results as big numbers with their labels. */
function CaseResults({ results: value, titleId }: { results: CaseDetailBlok["results"]; titleId: string }) {
  const results = (Array.isArray(value) ? value : []).filter((r) => r && (r.value || r.label));
  const { t } = useSite();
  if (!results.length) return null;
  return (
    <section aria-labelledby={`${titleId}-results`} className="bg-white pt-14 md:pt-20">
      <div className="site-container">
        <h2 id={`${titleId}-results`} className="eyebrow m-0 mb-6">
          {t.cases.results}
        </h2>
        <dl className="m-0 grid grid-cols-2 gap-x-6 gap-y-8 lg:grid-cols-4">
          {results.map((result, index) => (
            <div key={result._uid || index} className="flex flex-col gap-2 border-l-4 border-l-solid border-koraal-400 pl-4 md:pl-6">
              <dt className="order-2 text-ink-soft">{result.label}</dt>
              <dd className="order-1 m-0 font-display text-4xl font-bold leading-none tracking-tight text-koraal-700 md:text-5xl">
                {result.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/** Services as a clean list, whether the editor used a multi-option field or typed them. */
export function serviceList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(/[\n,]/) : [];
  const clean = items
    .filter((item): item is string => typeof item === "string")
    .map((item) => item.trim())
    .filter(Boolean);
  return [...new Set(clean)];
}

/**
 * A card for one case story (the Cases listing, related cases on a case page): picture, client and
 * sector, title, intro. Its heading is an h3 under a titled section, an h2 when the section has no heading.
 */
export function CaseCard({ story, headingLevel = 3 }: { story: Story<CaseDetailBlok>; headingLevel?: 2 | 3 }) {
  const content = story.content;
  const meta = [content.client, content.sector].filter(Boolean).join(" · ");
  const { t } = useSite();
  const language = useCardLanguage(story);
  return (
    <StoryCard
      story={story}
      headingLevel={headingLevel}
      aspect="aspect-[4/3]"
      placeholder="bg-[radial-gradient(circle_at_30%_30%,#FFA8A8,#FFE6E6_60%)]"
      meta={meta ? <p className="m-0 text-sm font-semibold uppercase tracking-widest text-koraal-700">{meta}</p> : null}
      teaser={content.intro}
      footer={
        <p aria-hidden="true" lang={language?.pageLang} className="m-0 mt-auto font-semibold text-koraal-700">
          {`${t.cases.read} `}
          <span className="inline-block transition-transform group-hover:translate-x-1">→</span>
        </p>
      }
    />
  );
}
