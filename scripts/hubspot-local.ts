// A HubSpot stand-in on this machine (tests/stand-ins/hubspot/): in memory, on a free port
// (HUBSPOT_LOCAL_PORT for a fixed one). It prints every request it receives, checked against
// HubSpot's published shapes; GET <its url>/_stand-in/received shows everything it holds.
//
//   npm run hubspot:local      prints the settings to put in .dev.vars; then `npm start`
import { startHubSpotStandIn, receivedLine } from "../tests/stand-ins/hubspot/server.ts";
import { LOCAL_HUBSPOT } from "../tests/stand-ins/hubspot/local-settings.ts";

const standIn = await startHubSpotStandIn({
  ...LOCAL_HUBSPOT,
  port: Number(process.env.HUBSPOT_LOCAL_PORT || 0),
  onReceived: (r) => console.log(receivedLine(r)),
});
console.log(`HubSpot stand-in at ${standIn.url} (Ctrl-C stops it). For npm start, in .dev.vars:`);
console.log(
  `  HUBSPOT_API_ORIGIN=${standIn.url}\n  HUBSPOT_PORTAL_ID=${LOCAL_HUBSPOT.portalId}\n  HUBSPOT_FORM_GUID=${LOCAL_HUBSPOT.formGuid}\n  HUBSPOT_TOKEN=${LOCAL_HUBSPOT.token}\n  HUBSPOT_SUBSCRIPTION_TYPE_ID=${LOCAL_HUBSPOT.subscriptionTypeId}`,
);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
