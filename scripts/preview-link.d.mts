/** Types of scripts/preview-link.mjs, for the tests that import it. */
export declare const REPO_ROOT: string;
export declare function previewToken(spaceId: string | number, token: string, timestamp: string | number): string;
export declare function slugForPath(path: string): string;
export declare function previewLink(options: {
  base: string;
  path: string;
  spaceId: string | number;
  token: string;
  storyId: string | number;
  now?: number;
}): string;
export declare function embeddedSpace(contentDir: string, slug: string): { spaceId: number; token: string; storyId: number | undefined };
