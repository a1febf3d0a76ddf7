/** What every step of the push shares: the API, dry run or not, and the list of changes. */
import { isDeepStrictEqual } from "node:util";
import type { ReadAsset } from "./asset-source.ts";
import type { Mapi } from "./mapi.ts";

export type Json = Record<string, unknown>;

export interface PushContext {
  mapi: Mapi;
  dryRun: boolean;
  readAsset: ReadAsset;
  log: (line: string) => void;
  /** Every change made (or, in a dry run, that would be made), in order. */
  changes: string[];
}

/** Records a change and, unless this is a dry run, makes it. */
export async function change<T>(ctx: PushContext, description: string, apply: () => Promise<T>): Promise<T | undefined> {
  ctx.changes.push(description);
  ctx.log(`${ctx.dryRun ? "would " : ""}${description}`);
  return ctx.dryRun ? undefined : apply();
}

/** The keys of `desired` whose values differ in `existing` (missing counts as different). */
export function differingKeys(desired: Json, existing: Json): string[] {
  return Object.keys(desired).filter((key) => !isDeepStrictEqual(normalize(desired[key]), normalize(existing[key])));
}

/** JSON round trip: drops undefined, so `{a: undefined}` equals `{}`. */
const normalize = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** An id for something a dry run would create: never sent anywhere. */
export const plannedId = (what: string) => `(new ${what})`;
