// `npm run deploy`: see tools/deploy/deploy.ts.
import { main } from "../tools/deploy/deploy.ts";

process.exitCode = await main(process.argv.slice(2));
