// `npm run hubspot:local`: the HubSpot stand-in on this machine, for `npm start` with a signup.
import { main } from "../tests/stand-ins/hubspot/local.ts";

process.exitCode = await main();
