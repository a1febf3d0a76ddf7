/**
 * The vacancy rules (Google for Jobs). They read the job-posting fields of the `Vacancy` content
 * type by name, and only where the content model has them: on a model without them both rules find
 * nothing, so they switch on by themselves when the fields are added to content-model/.
 */
import type { Hit, Rule, RuleInput } from "../rule.ts";
import { fieldFacts } from "../model-facts.ts";
import { isBlok, type BlokAt } from "../walk.ts";
import { hasSalaryAmount, isClosed, type SalaryFields, JOB_POSTING_FIELDS, SALARY_PARTS } from "../../vacancy/vacancy.ts";

const VACANCY = "Vacancy";

const has = (input: RuleInput, field: string) => fieldFacts(input.facts, VACANCY, field) !== undefined;
const filled = (value: unknown) =>
  typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && value.trim() !== "");

function vacancyOf(input: RuleInput): BlokAt | undefined {
  const content = input.story.content;
  return isBlok(content) && content.component === VACANCY ? { blok: content, path: "" } : undefined;
}

/** A vacancy whose closing date has passed is still online: people apply, search engines drop it. */
export const vacancyClosedRule: Rule = {
  id: "vacancy.closed",
  severity: "error",
  check(input) {
    const at = vacancyOf(input);
    if (!at || !has(input, "validThrough")) return [];
    if (!isClosed({ content: at.blok }, input.now)) return [];
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
    for (const asked of JOB_POSTING_FIELDS) {
      if (!has(input, asked.field) || (asked.unlessRemote && remote)) continue;
      if (!filled(at.blok[asked.field])) missing(asked.field, asked.nl, asked.en);
    }
    if (hasSalaryAmount(at.blok as SalaryFields)) {
      for (const part of SALARY_PARTS) if (has(input, part.field) && !filled(at.blok[part.field])) missing(part.field, part.nl, part.en);
    }
    return hits;
  },
};
