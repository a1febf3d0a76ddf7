import type { JobPosting } from "schema-dts";
import { isoDateTime } from "../../shared/dates/datetime";
import { salaryOf } from "../../shared/vacancy/vacancy";
import type { BlokOf } from "../blocks/types";
import type { GraphContext } from "./context";
import { descriptionHtml } from "./description-html";
import { imageUrls } from "./images";
import { type Node, ref } from "./node";
import { postalAddress } from "./organization";

type VacancyBlok = BlokOf<"Vacancy">;

/**
 * A vacancy for Google for Jobs: everything it requires (title, description, datePosted,
 * hiringOrganization, a work address with its country or a remote job with where applicants must
 * live) and what it recommends that the content has (validThrough, employmentType, baseSalary,
 * directApply, identifier). The place is written out in the posting, not referenced: Google reads
 * `jobLocation.address.addressCountry` there.
 */
export function jobPostingNode(context: GraphContext, blok: VacancyBlok): Node<JobPosting> {
  const { story, ids, canonical } = context;
  const address = postalAddress(blok);
  const datePosted = isoDateTime(story.first_published_at) ?? isoDateTime(story.published_at) ?? isoDateTime(story.created_at);
  const validThrough = isoDateTime(blok.validThrough);
  const salary = baseSalary(blok);
  const images = imageUrls(context, blok.image?.filename);
  return {
    "@type": "JobPosting",
    "@id": ids.main,
    title: blok.title,
    description: descriptionHtml(blok.body) || `<p>${blok.intro || context.description || blok.title}</p>`,
    url: canonical,
    ...(datePosted ? { datePosted } : {}),
    ...(validThrough ? { validThrough } : {}),
    ...(blok.employmentType ? { employmentType: blok.employmentType } : {}),
    hiringOrganization: ref(ids.organization),
    ...(address && (!blok.remote || blok.addressLocality) ? { jobLocation: { "@type": "Place", address } } : {}),
    ...(blok.remote && blok.addressCountry
      ? { jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: blok.addressCountry } }
      : {}),
    ...(salary ? { baseSalary: salary } : {}),
    directApply: directApply(blok, context.origin),
    identifier: { "@type": "PropertyValue", name: context.theme?.organisation?.organisationName || context.siteName, value: story.uuid },
    ...(images.length ? { image: images[0] } : {}),
    mainEntityOfPage: ref(ids.webpage),
  };
}

/** The salary range (or amount) in its currency per hour, month or year; none when the vacancy's salary does not count. */
function baseSalary(blok: VacancyBlok): JobPosting["baseSalary"] | undefined {
  const salary = salaryOf(blok);
  if (!salary) return undefined;
  const { min, max } = salary;
  const range = min !== undefined && max !== undefined && max > min;
  return {
    "@type": "MonetaryAmount",
    currency: salary.currency,
    value: {
      "@type": "QuantitativeValue",
      ...(range ? { minValue: min, maxValue: max } : { value: (min ?? max) as number }),
      unitText: salary.unit,
    },
  };
}

/** Applying happens right on the page when its button mails the application or stays on this site. */
function directApply(blok: VacancyBlok, origin: string): boolean {
  const url = blok.applyLink?.url || blok.applyLink?.cached_url || "";
  if (!url) return false;
  return url.startsWith("mailto:") || blok.applyLink?.linktype === "story" || url.startsWith("/") || url.startsWith(origin);
}
