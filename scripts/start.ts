// `npm start [-- --https]`: builds, then serves the site with wrangler dev (tools/local/).
import { main } from "../tools/local/start.ts";

process.exitCode = await main(process.argv.slice(2));
