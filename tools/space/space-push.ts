// Sets up a Storyblok space from the content model (content-model/) and the demo content
// (content/): component groups, components, languages, story folders, the redirects datasource,
// assets and stories, published as in the snapshot. Idempotent; `--dry-run` only lists changes.
//
//   STORYBLOK_PERSONAL_ACCESS_TOKEN=... STORYBLOK_SPACE_ID=... npm run space:push [-- --dry-run]
//
// STORYBLOK_MANAGEMENT_URL overrides the Management API's base URL (e.g. `npm run mapi:local`'s);
// by default it is the region's, from STORYBLOK_REGION or the space id. STORYBLOK_MAPI_RATE sets
// the requests per second (default 3, Storyblok's limit on most plans).
import { join } from "node:path";
import { schema, storyFolders } from "../../content-model/index.ts";
import { buildSnapshot } from "../build/build-snapshot.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { embeddedAssetReader } from "./push/asset-source.ts";
import { desiredSpace } from "./push/desired.ts";
import { createMapi } from "./push/mapi.ts";
import { pushSpace } from "./push/push.ts";

const USAGE = "usage: STORYBLOK_PERSONAL_ACCESS_TOKEN=... STORYBLOK_SPACE_ID=... npm run space:push [-- --dry-run]";

function settings(args: string[]) {
  const unknown = args.filter((arg) => arg !== "--dry-run");
  if (unknown.length) throw new Error(`unknown argument ${unknown.join(" ")}\n${USAGE}`);
  const token = process.env.STORYBLOK_PERSONAL_ACCESS_TOKEN ?? "";
  const spaceId = Number(process.env.STORYBLOK_SPACE_ID);
  if (!token) throw new Error(`STORYBLOK_PERSONAL_ACCESS_TOKEN is not set\n${USAGE}`);
  if (!Number.isInteger(spaceId) || spaceId <= 0) throw new Error(`STORYBLOK_SPACE_ID must be the space's numeric id\n${USAGE}`);
  return {
    dryRun: args.includes("--dry-run"),
    mapi: {
      token,
      spaceId,
      baseUrl: process.env.STORYBLOK_MANAGEMENT_URL || undefined,
      region: process.env.STORYBLOK_REGION || undefined,
      requestsPerSecond: Number(process.env.STORYBLOK_MAPI_RATE || 3),
    },
  };
}

/** `npm run space:push [-- --dry-run]`. */
export async function main(argv: string[]): Promise<number> {
  try {
    const { dryRun, mapi } = settings(argv);
    const desired = desiredSpace(buildSnapshot(join(REPO_ROOT, "content")), schema, storyFolders);
    console.log(
      `${dryRun ? "Plan for" : "Pushing to"} space ${mapi.spaceId}: ${desired.components.length} components, ${desired.folders.length} folders, ${desired.datasources.length} datasource, ${desired.assets.length} assets, ${desired.stories.length} stories`,
    );
    const ctx = {
      mapi: createMapi(mapi),
      dryRun,
      readAsset: embeddedAssetReader(join(REPO_ROOT, "public")),
      log: (line: string) => console.log(`  ${line}`),
      changes: [],
    };
    const { changes, byHand } = await pushSpace(ctx, desired);
    console.log(
      changes.length
        ? `${changes.length} ${dryRun ? "changes planned (dry run: nothing written)" : "changes made"}`
        : "Nothing to do: the space already matches the model and content.",
    );
    console.log("Left to do by hand in Storyblok:");
    for (const step of byHand) console.log(`- ${step}`);
    return 0;
  } catch (error) {
    console.error(`space:push failed: ${(error as Error).message}`);
    return 1;
  }
}
