/**
 * Content health: the content rules editors are warned by, in the preview (a panel), on every
 * publish (the webhook's report) and in CI (`npm run content:health`). One set of rules, each with
 * a stable id and a severity (`error`: visitors see something broken; `warning`: quality), reading a
 * story as the Content Delivery API delivers it in each language, the links list and the content
 * model's facts: what the site itself reads. Pure: no I/O, the clock is passed in.
 *
 * The vacancy rules (rules/vacancy.ts) read the job-posting fields only where the model has them.
 */
import { DEFAULT_LANG, type Lang } from "../i18n/lang.ts";
import { type Finding, findingId } from "./finding.ts";
import type { ModelFacts } from "./model-facts.ts";
import type { ModelLabels } from "./model-labels.ts";
import type { CheckedStory, LinkTarget, Rule, RuleInput } from "./rule.ts";
import { imageAltRule } from "./rules/image-alt.ts";
import { imageAltDutchRule } from "./rules/image-alt-dutch.ts";
import { imageOversizedRule, imageSvgRule } from "./rules/image-file.ts";
import { linkTargetRule } from "./rules/link-target.ts";
import { linkTextRule } from "./rules/link-text.ts";
import { newsletterConsentRule } from "./rules/newsletter-consent.ts";
import { relationTargetRule } from "./rules/relation-target.ts";
import { seoDescriptionRule, seoTitleRule, shareImageRule } from "./rules/seo.ts";
import { translationRule } from "./rules/translation.ts";
import { unsupportedBlockRule } from "./rules/unsupported-block.ts";
import { vacancyClosedRule, vacancyJobPostingRule } from "./rules/vacancy.ts";
import { dateMalformedRule } from "./rules/dates.ts";
import { assetUrlRule, numberUnreadableRule } from "./rules/values.ts";
import { bloksOf, uidOf } from "./walk.ts";

export type { Finding, Message, Severity } from "./finding.ts";
export { countFindings, findingId } from "./finding.ts";
export type { ModelFacts } from "./model-facts.ts";
export type { CheckedStory, LinkTarget, Rule } from "./rule.ts";

/** Every rule, in the order findings are listed. */
export const RULES: readonly Rule[] = [
  unsupportedBlockRule,
  linkTargetRule,
  newsletterConsentRule,
  vacancyClosedRule,
  dateMalformedRule,
  assetUrlRule,
  relationTargetRule,
  linkTextRule,
  imageAltRule,
  imageAltDutchRule,
  translationRule,
  seoTitleRule,
  seoDescriptionRule,
  shareImageRule,
  imageOversizedRule,
  imageSvgRule,
  vacancyJobPostingRule,
  numberUnreadableRule,
];

/** What the rules read besides the story. */
export interface CheckSetup {
  facts: ModelFacts;
  /** The editor's names of blocks and fields (`model-labels.ts`), which some messages quote; default none. */
  labels?: ModelLabels;
  /** The links list (`cdn/links`): every story that exists, published or not. */
  links: readonly LinkTarget[];
  /** Whether the site renders a component; default: it is a component of the model. */
  isBlock?: (component: string) => boolean;
  now: number;
  /** The uuids of the vacancies closed at `now` (`src/shared/vacancy/vacancy.ts` `isClosed`); default none. */
  closed?: ReadonlySet<string>;
  /** Only these rules (tests); default all. */
  rules?: readonly Rule[];
}

const trim = (slug: string) => slug.replace(/^\/+|\/+$/g, "");

/** The links list by path slug: a folder's start page (`diensten/`) stands for the folder (`diensten`), as its page does. */
function bySlug(links: readonly LinkTarget[]): Map<string, LinkTarget> {
  const map = new Map<string, LinkTarget>();
  for (const link of links) if (!map.get(trim(link.slug)) || !link.is_folder) map.set(trim(link.slug), link);
  return map;
}

/** One language version of a story, checked; `dutch` is the Dutch version when `lang` is another one. */
export function checkVersion(lang: Lang, story: CheckedStory, setup: CheckSetup, dutch?: CheckedStory): Finding[] {
  const bloks = bloksOf(story.content);
  const input: RuleInput = {
    lang,
    story,
    bloks,
    dutch: dutch && new Map(bloksOf(dutch.content).map((at) => [uidOf(at.blok), at])),
    facts: setup.facts,
    labels: setup.labels ?? {},
    links: {
      byUuid: new Map(setup.links.map((link) => [link.uuid, link])),
      bySlug: bySlug(setup.links),
    },
    isBlock: setup.isBlock ?? ((component) => Object.hasOwn(setup.facts, component)),
    now: setup.now,
    closed: setup.closed ?? new Set(),
  };
  const slug = dutch?.full_slug ?? story.full_slug;
  return (setup.rules ?? RULES).flatMap((rule) =>
    rule.check(input).map((hit) => ({
      rule: rule.id,
      severity: rule.severity,
      story: slug,
      storyId: story.id,
      lang,
      uid: uidOf(hit.at.blok),
      component: hit.at.blok.component,
      field: hit.field,
      path: hit.at.path,
      message: hit.message,
    })),
  );
}

/** A story's language versions as the API delivers them: the Dutch one, and the others it is published in. */
export type StoryVersions = { nl: CheckedStory } & Partial<Record<Lang, CheckedStory>>;

/**
 * Every finding of a story in all its versions. A finding of another language that the Dutch
 * version has too (the same rule, block, field and message: a field the translation inherits) is
 * reported once, for Dutch.
 */
export function checkStory(versions: StoryVersions, setup: CheckSetup): Finding[] {
  const dutch: CheckedStory = versions.nl;
  const findings = checkVersion(DEFAULT_LANG, dutch, setup);
  const seen = new Set(findings.map((finding) => `${findingId(finding)} ${finding.message.nl}`));
  for (const [lang, story] of Object.entries(versions) as Array<[Lang, CheckedStory | undefined]>) {
    if (lang === DEFAULT_LANG || !story) continue;
    findings.push(...checkVersion(lang, story, setup, dutch).filter((finding) => !seen.has(`${findingId(finding)} ${finding.message.nl}`)));
  }
  return findings;
}
export { CONTENT_HEALTH_PATH, type HealthListing, type HealthReport, healthReport, reportLogFields } from "./report.ts";
