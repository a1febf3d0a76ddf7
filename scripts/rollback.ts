// `npm run rollback`: see tools/deploy/rollback.ts.
import { main } from "../tools/deploy/rollback.ts";

process.exitCode = await main(process.argv.slice(2));
