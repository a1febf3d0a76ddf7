/**
 * The whole demo space pushed in-process into the Management API stand-in, as a real space would
 * shape its answers: translated slugs answered either way Storyblok's description documents, each
 * story and folder ends with one entry per language however often it is written, and a second
 * run writes nothing; and with server errors and dropped connections injected at every kind of
 * request the push makes, the space still ends equal to a clean push, with no orphan asset.
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
import { type Fault, type StandIn, type StandInOptions, startMapiStandIn } from "../stand-ins/storyblok-mapi/server.ts";
import { storeCounts, storeDigest } from "../stand-ins/storyblok-mapi/store.ts";

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
async function push(into: StandIn, retries?: number): Promise<string[]> {
  const mapi = createMapi({ token: TOKEN, spaceId: SPACE_ID, baseUrl: into.url, requestsPerSecond: 10_000, retries, backoffMs: 1 });
  const { changes } = await pushSpace({ mapi, dryRun: false, readAsset, log: () => {}, changes: [] }, desired);
  return changes;
}

/** Pushes until a run finishes, as a person rerunning it would; the failed runs' messages. */
async function pushUntilDone(into: StandIn, retries: number): Promise<string[]> {
  const failures: string[] = [];
  for (let run = 0; run < 40; run++) {
    try {
      await push(into, retries);
      return failures;
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  throw new Error(`no run finished: ${failures.join("\n")}`);
}

/** What a space holds, without what differs between any two spaces (ids, uuids, times). */
function spaceShape(into: StandIn): Json {
  const { store } = into;
  return {
    counts: storeCounts(store),
    space: store.space.languages,
    groups: store.componentGroups.map((group) => group.name).sort(),
    components: store.components.map((component) => [component.name, component.schema]).sort(),
    entries: store.datasourceEntries.map((entry) => `${entry.name}=${entry.value}`).sort(),
    assets: store.assets.map((asset) => `${asset.short_filename} ${asset.content_length}`).sort(),
    stories: store.stories
      .map((story) => [
        story.full_slug,
        story.is_folder,
        story.published,
        story.unpublished_changes,
        slugsBySlug(into)[String(story.full_slug)],
      ])
      .sort(),
  };
}

/** Every kind of request a first push makes. */
const STEP_KINDS = [
  "GET /",
  "PUT /",
  "GET /component_groups",
  "POST /component_groups",
  "GET /components",
  "POST /components",
  "GET /stories",
  "POST /stories",
  "GET /datasources",
  "POST /datasources",
  "GET /datasource_entries",
  "POST /datasource_entries",
  "GET /assets",
  "POST /assets",
  "POST /upload",
  "GET /assets/:id/finish_upload",
  "PUT /stories/:id",
];
const ANSWERS = [500, 502, 503, "reset"] as const;
const faultsAt = (kinds: readonly string[]): Fault[] =>
  kinds.flatMap((kind, i) => [1, 2].map((nth, j) => ({ kind, nth, answer: ANSWERS[(i + j) % ANSWERS.length] as Fault["answer"] })));
const RERUN_LINE =
  /^(GET|POST|PUT) http:\/\/127\.0\.0\.1:\d+\/\S+: (5\d\d \S.*|no answer \(.+\)): rerun `npm run space:push`: it continues where it stopped$/;

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

describe("space:push through server errors and dropped connections", () => {
  it("repeats what is safe to repeat and ends equal to a clean push, in one run", async () => {
    const clean = await standIn();
    await push(clean);
    const repeatable = STEP_KINDS.filter((kind) => !kind.startsWith("POST") || kind === "POST /upload");
    const faulty = await standIn({ faults: faultsAt(repeatable) });
    await push(faulty);
    expect(spaceShape(faulty)).toEqual(spaceShape(clean));
    expect(await push(faulty)).toEqual([]);
  }, 120_000);

  it("without retries, stops at each fault with a line saying to rerun; the reruns end equal to a clean push, no orphan asset", async () => {
    const clean = await standIn();
    await push(clean);
    const faulty = await standIn({ faults: faultsAt(STEP_KINDS) });
    const failures = await pushUntilDone(faulty, 0);
    expect(failures.length).toBe(STEP_KINDS.length * 2);
    for (const line of failures) expect(line).toMatch(RERUN_LINE);
    expect(failures.filter((line) => line.includes("no answer")).length).toBeGreaterThan(0);
    expect(spaceShape(faulty)).toEqual(spaceShape(clean));
    expect(faulty.store.assets.length).toBe(desired.assets.length);
    const digest = storeDigest(faulty.store);
    expect(await push(faulty)).toEqual([]);
    expect(storeDigest(faulty.store)).toBe(digest);
  }, 180_000);
});
