// `npm run smoke -- --base <origin> [--connect-to <origin>]`: checks a live site from outside (tools/smoke/).
import { main } from "../tools/smoke/smoke.ts";

process.exitCode = await main(process.argv.slice(2));
