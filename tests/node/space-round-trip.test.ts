/**
 * The round trip: the demo space pushed into the Management API stand-in, read back through the
 * Management API (tools/space/push/read-back.ts) and built into the site's snapshot again. With what
 * the push legitimately changes mapped back (the ids, uuids, dates and asset URLs the space
 * assigned), the snapshot equals the one built from content/ but for asset ids (the snapshot
 * gives one file different ids in different places, the space one id per file), and the Worker
 * serves every page from it with the same HTML: tests/integration/space-round-trip-pages.test.ts,
 * run here in workerd with this snapshot.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, storyFolders } from "../../content-model/index.ts";
import { assetCatalog, localiseAssetUrls } from "../../tools/build/asset-catalog.ts";
import { assembleSnapshot, type ContentFiles, readContentDir, renderSnapshotModule } from "../../tools/build/build-snapshot.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { embeddedAssetReader } from "../../tools/space/push/asset-source.ts";
import { desiredSpace } from "../../tools/space/push/desired.ts";
import { createMapi, type Mapi } from "../../tools/space/push/mapi.ts";
import { pushSpace } from "../../tools/space/push/push.ts";
import { readBackSpace } from "../../tools/space/push/read-back.ts";
import { type AssetRef, remapContent, shortFilenames } from "../../tools/space/push/remap.ts";
import { type StandIn, startMapiStandIn } from "../stand-ins/storyblok-mapi/server.ts";
import type { SpaceSnapshot } from "../../src/server/content/snapshot.ts";
import type { Story } from "../../src/shared/content.ts";

type Json = Record<string, unknown>;
const SPACE_ID = 287341;
const CONTENT = join(REPO_ROOT, "content");
const SPACE_ASSIGNED = ["id", "uuid", "group_id", "created_at", "updated_at", "published_at", "first_published_at", "parent_id"] as const;

let standIn: StandIn;
let mapi: Mapi;
const original = readContentDir(CONTENT);
const originalSnapshot = assembleSnapshot(original, schema);
const desired = desiredSpace(originalSnapshot, schema, storyFolders);

beforeAll(async () => {
  standIn = await startMapiStandIn({ spaceId: SPACE_ID, requestsPerSecond: 10_000 });
  mapi = createMapi({ token: "round-trip-token", spaceId: SPACE_ID, baseUrl: standIn.url, requestsPerSecond: 1000 });
  await pushSpace({ mapi, dryRun: false, readAsset: embeddedAssetReader(join(REPO_ROOT, "public")), log: () => {}, changes: [] }, desired);
});
afterAll(() => standIn?.close());

/** The space's uuids and asset URLs -> the snapshot's, from the stories' full_slugs and the assets' file names. */
function backwards(): { uuids: Map<string, string>; assets: Map<string, AssetRef> } {
  const byFilename = new Map([...shortFilenames(desired.assets)].map(([url, name]) => [name, url]));
  const assets = new Map(
    standIn.store.assets.map((asset) => [
      String(asset.filename),
      { id: null, filename: byFilename.get(String(asset.short_filename)) ?? "?" },
    ]),
  );
  const originals = new Map([...originalSnapshot.stories, ...originalSnapshot.drafts].map((story) => [story.full_slug, story]));
  const uuids = new Map(
    standIn.store.stories
      .filter((story) => !story.is_folder)
      .map((story) => [String(story.uuid), originals.get(String(story.full_slug))?.uuid ?? "?"]),
  );
  return { uuids, assets };
}

function mappedBack(pulled: ContentFiles): ContentFiles {
  const remaps = backwards();
  const bySlug = (stories: Story[]) => new Map(stories.map((story) => [story.full_slug, story as unknown as Json]));
  const published = bySlug(originalSnapshot.stories);
  const drafts = bySlug(originalSnapshot.drafts);
  const story = (originals: Map<string, Json>) => (file: { file: string; data?: unknown }) => {
    const data = file.data as Json;
    const source = originals.get(String(data.full_slug));
    const assigned = Object.fromEntries(SPACE_ASSIGNED.map((key) => [key, source?.[key]]));
    // the API has true/false where the snapshot has true/null for a language's publication
    const slugs = (data.translated_slugs as Json[]).map((slug) => ({ ...slug, published: slug.published === true ? true : null }));
    return { ...file, data: { ...data, ...assigned, translated_slugs: slugs, content: remapContent(data.content, remaps) } };
  };
  const datasources = pulled.datasources.map((file) => {
    const data = file.data as { slug: string; entries: Json[] };
    const source = originalSnapshot.datasources.find((item) => item.slug === data.slug);
    const entries = data.entries.map((entry) => ({ ...entry, id: source?.entries.find((item) => item.name === entry.name)?.id }));
    return { ...file, data: { ...data, id: source?.id, entries } };
  });
  return { space: original.space, stories: pulled.stories.map(story(published)), drafts: pulled.drafts.map(story(drafts)), datasources };
}

