/**
 * Sets up a Storyblok space from the content model and content/, in order: languages, component
 * groups, components, story folders, datasources, assets, stories. Each step compares what the
 * space holds with what it should (matched by name, slug or file name) and changes only what
 * differs, so a second run changes nothing. A dry run reads the space and lists the changes.
 */
import { byHandSteps } from "./by-hand.ts";
import type { PushContext } from "./context.ts";
import type { DesiredSpace } from "./desired.ts";
import { pushAssets, pushDatasources, pushFolders } from "./steps-content.ts";
import { pushComponents, pushGroups, pushLanguages } from "./steps-model.ts";
import { pushStories } from "./steps-stories.ts";

export interface PushResult {
  changes: string[];
  /** What is left to do by hand in Storyblok, with the values to enter. */
  byHand: string[];
}

export async function pushSpace(ctx: PushContext, desired: DesiredSpace): Promise<PushResult> {
  await pushLanguages(ctx, desired.languages);
  const groups = await pushGroups(ctx, desired.groups);
  await pushComponents(ctx, desired.components, groups);
  const folders = await pushFolders(ctx, desired.folders);
  await pushDatasources(ctx, desired.datasources);
  const assets = await pushAssets(ctx, desired.assets);
  await pushStories(ctx, desired.stories, folders, assets);
  return { changes: ctx.changes, byHand: byHandSteps(desired.languages) };
}
