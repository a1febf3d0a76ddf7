/**
 * `npm run hubspot:local`: the HubSpot stand-in on this machine, in memory, on port 8790
 * (HUBSPOT_LOCAL_PORT for another): a fixed port, so the .dev.vars lines it prints are pasted once
 * and stay right at every start. It prints every request it receives, checked against HubSpot's
 * published shapes; GET <its url>/_stand-in/received shows everything it holds. Runs until stopped.
 */
import { LOCAL_HUBSPOT } from "./local-settings.ts";

export const DEFAULT_PORT = 8790;
import { receivedLine, startHubSpotStandIn } from "./server.ts";

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const standIn = await startHubSpotStandIn({
    ...LOCAL_HUBSPOT,
    port: Number(env.HUBSPOT_LOCAL_PORT || DEFAULT_PORT),
    onReceived: (received) => console.log(receivedLine(received)),
  });
  const settings = [
    `HUBSPOT_API_ORIGIN=${standIn.url}`,
    `HUBSPOT_PORTAL_ID=${LOCAL_HUBSPOT.portalId}`,
    `HUBSPOT_FORM_GUID=${LOCAL_HUBSPOT.formGuid}`,
    `HUBSPOT_TOKEN=${LOCAL_HUBSPOT.token}`,
    `HUBSPOT_SUBSCRIPTION_TYPE_ID=${LOCAL_HUBSPOT.subscriptionTypeId}`,
  ];
  console.log(`HubSpot stand-in at ${standIn.url} (Ctrl-C stops it). For npm start, in .dev.vars:`);
  console.log(settings.map((line) => `  ${line}`).join("\n"));
  await new Promise<void>((resolve) => {
    const stop = () => void standIn.close().then(resolve);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}
