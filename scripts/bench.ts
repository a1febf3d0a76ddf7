// `npm run bench`: CPU per request in the Worker, HTTP against the floor, the cold start (tools/perf/).
import { main } from "../tools/perf/bench.ts";

process.exitCode = await main();
