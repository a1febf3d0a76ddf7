// `npm run lighthouse [-- /path ...]`: Lighthouse on a freshly started site (tools/perf/).
import { main } from "../tools/perf/lighthouse.ts";

process.exitCode = await main(process.argv.slice(2));
