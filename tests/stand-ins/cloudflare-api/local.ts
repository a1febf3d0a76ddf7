// A Cloudflare API stand-in on this machine, so `wrangler deploy` (and `npm run deploy`) can be tried
// without an account: on 127.0.0.1:8792 (CLOUDFLARE_LOCAL_PORT for another port), in memory, or
// kept in the JSON file CLOUDFLARE_LOCAL_STATE names (D1 databases beside it), so a second
// stand-in started on the same file carries on where the first stopped.
//
//   npm run cloudflare:local      prints the environment to paste; then, in another shell:
//   CLOUDFLARE_API_BASE_URL=... CLOUDFLARE_API_TOKEN=... CLOUDFLARE_ACCOUNT_ID=... npm run deploy -- ...
// The stand-in serves no Worker: the deploy's smoke check of each version goes to the site that
// `npm start` serves (`--smoke-connect-to`), presenting the version's own workers.dev host.
import { startCloudflareStandIn } from "./server.ts";

export const DEFAULT_PORT = 8792;

/** `npm run cloudflare:local`: serves until SIGINT or SIGTERM, then closes. */
export async function main(): Promise<number> {
  const port = Number(process.env.CLOUDFLARE_LOCAL_PORT || DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error("CLOUDFLARE_LOCAL_PORT must be a port number");
  const standIn = await startCloudflareStandIn({ port, stateFile: process.env.CLOUDFLARE_LOCAL_STATE || undefined });
  console.log(`Cloudflare API stand-in at ${standIn.url} (state: ${process.env.CLOUDFLARE_LOCAL_STATE || "in memory"}; Ctrl-C stops it)`);
  const env = `CLOUDFLARE_API_BASE_URL=${standIn.url} CLOUDFLARE_API_TOKEN=${standIn.token} CLOUDFLARE_ACCOUNT_ID=${standIn.accountId}`;
  console.log(`  ${env}`);
  console.log("A deploy into it, each version checked against `npm start`'s site (a secrets file: README, Deploy):");
  console.log(`  ${env} npm run deploy -- --secrets-file secrets.env --smoke-connect-to http://127.0.0.1:8787`);
  await new Promise((stopped) => {
    process.once("SIGINT", stopped);
    process.once("SIGTERM", stopped);
  });
  await standIn.close();
  return 0;
}
