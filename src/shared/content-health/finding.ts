import type { Lang } from "../i18n/lang.ts";

/** `error`: visitors see something broken; `warning`: the page works, but less well than it could. */
export type Severity = "error" | "warning";

/** A finding's text in both languages of the editor's interface (the preview's language picks one). */
export type Message = Record<Lang, string>;

/** One problem of one story, in one language version, at one field of one block. */
export interface Finding {
  /** The rule's stable id, e.g. `link.target` (the publish log and `--json` name findings by it). */
  rule: string;
  severity: Severity;
  /** The story's full_slug in the default language. */
  story: string;
  storyId: number;
  /** The language version the problem is in. */
  lang: Lang;
  /** The block: its `_uid` and component (the story's content type for the story's own fields). */
  uid: string;
  component: string;
  /** The field inside the block, with the path into its value: `link`, `images[1].alt`. */
  field: string;
  /** Where the block is in the story's content: `body[2].columns[0]` (empty for the content itself). */
  path: string;
  message: Message;
}

/** A finding's short id, stable across runs: `rule@uid.field`. */
export const findingId = (finding: Pick<Finding, "rule" | "uid" | "field">): string => `${finding.rule}@${finding.uid}.${finding.field}`;

/** Errors and warnings of a set of findings. */
export function countFindings(findings: readonly Pick<Finding, "severity">[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}
