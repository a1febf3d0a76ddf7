import { Image } from "../ui/image";
import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";

/** One benefit (item schema `feature-benefit`, not a block of its own). */
export type FeatureBenefit = BlokOf<"feature-benefit">;

export type FeatureBenefitsBlok = BlokOf<"FeatureBenefits">;

/** What a feature brings: heading and illustration beside a checked list of benefits. */
export function FeatureBenefits({ blok }: BlockProps<FeatureBenefitsBlok>) {
  const editable = useEditable(blok);
  const benefits = (blok.benefits ?? []).filter((benefit) => benefit?.title || benefit?.text);
  if (!benefits.length && !blok.title) return null;
  const headingId = `benefits-${blok._uid}`;
  const BenefitHeading = blok.title ? "h3" : "h2";
  return (
    <Section
      {...editable}
      tone="sand"
      labelledBy={blok.title ? headingId : undefined}
      containerClassName="grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:gap-16"
    >
      <SectionHeading
        id={headingId}
        eyebrow={blok.eyebrow}
        title={blok.title}
        intro={blok.intro}
        className="gap-4 lg:sticky lg:top-28 lg:self-start"
      >
        {blok.image?.filename ? (
          <Image
            src={blok.image.filename}
            alt={blok.image.alt}
            sizes={{ xs: 320, sm: 600, lg: 440, xl: 500 }}
            width={640}
            height={480}
            className="mt-4 h-auto w-full rounded-3xl"
          />
        ) : null}
      </SectionHeading>
      {benefits.length ? <BenefitList benefits={benefits} Heading={BenefitHeading} /> : null}
    </Section>
  );
}

/** Each benefit with a check mark; its title is an h3 under the section's title, or an h2 when the section has none. */
function BenefitList({ benefits, Heading }: { benefits: FeatureBenefit[]; Heading: "h2" | "h3" }) {
  return (
    <ul className="m-0 grid list-none content-start gap-4 p-0 sm:grid-cols-2 lg:col-start-2 lg:grid-cols-1">
      {benefits.map((benefit) => (
        <li key={benefit._uid} className="flex gap-4 rounded-3xl bg-white p-6">
          <CheckMark />
          <div className="flex flex-col gap-1">
            {benefit.title ? <Heading className="m-0 font-display text-xl font-bold leading-snug">{benefit.title}</Heading> : null}
            {benefit.text ? <p className="m-0 text-ink-muted">{benefit.text}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function CheckMark() {
  return (
    <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-koraal-100 text-koraal-700">
      <svg viewBox="0 0 20 20" width="20" height="20" focusable="false" aria-hidden="true">
        <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
