// `npm run bench:publish`: N clients on real pages through a publish (tools/perf/publish-load.ts).
import { main } from "../tools/perf/publish-load.ts";

process.exitCode = await main();
