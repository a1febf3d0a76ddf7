/**
 * The stand-in's memory: one space and what the push writes into it, shaped as the Management API
 * answers (resources/mapi/ of Storyblok's OpenAPI description). Nothing is persisted.
 */
import { createHash, randomUUID } from "node:crypto";

export type Json = Record<string, unknown>;

export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

/** A story's published content, kept beside the working copy so drafts can differ from it. */
export interface StoryVersion {
  id: number;
  story_id: number;
  status: "published" | "draft";
  created_at: string;
  content: Json;
}

/** The two shapes Storyblok's description documents for a story's translated slugs. */
export type SlugAnswer = "translated_slugs" | "localized_paths";

export interface SpaceStore {
  space: Json;
  componentGroups: Json[];
  components: Json[];
  datasources: Json[];
  datasourceEntries: Json[];
  stories: Json[];
  versions: StoryVersion[];
  assets: Json[];
  /** Signed uploads not finished yet, by the signed response object's id. */
  uploads: Map<string, { assetId: number; received: boolean }>;
  /** Uploaded bytes by asset id (what a.storyblok.com would serve). */
  files: Map<number, StoredFile>;
  /** How answers give a story's translated slugs (handlers-stories.ts `answered`). */
  slugAnswer: SlugAnswer;
  /** Requests answered with 429. */
  throttled: number;
  nextId: () => number;
  now: () => string;
  uuid: () => string;
}

export function createSpaceStore(spaceId: number, clock: () => number = Date.now, slugAnswer: SlugAnswer = "translated_slugs"): SpaceStore {
  let id = 100_000;
  const now = () => new Date(clock()).toISOString();
  const created = now();
  return {
    space: {
      id: spaceId,
      name: "Stand-in space",
      domain: "https://localhost:8080/",
      plan: "starter",
      plan_level: 0,
      created_at: created,
      updated_at: created,
      languages: [],
      default_root: "page",
      owner_id: 1,
      story_published_hook: "",
      environments: [],
    },
    componentGroups: [],
    components: [],
    datasources: [],
    datasourceEntries: [],
    stories: [],
    versions: [],
    assets: [],
    uploads: new Map(),
    files: new Map(),
    slugAnswer,
    throttled: 0,
    nextId: () => ++id,
    now,
    uuid: randomUUID,
  };
}

/** What the store holds, counted: what a test compares before and after a run. */
export function storeCounts(store: SpaceStore): Record<string, number> {
  return {
    componentGroups: store.componentGroups.length,
    components: store.components.length,
    datasources: store.datasources.length,
    datasourceEntries: store.datasourceEntries.length,
    folders: store.stories.filter((story) => story.is_folder).length,
    stories: store.stories.filter((story) => !story.is_folder).length,
    assets: store.assets.length,
    versions: store.versions.length,
  };
}

/** A digest of everything the store holds: equal digests, nothing written. */
export function storeDigest(store: SpaceStore): string {
  const { space, componentGroups, components, datasources, datasourceEntries, stories, versions, assets } = store;
  const state = { space, componentGroups, components, datasources, datasourceEntries, stories, versions, assets };
  return createHash("sha256").update(JSON.stringify(state)).digest("hex");
}

/** Storyblok's asset URL: https://a.storyblok.com/f/{space}/{w}x{h}/{hash}/{file}. */
export function assetUrl(spaceId: number, size: string, shortFilename: string): string {
  const hash = createHash("sha256").update(`${spaceId}/${shortFilename}`).digest("hex").slice(0, 10);
  return `https://a.storyblok.com/f/${spaceId}/${size}/${hash}/${shortFilename}`;
}
