import type { SpaceSnapshot } from "../src/server/content/snapshot";

/** Types of scripts/build-snapshot.mjs, for the tests that import it. */

export declare const REPO_ROOT: string;
export declare const STARTPAGE_FILE: string;

export declare class ContentValidationError extends Error {
  readonly problems: string[];
  constructor(problems: string[]);
}

export interface ContentFile {
  /** Path shown in messages, e.g. content/stories/home.json. */
  file: string;
  data?: unknown;
  error?: string;
}

export interface ContentFiles {
  space?: ContentFile;
  stories: ContentFile[];
  drafts: ContentFile[];
  datasources: ContentFile[];
  problems?: string[];
}

export declare function storyFilePath(fullSlug: string): string;
export declare function fullSlugFromFilePath(relativePath: string): string;
export declare function readContentDir(contentDir: string): ContentFiles;
export declare function assembleSnapshot(files: ContentFiles): SpaceSnapshot;
export declare function storyReferences(content: unknown): Array<{ uuid: string; path: string }>;
export declare function buildSnapshot(contentDir?: string): SpaceSnapshot;
export declare function renderSnapshotModule(snapshot: SpaceSnapshot): { js: string; dts: string };
export declare function writeSnapshot(snapshot: SpaceSnapshot, outDir?: string): void;
