// `npm run page-outputs -- <folder>`: every page as the built Worker sends it, to compare two versions (tools/local/).
import { main } from "../tools/local/page-outputs.ts";

process.exitCode = await main(process.argv.slice(2));
