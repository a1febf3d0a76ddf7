/**
 * The latest content-health report per story, in the content cache's KV namespace under a prefix of
 * its own (no cache version: a report lives until the story's next publish, unpublish or delete).
 */
import type { HealthListing, HealthReport } from "../../shared/content-health";

const PREFIX = "content-health/v1/";
/** One listing answers at most this many reports (a KV read each). */
export const MAX_LISTED_REPORTS = 200;

const keyOf = (storyId: number) => `${PREFIX}${storyId}`;

export interface ReportStore {
  put(report: HealthReport): Promise<void>;
  remove(storyId: number): Promise<void>;
  list(): Promise<HealthListing>;
}

const isReport = (value: unknown): value is HealthReport =>
  typeof value === "object" &&
  value !== null &&
  Array.isArray((value as HealthReport).findings) &&
  typeof (value as HealthReport).story === "string";

export function reportStore(kv: KVNamespace): ReportStore {
  return {
    put: (report) => kv.put(keyOf(report.storyId), JSON.stringify(report)),
    remove: (storyId) => kv.delete(keyOf(storyId)),
    async list() {
      const listed = await kv.list({ prefix: PREFIX, limit: MAX_LISTED_REPORTS });
      const values = await Promise.all(listed.keys.map((key) => kv.get(key.name, "json").catch(() => null)));
      const reports = values.filter(isReport).sort((a, b) => b.counts.error - a.counts.error || a.story.localeCompare(b.story));
      return { reports, truncated: !listed.list_complete };
    },
  };
}
