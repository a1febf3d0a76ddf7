/**
 * The vacancy rules (Google for Jobs). They read the job-posting fields of the `Vacancy` content
 * type by name, and only where the content model has them: on a model without them both rules find
 * nothing, so they switch on by themselves when the fields are added to content-model/.
 */
import type { Hit, Rule, RuleInput } from "../rule.ts";
import { fieldFacts } from "../model-facts.ts";
import { isBlok, type BlokAt } from "../walk.ts";

const VACANCY = "Vacancy";

const has = (input: RuleInput, field: string) => fieldFacts(input.facts, VACANCY, field) !== undefined;
const filled = (value: unknown) =>
  typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && value.trim() !== "");

function vacancyOf(input: RuleInput): BlokAt | undefined {
  const content = input.story.content;
  return isBlok(content) && content.component === VACANCY ? { blok: content, path: "" } : undefined;
}

/** Storyblok's datetime (`2026-12-31 17:00`, UTC) in ms; NaN when it is not one. */
export function storyblokTime(value: unknown): number {
  if (typeof value !== "string" || !value.trim()) return Number.NaN;
  const iso = value.trim().replace(" ", "T");
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
}

/** A vacancy whose closing date has passed is still online: people apply, search engines drop it. */
export const vacancyClosedRule: Rule = {
  id: "vacancy.closed",
  severity: "error",
  check(input) {
    const at = vacancyOf(input);
    if (!at || !has(input, "validThrough")) return [];
    const closes = storyblokTime(at.blok.validThrough);
    if (!(closes < input.now)) return [];
    return [
      {
        at,
        field: "validThrough",
        message: {
          nl: "De sluitingsdatum is voorbij: haal de vacature offline of zet een nieuwe datum.",
          en: "The closing date has passed: unpublish the vacancy or set a new date.",
        },
      },
    ];
  },
};

/** Fields Google for Jobs asks of a job posting, each with the words the editor sees. */
const ASKED: ReadonlyArray<{ field: string; nl: string; en: string; unlessRemote?: true }> = [
  { field: "employmentType", nl: "het dienstverband", en: "the employment type" },
  { field: "validThrough", nl: "de sluitingsdatum", en: "the closing date" },
  { field: "addressLocality", nl: "de plaats", en: "the town", unlessRemote: true },
  { field: "addressCountry", nl: "het land", en: "the country", unlessRemote: true },
];

/** A salary range needs its currency and unit to count as one. */
const SALARY_PARTS = ["salaryCurrency", "salaryUnit"] as const;

/** A vacancy without the fields search engines require of a job posting: it is left out of job search. */
export const vacancyJobPostingRule: Rule = {
  id: "vacancy.job-posting",
  severity: "warning",
  check(input) {
    const at = vacancyOf(input);
    if (!at) return [];
    const hits: Hit[] = [];
    const missing = (field: string, nl: string, en: string) =>
      hits.push({
        at,
        field,
        message: {
          nl: `Vul ${nl} in: zoekmachines tonen de vacature anders niet bij vacatures.`,
          en: `Fill in ${en}: otherwise search engines leave the vacancy out of job search.`,
        },
      });
    const remote = at.blok.remote === true;
    for (const asked of ASKED) {
      if (!has(input, asked.field) || (asked.unlessRemote && remote)) continue;
      if (!filled(at.blok[asked.field])) missing(asked.field, asked.nl, asked.en);
    }
    if (has(input, "salaryMin") && filled(at.blok.salaryMin)) {
      for (const part of SALARY_PARTS)
        if (has(input, part) && !filled(at.blok[part]))
          missing(part, part === "salaryCurrency" ? "de valuta" : "de periode", part === "salaryCurrency" ? "the currency" : "the unit");
    }
    return hits;
  },
};
