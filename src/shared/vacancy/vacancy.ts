import { storyblokTime } from "../dates/datetime.ts";

/**
 * The vacancy's domain facts, each written once and read by the site (listings, menus, the 410),
 * the JSON-LD, the sitemap and content health: when it closes, what its salary is, and which
 * fields a job posting asks for.
 */
interface VacancyFields {
  component: string;
  validThrough?: unknown;
}

/**
 * A vacancy closes at its `validThrough` (the closing date): from that moment (`<=`: at the
 * closing minute it is closed) it is gone from listings, menus, the sitemap and search engines,
 * and its page answers 410, by the request's clock: no publish and no cache to wait for. A story
 * without a readable one (or another content type) never closes; content health reports a
 * malformed date as an error.
 */
export function isClosed(story: { content: VacancyFields }, now: number): boolean {
  const closes = closingTime(story.content);
  return closes !== undefined && closes <= now;
}

/** When a vacancy's content closes; undefined when it has no (readable) closing date or is no vacancy. */
export function closingTime(content: VacancyFields): number | undefined {
  if (content.component !== "Vacancy") return undefined;
  return storyblokTime(content.validThrough);
}

/** A salary as Google for Jobs counts one: an amount or range, in a currency, per a unit. */
export interface Salary {
  currency: string;
  unit: string;
  min?: number;
  max?: number;
}

export interface SalaryFields {
  salaryMin?: unknown;
  salaryMax?: unknown;
  salaryCurrency?: unknown;
  salaryUnit?: unknown;
}

/** Whether the vacancy names an amount at all (then it needs its currency and unit to count). */
export const hasSalaryAmount = (fields: SalaryFields): boolean =>
  amount(fields.salaryMin) !== undefined || amount(fields.salaryMax) !== undefined;

/**
 * The salary, or undefined when there is none or it does not count: an amount without its
 * currency or unit is not a salary (content health tells the editor; nothing fills them in).
 */
export function salaryOf(fields: SalaryFields): Salary | undefined {
  const min = amount(fields.salaryMin);
  const max = amount(fields.salaryMax);
  const currency = text(fields.salaryCurrency);
  const unit = text(fields.salaryUnit);
  if ((min === undefined && max === undefined) || !currency || !unit) return undefined;
  return { currency, unit, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** Storyblok keeps numbers as strings. */
function amount(value: unknown): number | undefined {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** The salary's parts without which an amount does not count, each with the words the editor sees. */
export const SALARY_PARTS = [
  { field: "salaryCurrency", nl: "de valuta", en: "the currency" },
  { field: "salaryUnit", nl: "de periode", en: "the unit" },
] as const;

/** Fields Google for Jobs asks of a job posting, each with the words the editor sees. */
export const JOB_POSTING_FIELDS: ReadonlyArray<{ field: string; nl: string; en: string; unlessRemote?: true }> = [
  { field: "employmentType", nl: "het dienstverband", en: "the employment type" },
  { field: "validThrough", nl: "de sluitingsdatum", en: "the closing date" },
  { field: "addressLocality", nl: "de plaats", en: "the town", unlessRemote: true },
  { field: "addressCountry", nl: "het land", en: "the country", unlessRemote: true },
];
