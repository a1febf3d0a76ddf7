// `npm run build`: everything the Worker serves; a failure stops a deploy (tools/build/).
import { main } from "../tools/build/build.ts";

process.exitCode = await main();
