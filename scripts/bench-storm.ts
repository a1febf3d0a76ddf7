// `npm run bench:storm`: cached pages during a storm of unknown URLs (tools/perf/).
import { main } from "../tools/perf/bench-storm.ts";

process.exitCode = await main();
