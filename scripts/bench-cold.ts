// `npm run bench:cold`: the Worker bundle and a fresh isolate's first request (tools/perf/).
import { main } from "../tools/perf/bench-cold.ts";

process.exitCode = await main();
