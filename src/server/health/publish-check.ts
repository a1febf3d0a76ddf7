/**
 * The content rules over a story just published, in the webhook's processing (never on a visitor's
 * request): its Dutch version and each language it is published in, read through the content
 * layer as pages read them, with the links list. One log line (`content.health`: counts and finding
 * ids) and the story's latest report.
 */
import type { Content } from "../content";
import { closedVacancies } from "../content/page";
import type { HealthReport, StoryVersions } from "../../shared/content-health";
import type { Lang } from "../../shared/i18n/lang";
import { publishedTranslations } from "../../shared/i18n/published";
import type { Logger } from "../../shared/log";
import { isBlockName } from "../../site/blocks/registry";
import type { ReportStore } from "./reports";
import type { DatasourceEntry } from "../../shared/content";
import { redirectClashes } from "../publish/redirect-clash";

/** Loads the content rules' own module (built from rules.ts; the loader lives in src/server/index.ts). */
export type LoadContentRules = () => Promise<typeof import("./rules")>;

export interface PublishCheckDeps {
  loadContentRules: LoadContentRules;
  content: Content;
  reports: ReportStore;
  logger: Logger;
  now: () => number;
  /** The CMS `redirects` datasource: a page published at a redirect's source is reported. */
  redirects?: readonly DatasourceEntry[];
}

/** The languages besides Dutch the links list says the story is published in. */
function otherLanguages(links: Awaited<ReturnType<Content["links"]>>["value"], slug: string): Lang[] {
  const link = links.find((entry) => entry.slug.replace(/\/+$/, "") === slug.replace(/\/+$/, ""));
  return publishedTranslations(link).map(({ lang }) => lang);
}

/** Checks the published story `slug` (its full_slug without the trailing slash), logs and keeps the report. */
export async function checkPublishedStory(slug: string, deps: PublishCheckDeps): Promise<HealthReport> {
  const [dutch, links, closedNow] = await Promise.all([
    deps.content.story(slug),
    deps.content.links(),
    closedVacancies(deps.content, deps.now()),
  ]);
  const versions: StoryVersions = { nl: dutch.value.story };
  for (const lang of otherLanguages(links.value, slug)) versions[lang] = (await deps.content.story(slug, { language: lang })).value.story;
  const { checkStory, healthReport, modelFacts, modelLabels, reportLogFields } = await deps.loadContentRules();
  // whether the site renders a component: a block of the registry, or a component its parent block renders
  const isBlock = (component: string) => isBlockName(component) || Object.hasOwn(modelFacts, component);
  const closed = new Set(closedNow.map((story) => story.uuid));
  const findings = [
    ...checkStory(versions, { facts: modelFacts, labels: modelLabels, links: links.value, isBlock, now: deps.now(), closed }),
    ...redirectClashes(dutch.value.story, deps.redirects ?? []),
  ];
  const report = healthReport(dutch.value.story, findings, deps.now());
  const fields = reportLogFields(report);
  if (report.counts.error) deps.logger.warn("content.health", fields);
  else deps.logger.info("content.health", fields);
  await deps.reports.put(report);
  return report;
}