const withoutAssetIds = (snapshot: SpaceSnapshot): SpaceSnapshot => {
  const strip = (story: Story) => ({
    ...story,
    content: JSON.parse(JSON.stringify(story.content), (key, value) =>
      key === "id" && value !== null && typeof value === "number" ? null : value,
    ),
  });
  return { ...snapshot, stories: snapshot.stories.map(strip), drafts: snapshot.drafts.map(strip) };
};

describe("push, pull, build", () => {
  it("builds the snapshot the site is built from byte for byte from what the space holds", async () => {
    const pulled = await readBackSpace(mapi);
    expect(pulled.stories).toHaveLength(original.stories.length);
    expect(pulled.drafts).toHaveLength(original.drafts.length);
    const snapshot = withoutAssetIds(assembleSnapshot(mappedBack(pulled), schema));
    const expected = withoutAssetIds(originalSnapshot);
    expect(snapshot).toEqual(expected);
    expect(renderSnapshotModule(snapshot).js).toBe(renderSnapshotModule(expected).js);
  });

  it("serves every page with the same HTML as the embedded snapshot (the Worker in workerd)", { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "round-trip-"));
    try {
      const file = join(dir, "snapshot.json");
      // as the build does with the embedded space: its asset URLs point at the Worker's image service
      const snapshot = localiseAssetUrls(assembleSnapshot(mappedBack(await readBackSpace(mapi)), schema), assetCatalog(CONTENT));
      writeFileSync(file, JSON.stringify(snapshot));
      const args = ["node_modules/vitest/vitest.mjs", "run", "tests/integration/space-round-trip-pages.test.ts"];
      const output = await new Promise<string>((resolve, reject) =>
        execFile(
          process.execPath,
          args,
          { cwd: REPO_ROOT, env: { ...process.env, ROUND_TRIP_SNAPSHOT_FILE: file, NO_COLOR: "1", FORCE_COLOR: "0" }, timeout: 110_000 },
          (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}${stderr}`)) : resolve(stdout + stderr)),
        ),
      );
      expect(output).toMatch(/Tests\s+1 passed \(1\)/);
      expect(output).toMatch(/round trip: \d+ answers compared \(\d+ sitemap pages\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("holds the content with the space's own uuids and asset URLs, not the snapshot's", () => {
    const home = standIn.store.stories.find((story) => story.full_slug === "home") as Json;
    const text = JSON.stringify(home.content);
    const held = [...text.matchAll(/https:\/\/a\.storyblok\.com\/f\/\d+\/[^"]+/g)].map((match) => match[0]);
    const uploaded = new Set(standIn.store.assets.map((asset) => String(asset.filename)));
    expect(held.length).toBeGreaterThan(0);
    expect(held.filter((url) => !uploaded.has(url))).toEqual([]);
    // uploaded with their pixel size, which the URL carries and the site reads each image's box from
    const sizes = (urls: string[]) => urls.map((url) => /\/f\/\d+\/(\d+x\d+)\//.exec(url)?.[1]).sort();
    const snapshotUrls = [
      ...JSON.stringify(originalSnapshot.stories.find((story) => story.full_slug === "home")?.content).matchAll(
        /https:\/\/a\.storyblok\.com\/f\/\d+\/[^"]+/g,
      ),
    ].map((match) => match[0]);
    expect(sizes(held)).toEqual(sizes(snapshotUrls));
    expect(held.some((url) => url.includes("/0x0/"))).toBe(false);
    const snapshotUuids = new Set(originalSnapshot.stories.map((story) => story.uuid));
    const linked = [...text.matchAll(/"id":"([0-9a-f-]{36})"/g)].map((match) => match[1]);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.filter((uuid) => snapshotUuids.has(uuid ?? ""))).toEqual([]);
  });
});
