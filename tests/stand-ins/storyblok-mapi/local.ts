// A Storyblok Management API stand-in on this machine, so `npm run space:push` can be tried without
// an account: in memory, on a free port (MAPI_LOCAL_PORT for a fixed one), for the space id in
// STORYBLOK_SPACE_ID (default: the embedded snapshot's). It accepts any non-empty personal access
// token, or only MAPI_LOCAL_TOKEN when set, and at most MAPI_LOCAL_RATE requests per second (3).
//
//   npm run mapi:local      prints its base URL; then, in another shell:
//   STORYBLOK_MANAGEMENT_URL=<its url> STORYBLOK_SPACE_ID=<its space id> STORYBLOK_PERSONAL_ACCESS_TOKEN=local npm run space:push
import { readFileSync } from "node:fs";
import { startMapiStandIn } from "./server.ts";

/** The embedded snapshot's space (content/space.json), which the stand-in plays unless told another. */
const snapshotSpaceId = () =>
  (JSON.parse(readFileSync(new URL("../../../content/space.json", import.meta.url), "utf8")) as { space: { id: number } }).space.id;

/** `npm run mapi:local`: serves until SIGINT or SIGTERM, then closes. */
export async function main(): Promise<number> {
  const spaceId = Number(process.env.STORYBLOK_SPACE_ID || snapshotSpaceId());
  const requestsPerSecond = Number(process.env.MAPI_LOCAL_RATE || 3);
  if (!Number.isInteger(spaceId) || spaceId <= 0) throw new Error("STORYBLOK_SPACE_ID must be a positive integer");
  if (!(requestsPerSecond > 0)) throw new Error("MAPI_LOCAL_RATE must be a positive number");

  const standIn = await startMapiStandIn({
    spaceId,
    token: process.env.MAPI_LOCAL_TOKEN || undefined,
    requestsPerSecond,
    port: Number(process.env.MAPI_LOCAL_PORT || 0),
  });
  // the line to paste: no placeholder a shell would read as a redirect
  console.log(`Management API stand-in for space ${spaceId} at ${standIn.url} (${requestsPerSecond} requests/s; Ctrl-C stops it)`);
  console.log(
    `  STORYBLOK_MANAGEMENT_URL=${standIn.url} STORYBLOK_SPACE_ID=${spaceId} STORYBLOK_PERSONAL_ACCESS_TOKEN=${process.env.MAPI_LOCAL_TOKEN ? "$MAPI_LOCAL_TOKEN" : "local"} npm run space:push`,
  );
  await new Promise((stopped) => {
    process.once("SIGINT", stopped);
    process.once("SIGTERM", stopped);
  });
  await standIn.close();
  return 0;
}
