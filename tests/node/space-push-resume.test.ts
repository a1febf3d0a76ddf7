/**
 * The whole demo space pushed in-process into the Management API stand-in, as a real space would
 * shape its answers: translated slugs answered either way Storyblok's description documents, each
 * story and folder ends with one entry per language however often it is written, and a second
 * run writes nothing.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { schema, storyFolders } from "../../content-model/index.ts";
import { buildSnapshot } from "../../tools/build/build-snapshot.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { embeddedAssetReader } from "../../tools/space/push/asset-source.ts";
import { desiredSpace } from "../../tools/space/push/desired.ts";
import { createMapi } from "../../tools/space/push/mapi.ts";
import { pushSpace } from "../../tools/space/push/push.ts";
import { type StandIn, type StandInOptions, startMapiStandIn } from "../stand-ins/storyblok-mapi/server.ts";
import { storeDigest } from "../stand-ins/storyblok-mapi/store.ts";

type Json = Record<string, unknown>;
const SPACE_ID = 287341;
const TOKEN = "resume-token";
const desired = desiredSpace(buildSnapshot(join(REPO_ROOT, "content")), schema, storyFolders);
const readAsset = embeddedAssetReader(join(REPO_ROOT, "public"));
const opened: StandIn[] = [];

async function standIn(options: Partial<StandInOptions> = {}): Promise<StandIn> {
  const started = await startMapiStandIn({ spaceId: SPACE_ID, token: TOKEN, requestsPerSecond: 10_000, ...options });
  opened.push(started);
  return started;
}

/** One `npm run space:push` in-process: the changes it made. */
async function push(into: StandIn): Promise<string[]> {
  const mapi = createMapi({ token: TOKEN, spaceId: SPACE_ID, baseUrl: into.url, requestsPerSecond: 10_000 });
  const { changes } = await pushSpace({ mapi, dryRun: false, readAsset, log: () => {}, changes: [] }, desired);
  return changes;
}

/** Each story's and folder's translated slug entries, by full slug: language and slug. */
const slugsBySlug = (into: StandIn): Record<string, string[]> =>
  Object.fromEntries(
    into.store.stories.map((story) => [
      String(story.full_slug),
      ((story.translated_slugs as Json[]) ?? []).map(({ lang, slug }) => `${lang}:${slug}`),
    ]),
  );

afterEach(async () => {
  for (const started of opened.splice(0)) await started.close();
});

describe("space:push into a space answering translated slugs either way", () => {
  it.each(["translated_slugs", "localized_paths"] as const)(
    "with %s: one entry per language, and a second run writes nothing",
    async (slugAnswer) => {
      const space = await standIn({ slugAnswer });
      expect((await push(space)).length).toBeGreaterThan(0);
      const slugs = slugsBySlug(space);
      expect(slugs.home).toEqual(["en:home"]);
      expect(slugs["theme/theme"]).toEqual(["en:theme"]);
      expect(slugs.diensten).toEqual(["en:services"]);
      for (const entries of Object.values(slugs)) expect(new Set(entries.map((entry) => entry.split(":")[0])).size).toBe(entries.length);
      const digest = storeDigest(space.store);
      expect(await push(space)).toEqual([]);
      expect(storeDigest(space.store)).toBe(digest);
    },
  );

  it("removes the duplicate English slugs an earlier push added, by id", async () => {
    const space = await standIn();
    await push(space);
    const home = space.store.stories.find((story) => story.full_slug === "home") as Json;
    const [entry] = home.translated_slugs as Json[];
    home.translated_slugs = [entry, { ...entry, id: 1 }];
    expect(await push(space)).toEqual(["write story home (translated slugs)"]);
    expect(slugsBySlug(space).home).toEqual(["en:home"]);
    expect(await push(space)).toEqual([]);
  });
});
