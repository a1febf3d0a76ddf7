import type { DatasourceEntry, Story } from "../src/shared/content";
import type { SpaceSnapshot } from "../src/server/content/snapshot";

/** Types of scripts/content-pull.mjs, for the tests that import it. */

export interface PulledSpace {
  space: SpaceSnapshot["space"];
  stories: Story[];
  drafts: Story[];
  datasources: Array<{ id: number; name: string; slug: string; entries: DatasourceEntry[] }>;
}

export declare const RATE_PER_SECOND: number;
export declare const MAX_RETRIES: number;
export declare const LOCAL_TOKENS: SpaceSnapshot["tokens"];

export declare function apiBase(host?: string): string;
export declare function createPacer(options?: { ratePerSecond?: number; now?: () => number; sleep?: (ms: number) => Promise<void> }): () => Promise<void>;
export declare function stripEditable<T>(value: T): T;
export declare function draftsToKeep(published: Story[], drafts: Story[]): Story[];
export declare function foldTranslation<T>(content: T, translated: unknown, lang: string): T;
export declare function foldTranslations(stories: Story[], byLanguage: Array<[string, Story[]]>): Story[];
export declare function pullSpace(options: {
  token: string;
  previewToken?: string;
  host?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}): Promise<PulledSpace>;
export declare function contentFiles(pulled: PulledSpace, tokens?: SpaceSnapshot["tokens"]): Map<string, unknown>;
export declare function validationProblems(files: Map<string, unknown>): string[];
export declare function writeContentDir(dir: string, files: Map<string, unknown>): void;
