import type { Lang } from "../i18n/lang.ts";
import type { Message, Severity } from "./finding.ts";
import type { ModelFacts } from "./model-facts.ts";
import type { ModelLabels } from "./model-labels.ts";
import type { BlokAt } from "./walk.ts";

/** A story as the Content Delivery API delivers it in one language (what the rules read of it). */
export interface CheckedStory {
  id: number;
  uuid?: string;
  name: string;
  full_slug: string;
  content: unknown;
}

/** An entry of the links list (`cdn/links`): the stories that exist, and whether each is published. */
export interface LinkTarget {
  uuid: string;
  slug: string;
  published: boolean;
  is_folder: boolean;
}

/** What a rule reads: one language version of a story, and what the site knows around it. */
export interface RuleInput {
  lang: Lang;
  story: CheckedStory;
  /** Every blok of the version's content with its path, parents first. */
  bloks: readonly BlokAt[];
  /** In an English version: the Dutch version's bloks by `_uid` (what an untranslated field falls back to). */
  dutch?: ReadonlyMap<string, BlokAt>;
  facts: ModelFacts;
  /** The editor's names of blocks and fields, for a message that names a field (none: the model's own names). */
  labels: ModelLabels;
  links: { byUuid: ReadonlyMap<string, LinkTarget>; bySlug: ReadonlyMap<string, LinkTarget> };
  /** Whether the site renders a component (the block registry, or a component of the model its parent renders). */
  isBlock: (component: string) => boolean;
  /** Now, in ms (the caller's clock). */
  now: number;
  /** The uuids of the vacancies closed at `now` (`isClosed`): the site leaves links to them out. */
  closed: ReadonlySet<string>;
}

/** One problem a rule found: where, and what to tell the editor. */
export interface Hit {
  at: BlokAt;
  field: string;
  message: Message;
}

export interface Rule {
  /** Stable: logs, reports and `--json` name findings by it. */
  id: string;
  severity: Severity;
  check(input: RuleInput): Hit[];
}
