// `npm run profile [-- /path ...]`: a CPU profile of the Worker for each page (tools/perf/).
import { main } from "../tools/perf/profile.ts";

process.exitCode = await main(process.argv.slice(2));
