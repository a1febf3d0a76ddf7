import type { Story } from "../../shared/content";
import { CardLanguageLabel, useCardLanguage } from "../ui/card-language";
import { Link } from "../ui/link";
import { EmptyState } from "../ui/empty-state";
import { Pagination } from "../ui/pagination";
import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import { pageCount } from "../../shared/listings/listings";
import { isBlokOf, type BlockProps, type BlokOf } from "./types";
import { useListing } from "./use-listing";
import type { VacancyBlok } from "./vacancy";
import { useT } from "../site-context";

export type VacanciesBlok = BlokOf<"Vacancies">;

/** Every open position in the `vacatures/` folder as a card linking to its page. */
export function Vacancies({ blok }: BlockProps<VacanciesBlok>) {
  const editable = useEditable(blok);
  const listing = useListing(blok);
  const vacancies = listing.stories.filter(
    (story): story is Story<VacancyBlok> => isBlokOf(story.content, "Vacancy") && Boolean(story.content.title),
  );
  const headingId = `vacancies-${blok._uid}`;
  const itemLevel = blok.title ? 3 : 2;
  const { t } = useT();
  return (
    <Section {...editable} labelledBy={blok.title ? headingId : undefined}>
      <SectionHeading id={headingId} eyebrow={blok.eyebrow} title={blok.title} intro={blok.intro} />
      {vacancies.length ? (
        <ul className="m-0 grid list-none gap-5 p-0 md:grid-cols-2">
          {vacancies.map((story) => (
            <li key={story.uuid}>
              <VacancyCard story={story} headingLevel={itemLevel} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState text={t.vacancies.empty}>
          <Link link={t.vacancies.openApplicationHref} className="text-link font-semibold">
            {t.vacancies.openApplication}
          </Link>
        </EmptyState>
      )}
      <Pagination label={t.vacancies.pagination} page={listing.page} pages={pageCount(listing)} linkCurrent />
    </Section>
  );
}

function VacancyCard({ story, headingLevel }: { story: Story<VacancyBlok>; headingLevel: 2 | 3 }) {
  const vacancy = story.content;
  const Heading = `h${headingLevel}` as const;
  const facts = [vacancy.location, vacancy.hours, vacancy.level].filter((fact): fact is string => Boolean(fact));
  const { t } = useT();
  const language = useCardLanguage(story);
  return (
    <article
      lang={language?.lang}
      className="group relative flex h-full flex-col gap-4 rounded-3xl bg-white p-6 ring-1 ring-sand-dark transition-shadow hover:shadow-lg hover:ring-koraal-300 md:p-8"
    >
      {language ? <CardLanguageLabel language={language} /> : null}
      <Heading className="m-0 font-display text-2xl font-bold leading-snug">
        {/* the whole card is clickable through the title link's pseudo-element */}
        <Link
          link={`/${story.full_slug}`}
          hrefLang={language?.lang}
          aria-describedby={language?.labelId}
          className="text-ink no-underline after:absolute after:inset-0 after:rounded-3xl after:content-empty group-hover:text-koraal-700 kbd-focus"
        >
          {vacancy.title}
        </Link>
      </Heading>
      {facts.length ? (
        <ul lang={language?.pageLang} className="m-0 flex list-none flex-wrap gap-2 p-0" aria-label={t.common.features}>
          {facts.map((fact) => (
            <li key={fact} lang={language?.lang} className="rounded-full bg-koraal-50 px-3 py-1 text-sm font-semibold text-koraal-800">
              {fact}
            </li>
          ))}
        </ul>
      ) : null}
      {vacancy.intro ? <p className="m-0 line-clamp-3 text-ink-soft">{vacancy.intro}</p> : null}
      <p aria-hidden="true" lang={language?.pageLang} className="m-0 mt-auto pt-2 font-semibold text-koraal-700">
        {`${t.vacancies.view} `}
        <span className="inline-block transition-transform group-hover:translate-x-1">→</span>
      </p>
    </article>
  );
}
