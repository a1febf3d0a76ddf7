// `npm run vitals -- [--since 7d] [--json] [--persist-to DIR | --remote]`: field measurements (tools/vitals/).
import { main } from "../tools/vitals/vitals.ts";

process.exitCode = await main(process.argv.slice(2));
