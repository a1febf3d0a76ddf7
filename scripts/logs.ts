// `npm run logs`: see tools/deploy/logs.ts.
import { main } from "../tools/deploy/logs.ts";

process.exitCode = await main(process.argv.slice(2));
