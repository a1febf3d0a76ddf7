// `npm run bench:pair -- <checkout A> <checkout B> [path ...]`: two builds side by side over HTTP (tools/perf/).
import { main } from "../tools/perf/bench-pair.ts";

process.exitCode = await main(process.argv.slice(2));
