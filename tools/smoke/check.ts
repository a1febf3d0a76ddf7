// What a check is, shared by every file of checks.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { Answer } from "./http.ts";
import type { Site } from "./site.ts";

export interface Check {
  /** Stable: what the deploy and people grep for. */
  name: string;
  path: string;
  /** What is wrong, one sentence each; none when the check passes. */
  run(site: Site): Promise<string[]>;
}

export function statusProblem(answer: Answer, expected: number): string {
  const location = answer.headers.get("location");
  return `answered ${answer.status}${location ? ` (Location: ${location})` : ""}, not ${expected}`;
}

const defaultParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false });

/** Well-formed XML, parsed; or what is wrong with it. */
export function parseXml(text: string, parser: XMLParser = defaultParser): { doc: Record<string, unknown> } | { problem: string } {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { problem: `not well-formed XML: ${valid.err.msg} (line ${valid.err.line})` };
  return { doc: parser.parse(text) as Record<string, unknown> };
}
