// `npm run profile:native [-- /path]`: a page's CPU by process and part of the runtime, with Linux perf (tools/perf/).
import { main } from "../tools/perf/profile-native.ts";

process.exitCode = await main(process.argv.slice(2));
