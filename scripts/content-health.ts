// `npm run content:health [-- --json | --remote | --base <origin>]`: the content rules over content/ or a site's reports (tools/health/).
import { main } from "../tools/health/content-health.ts";

process.exitCode = await main(process.argv.slice(2));
