import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import { describe, expect, it } from "vitest";
import type { Story } from "../../src/shared/content";
import { pageGraph } from "../../src/site/structured-data/graph";
import { jsonLdText } from "../../src/site/structured-data/serialise";
import { schemaOrgVocabulary } from "../fixtures/schema-org-vocabulary";
import { storyOf } from "../helpers/story-fixture";

// The JobPosting cases the demo content does not have: a remote job (Google's TELECOMMUTE with where
// applicants must live, no place), a vacancy with one salary amount, and one without salary or
// closing date; each judged by Google's rules as the sitemap test judges the pages.

function vacancy(fields: Record<string, unknown>): Story {
  const content = {
    _uid: "v",
    component: "Vacancy",
    title: "Remote developer",
    employmentType: "CONTRACTOR",
    addressCountry: "NL",
    ...fields,
  };
  return storyOf("vacatures/remote-developer", content, {
    id: 7,
    uuid: "vacancy-7",
    name: "Remote developer",
    created_at: "2026-01-01T09:00:00.000Z",
    published_at: "2026-01-03T09:00:00.000Z",
    first_published_at: "2026-01-02T09:00:00.000Z",
    default_full_slug: "vacatures/remote-developer",
  }) as Story;
}

const input = (story: Story) => ({
  origin: "https://www.koraal.nl",
  lang: "nl" as const,
  canonical: "https://www.koraal.nl/vacatures/remote-developer",
  title: "Remote developer",
  description: "Werk waar je wilt.",
  story,
  ancestors: [
    { name: "Home", path: "/" },
    { name: "Vacatures", path: "/vacatures" },
  ],
  siteName: "Koraal",
});

const jobOf = (story: Story) =>
  (pageGraph(input(story))["@graph"] as unknown as Array<Record<string, unknown>>).find((node) => node["@type"] === "JobPosting");

async function errors(story: Story) {
  const html = `<html><head><script type="application/ld+json">${jsonLdText(pageGraph(input(story)))}</script></head><body></body></html>`;
  const issues = await new Validator(schemaOrgVocabulary()).validate(new WebAutoExtractor({ addLocation: true }).parse(html));
  return issues.filter((issue) => issue.severity === "ERROR" || issue.errorType === "schemaOrg").map((issue) => issue.issueMessage);
}

describe("JobPosting", () => {
  it("a remote job: TELECOMMUTE for applicants in the country, no place; valid", async () => {
    const story = vacancy({ remote: true, salaryMin: "70", salaryMax: "90", salaryUnit: "HOUR", validThrough: "2026-06-30 17:00" });
    expect(jobOf(story)).toMatchObject({
      employmentType: "CONTRACTOR",
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "Country", name: "NL" },
      baseSalary: { currency: "EUR", value: { minValue: 70, maxValue: 90, unitText: "HOUR" } },
      validThrough: "2026-06-30T17:00:00Z",
      datePosted: "2026-01-02T09:00:00Z",
    });
    expect(jobOf(story)).not.toHaveProperty("jobLocation");
    expect(await errors(story)).toEqual([]);
  });

  it("one salary amount is a value, not a range; no salary and no closing date leave them out; valid", async () => {
    const fixed = vacancy({ addressLocality: "Utrecht", salaryMin: "4000" });
    expect(jobOf(fixed)?.baseSalary).toEqual({
      "@type": "MonetaryAmount",
      currency: "EUR",
      value: { "@type": "QuantitativeValue", value: 4000, unitText: "MONTH" },
    });
    const bare = vacancy({ addressLocality: "Utrecht" });
    expect(jobOf(bare)).not.toHaveProperty("baseSalary");
    expect(jobOf(bare)).not.toHaveProperty("validThrough");
    expect(jobOf(bare)?.jobLocation).toEqual({
      "@type": "Place",
      address: { "@type": "PostalAddress", addressLocality: "Utrecht", addressCountry: "NL" },
    });
    expect(await errors(fixed)).toEqual([]);
    expect(await errors(bare)).toEqual([]);
  });
});
