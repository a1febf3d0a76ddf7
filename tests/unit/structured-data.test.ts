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
    const story = vacancy({
      remote: true,
      salaryMin: "70",
      salaryMax: "90",
      salaryCurrency: "EUR",
      salaryUnit: "HOUR",
      validThrough: "2026-06-30 17:00",
    });
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
    const fixed = vacancy({ addressLocality: "Utrecht", salaryMin: "4000", salaryCurrency: "EUR", salaryUnit: "MONTH" });
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

  it("a salary content health does not count (no currency or unit) is left out, not filled in with EUR and MONTH", () => {
    expect(jobOf(vacancy({ addressLocality: "Utrecht", salaryMin: "4000" }))).not.toHaveProperty("baseSalary");
    expect(jobOf(vacancy({ addressLocality: "Utrecht", salaryMin: "4000", salaryCurrency: "EUR" }))).not.toHaveProperty("baseSalary");
    expect(jobOf(vacancy({ addressLocality: "Utrecht", salaryMin: "4000", salaryUnit: "YEAR" }))).not.toHaveProperty("baseSalary");
  });
});

// Odd content an editor or an import can write: every value the graph carries is one a reader can
// use, or it is left out (content health names the field: tests/node/domain-facts.test.ts).

function insight(fields: Record<string, unknown>): Story {
  const content = { _uid: "i", component: "InsightDetail", title: "Meten wat ertoe doet", ...fields };
  return storyOf("insights/meten-wat-ertoe-doet", content, {
    uuid: "insight-1",
    default_full_slug: "insights/meten-wat-ertoe-doet",
  }) as Story;
}

const nodesOf = (story: Story, extra: Record<string, unknown> = {}) =>
  pageGraph({ ...input(story), canonical: "https://www.koraal.nl/insights/meten-wat-ertoe-doet", ...extra })["@graph"] as unknown as Array<
    Record<string, unknown>
  >;
const postingOf = (story: Story, extra: Record<string, unknown> = {}) =>
  nodesOf(story, extra).find((node) => node["@type"] === "BlogPosting");

describe("JSON-LD from any content", () => {
  it("a reading time that is no number is left out, not written as PTNaNM; a number is minutes", () => {
    expect(postingOf(insight({ readingTime: "5 minutes" }))).not.toHaveProperty("timeRequired");
    expect(postingOf(insight({ readingTime: "0" }))).not.toHaveProperty("timeRequired");
    expect(postingOf(insight({ readingTime: "5" }))?.timeRequired).toBe("PT5M");
    expect(postingOf(insight({ readingTime: 7 }))?.timeRequired).toBe("PT7M");
  });

  it("an image whose file is no web address is left out, not glued to the origin", () => {
    const story = insight({
      heroImage: { filename: "javascript:alert(1)" },
      authorName: "Eva Smit",
      authorImage: { filename: "javascript:alert(1)" },
    });
    const posting = postingOf(story);
    expect(posting).not.toHaveProperty("image");
    expect(posting?.author).not.toHaveProperty("image");
    expect(JSON.stringify(pageGraph(input(story)))).not.toContain("javascript:");
    expect(postingOf(insight({ heroImage: { filename: "//a.storyblok.com/f/1/10x10/ab/x.svg" } }))?.image).toEqual([
      "https://a.storyblok.com/f/1/10x10/ab/x.svg",
    ]);
  });

  it("a named author carries a url: the team page in the page's language", () => {
    const story = insight({ authorName: "Eva Smit", authorRole: "Strateeg" });
    expect(postingOf(story, { teamPath: "/team" })?.author).toEqual({
      "@type": "Person",
      name: "Eva Smit",
      url: "https://www.koraal.nl/team",
      jobTitle: "Strateeg",
      worksFor: { "@id": "https://www.koraal.nl/#organization" },
    });
  });

  it("the organisation's logo is the 512x512 PNG Google accepts, whatever the header's logo is", () => {
    const organization = nodesOf(insight({})).find((node) => node["@type"] === "Organization");
    expect(organization?.logo).toEqual({
      "@type": "ImageObject",
      "@id": "https://www.koraal.nl/#logo",
      url: "https://www.koraal.nl/logo.png",
      width: 512,
      height: 512,
      caption: "Koraal",
    });
  });
});
