import { RichText } from "../richtext/render";
import { Image } from "../ui/image";
import { assetDimensions } from "../ui/image-url";
import { Link } from "../ui/link";
import { useEditable } from "../editable";
import { TeamMemberCard, useTeamMemberRelation } from "./team-member";
import type { BlockProps, BlokOf } from "./types";
import { useSite, useT } from "../site-context";

export type VacancyBlok = BlokOf<"Vacancy">;

/** A job opening at /vacatures/<slug>: the facts up front, the story below, one way to apply. */
export function Vacancy({ blok }: BlockProps<VacancyBlok>) {
  const editable = useEditable(blok);
  const headingId = `vacancy-${blok._uid}`;
  const { Block, t } = useSite();
  const applyText = blok.applyText || t.vacancy.apply;
  return (
    <article {...editable} aria-labelledby={headingId} className="flex flex-col">
      <VacancyHeader blok={blok} headingId={headingId} applyText={applyText} />
      <div className="site-container grid gap-12 py-14 md:py-20 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <RichText
          doc={blok.body}
          renderBlok={(nested) => <Block blok={nested} />}
          className="max-w-3xl text-lg text-ink-soft [&_h2]:mb-3 [&_h2]:mt-12 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink [&>h2:first-child]:mt-0 [&_h3]:mb-2 [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:text-ink [&_li]:my-1.5 [&_li]:pl-1 [&_p]:my-4 [&_a]:text-koraal-700 [&_a]:underline [&_strong]:text-ink [&_ul]:pl-6 [&_li]:marker:text-koraal-600"
        />
        <VacancyAside blok={blok} applyText={applyText} />
      </div>
    </article>
  );
}

interface VacancyPartProps {
  blok: VacancyBlok;
  applyText: string;
}

/** Title, intro, the three facts that decide whether to read on, the apply button and the image. */
function VacancyHeader({ blok, headingId, applyText }: VacancyPartProps & { headingId: string }) {
  const chips = [blok.location, blok.hours, blok.level].filter((chip): chip is string => Boolean(chip));
  const image = blok.image?.filename ? blok.image : null;
  const { t } = useT();
  return (
    <header className="bg-sand">
      <div className="site-container grid items-start gap-10 py-12 md:grid-cols-[1.4fr_1fr] md:py-20">
        <div className="flex flex-col items-start gap-5">
          <Link link={t.paths.vacancies} className="text-sm font-semibold text-ink-soft no-underline hover:text-koraal-700 kbd-focus">
            <span aria-hidden="true">←</span>
            {` ${t.vacancy.allBack}`}
          </Link>
          <p className="eyebrow m-0">{t.vacancy.eyebrow}</p>
          <h1 id={headingId} className="m-0 font-display text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
            {blok.title}
          </h1>
          {blok.intro ? <p className="m-0 max-w-2xl text-lg text-ink-soft sm:text-xl">{blok.intro}</p> : null}
          {chips.length ? (
            <ul className="m-0 flex list-none flex-wrap gap-2 p-0" aria-label={t.common.features}>
              {chips.map((chip) => (
                <li key={chip} className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-koraal-800 ring-1 ring-koraal-200">
                  {chip}
                </li>
              ))}
            </ul>
          ) : null}
          {blok.applyLink ? (
            <Link link={blok.applyLink} className="btn-primary">
              {applyText}
              <span aria-hidden="true">→</span>
            </Link>
          ) : null}
        </div>
        {image ? (
          <Image
            src={image.filename}
            alt={image.alt}
            sizes={{ xs: 335, sm: 576, md: 280, lg: 380, xl: 460 }}
            {...(assetDimensions(image.filename ?? "") ?? { width: 640, height: 480 })}
            priority
            className="h-auto w-full rounded-3xl"
          />
        ) : null}
      </div>
    </header>
  );
}

/** Every fact with a second apply button, and the person to ask. */
function VacancyAside({ blok, applyText }: VacancyPartProps) {
  const contact = useTeamMemberRelation(blok.contactPerson);
  const { t } = useT();
  const facts: Array<[label: string, value: string | null | undefined]> = [
    [t.vacancy.location, blok.location],
    [t.vacancy.hours, blok.hours],
    [t.vacancy.level, blok.level],
    [t.vacancy.salary, blok.salary],
  ];
  const known = facts.filter((fact): fact is [string, string] => Boolean(fact[1]));
  return (
    <aside aria-label={t.vacancy.applyLabel} className="flex flex-col gap-6 self-start lg:sticky lg:top-8">
      {known.length ? (
        <div className="rounded-3xl bg-ink p-6 text-white md:p-8">
          <h2 className="m-0 font-display text-xl font-bold">{t.vacancy.summary}</h2>
          <dl className="m-0 mt-5 grid gap-4">
            {known.map(([label, value]) => (
              <div key={label} className="flex flex-col gap-0.5 border-b border-white/15 pb-4 last:border-b-0 last:pb-0">
                <dt className="text-sm font-semibold uppercase tracking-widest text-koraal-300">{label}</dt>
                <dd className="m-0 text-lg">{value}</dd>
              </div>
            ))}
          </dl>
          {blok.applyLink ? (
            <Link
              link={blok.applyLink}
              className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-full bg-koraal-400 px-6 py-3 font-semibold text-ink no-underline transition-colors hover:bg-white kbd-focus"
            >
              {applyText}
              <span aria-hidden="true">→</span>
            </Link>
          ) : null}
        </div>
      ) : null}
      {contact ? (
        <div className="flex flex-col gap-3">
          <h2 className="m-0 font-display text-xl font-bold">{t.vacancy.questions}</h2>
          <TeamMemberCard member={contact} headingLevel={3} layout="inline" />
        </div>
      ) : null}
    </aside>
  );
}
