import type { DatasourceEntry, Story } from "../../shared/content";

/**
 * The embedded Storyblok space: what `content/` holds, bundled by `npm run build` into
 * `.generated/snapshot.js`. Served to the site by the CDN emulator when no STORYBLOK_TOKEN is set.
 */
export interface SpaceSnapshot {
  space: {
    id: number;
    name: string;
    domain: string;
    /** The cache version (`cv`) of the published content. */
    version: number;
    language_codes: string[];
  };
  /** Access tokens the emulator accepts. Local stand-ins, not secrets. */
  tokens: { public: string; preview: string };
  /** Published versions of every story, folders excluded. */
  stories: Story[];
  /** Draft versions of stories whose draft differs from the published one (or was never published). */
  drafts: Story[];
  datasources: Array<{ id: number; name: string; slug: string; entries: DatasourceEntry[] }>;
}
