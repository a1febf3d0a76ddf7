/**
 * The latest report of a published story: what the webhook's check found, kept per story, and
 * listed by `GET /api/content-health` (for `npm run content:health -- --remote`). Shared by the
 * Worker that writes and serves them and the command that reads them.
 */
import { countFindings, type Finding, findingId, type Severity } from "./finding.ts";

export const CONTENT_HEALTH_PATH = "/api/content-health";

export interface HealthReport {
  story: string;
  storyId: number;
  /** ISO time of the publish check. */
  checkedAt: string;
  counts: Record<Severity, number>;
  findings: Finding[];
}

/** What `GET /api/content-health` answers. */
export interface HealthListing {
  reports: HealthReport[];
  /** True when there were more reports than one answer lists. */
  truncated: boolean;
}

export function healthReport(story: { full_slug: string; id: number }, findings: Finding[], checkedAt: number): HealthReport {
  return {
    story: story.full_slug,
    storyId: story.id,
    checkedAt: new Date(checkedAt).toISOString(),
    counts: countFindings(findings),
    findings,
  };
}

/** The publish log line's fields: counts and finding ids, never the texts. */
export function reportLogFields(report: HealthReport) {
  return {
    story: report.story,
    storyId: report.storyId,
    errors: report.counts.error,
    warnings: report.counts.warning,
    findings: report.findings.map((finding) => `${finding.lang}:${findingId(finding)}`),
  };
}
